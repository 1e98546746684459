/**
 * `GET /assets/*`: the built client bundle. Hashed names make the files safe to cache for a year; koa-static sends
 * the `.br` or `.gz` file written beside each one at build time when the client accepts it. Source maps are never
 * served, even from a stale development build: they would publish the sources.
 */
import type { Middleware } from 'koa';
import serveStatic from 'koa-static';
import { CLIENT_DIST_DIR } from '../paths.js';

export function clientAssetsMiddleware(distDir = CLIENT_DIST_DIR): Middleware {
  const serve = serveStatic(distDir, {
    index: false,
    maxage: 365 * 86_400_000,
    immutable: true,
    brotli: true,
    gzip: true,
  });
  return (ctx, next) => {
    if (ctx.path.endsWith('.map')) return next();
    ctx.vary('Accept-Encoding');
    return serve(ctx, next);
  };
}
