/**
 * A supplier's image server for the tests, on 127.0.0.1: real PNG and JPEG bytes made with sharp, and the ways a
 * manager's URL goes wrong (a 404, a server that never answers, a body over the size limit, HTML posing as a .jpg,
 * redirects, a loop). It counts the requests of each path, so that tests can see a retry and a deduplicated fetch.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface ImageServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  url(path: string): string;
  /** Requests received for `path` (its query included). */
  hits(path: string): number;
  /** The bytes served at `/red.png` and `/blue.jpg`. */
  png: Buffer;
  jpeg: Buffer;
  close(): Promise<void>;
}

/** A solid picture, big enough that every variant width is a real resize. */
export function pictureBytes(format: 'png' | 'jpeg', colour: string, width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}

export async function startImageServer(options: { oversizedBytes?: number } = {}): Promise<ImageServer> {
  const png = await pictureBytes('png', '#c0392b');
  const jpeg = await pictureBytes('jpeg', '#2c6fbb');
  const counts = new Map<string, number>();
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const route = path.replace(/\?.*$/, '');
    if (route === '/red.png' || route === '/red-again.png')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (route === '/blue.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    if (route === '/page.jpg')
      return response
        .writeHead(200, { 'content-type': 'image/jpeg' })
        .end('<!doctype html><html><body>Not found</body></html>');
    if (route === '/oversized.jpg') {
      // Chunked, with no length announced: the limit must be enforced on the bytes as they come.
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(jpeg.subarray(0, 4));
      const chunk = Buffer.alloc(256 * 1024);
      let left = options.oversizedBytes ?? 9 * 1024 * 1024;
      const more = () => {
        while (left > 0) {
          left -= chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      return more();
    }
    if (route === '/slow.jpg') {
      stalled.add(response);
      return response.writeHead(200, { 'content-type': 'image/jpeg' }).write(jpeg.subarray(0, 4));
    }
    if (route === '/moved.png') return response.writeHead(302, { location: '/red.png' }).end();
    if (route === '/loop-a.png') return response.writeHead(302, { location: '/loop-b.png' }).end();
    if (route === '/loop-b.png') return response.writeHead(302, { location: '/loop-a.png' }).end();
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    hits: (path) => counts.get(path) ?? 0,
    png,
    jpeg,
    async close() {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
