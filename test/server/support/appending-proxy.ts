/**
 * A reverse proxy as nginx's `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` is: it passes every request
 * on, appending the address it saw to whatever `X-Forwarded-For` the client sent. Tests of the client's address go
 * through it, since what they guard against is a client writing its own entries to the left.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardRequest } from './forward-request.js';

export interface AppendingProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * @param options.localAddress the address the proxy connects from (another loopback address, to tell it from its
 * clients)
 */
export async function startAppendingProxy(
  upstreamUrl: string,
  options: { localAddress?: string } = {},
): Promise<AppendingProxy> {
  const upstream = new URL(upstreamUrl);
  const server = http.createServer((request, response) => {
    const sent = request.headers['x-forwarded-for'];
    const seen = request.socket.remoteAddress ?? '';
    const forwardedFor = sent ? `${Array.isArray(sent) ? sent.join(', ') : sent}, ${seen}` : seen;
    forwardRequest(request, response, upstream, { 'x-forwarded-for': forwardedFor }, options.localAddress);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
