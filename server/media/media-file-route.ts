/**
 * `/media/uploads/<id>/<filename>`: an uploaded image, with the type sniffed at upload, `nosniff` (set for every
 * response), and a policy that makes the file inert even if opened directly: no scripts, no plugins, sandboxed.
 * The address names the item's id, whose bytes never change, so browsers and proxies may keep it for a year.
 */
import type { Middleware } from 'koa';
import type { Store } from '../store/store.js';

export function mediaFileMiddleware(store: Store): Middleware {
  return async (ctx, next) => {
    const id = Number(ctx.params.id);
    const found = Number.isSafeInteger(id) && id > 0 ? await store.media.read(id) : null;
    if (!found || found.item.filename !== ctx.params.name) return next();
    ctx.status = 200;
    ctx.type = found.item.mime_type;
    ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
    ctx.set('Content-Disposition', `inline; filename="${found.item.filename}"`);
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = found.bytes;
  };
}
