/**
 * Brotli or gzip for every compressible answer (HTML, JSON, CSS, JavaScript, SVG) over 1 KB, by the client's
 * Accept-Encoding, with `Vary: Accept-Encoding`. Static assets that were precompressed at build time carry their
 * Content-Encoding already and pass through untouched.
 */
import { constants } from 'node:zlib';
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

function compressWith(): Middleware {
  return compress({
    threshold: 1024,
    // Quality 5: measured on /shop, most of brotli's gain over gzip for a fraction of quality 11's time per request.
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    gzip: { level: 6 },
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
