/**
 * Brotli or gzip for every compressible answer (HTML, JSON, CSS, JavaScript, SVG) over 1 KB, by the client's
 * Accept-Encoding, with `Vary: Accept-Encoding`. Static assets that were precompressed at build time carry their
 * Content-Encoding already and pass through untouched.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

export function compressionMiddleware(): Middleware {
  const compressing = compressWith();
  return async (ctx, next) => {
    // A strong ETag names one representation, so a compressed answer's tag carries its coding (`"…-br"`), as Apache
    // does. What is inside compares uncompressed tags: it sees the visitor's tags without the coding.
    const asked = ctx.get('If-None-Match');
    const askedCoding = /-(br|gzip)"/.exec(asked)?.[1];
    if (asked) ctx.request.headers['if-none-match'] = asked.replace(/-(?:br|gzip)"/g, '"');
    await compressing(ctx, next);
    const etag = ctx.response.get('ETag');
    const coding = ctx.response.get('Content-Encoding') || (ctx.status === 304 ? askedCoding : undefined);
    if (etag && coding && !etag.startsWith('W/') && !etag.endsWith(`-${coding}"`))
      ctx.set('ETag', etag.replace(/"$/, `-${coding}"`));
  };
}

/** Quality 5: measured on /shop, most of brotli's gain over gzip for a fraction of quality 11's time per request. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

function compressWith(): Middleware {
  return compress({
    threshold: 1024,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    gzip: { level: GZIP_LEVEL },
    deflate: false,
    // Not offered: Node 20's zlib has no zstd, and the two above are what browsers send.
    zstd: false,
  } as compress.CompressOptions);
}

/**
 * The coding an answer compressed ahead of time should be sent in, by Accept-Encoding: brotli, else gzip, else none
 * (a coding refused with `q=0` is not taken). As compressWith prefers them.
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '')).split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (name) offered.set(name, quality === undefined ? 1 : Number(quality));
  }
  const accepts = (coding: string) => (offered.get(coding) ?? offered.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/**
 * Bytes in a coding, compressed ahead of the middleware (which passes an answer with a Content-Encoding through).
 * `fast`: for an answer compressed while its request waits, made for one request or for the first of many. On a
 * 50 KB `/filter` answer of HTML in JSON, gzip level 1 and brotli quality 1 took about a third of the CPU of the
 * middleware's levels for answers about a seventh larger (4.8 KB against 4.2 KB gzipped). `small`: the middleware's
 * levels, for a copy kept and sent many times.
 */
export function compressed(bytes: Buffer, coding: 'br' | 'gzip', effort: 'fast' | 'small'): Buffer {
  if (coding === 'gzip') return gzipSync(bytes, { level: effort === 'fast' ? 1 : GZIP_LEVEL });
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'fast' ? 1 : BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}
