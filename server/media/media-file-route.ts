/**
 * `/media/uploads/<id>/<filename>`: an uploaded image, with the type sniffed at upload, `nosniff` (set for every
 * response), and a policy that makes the file inert even if opened directly: no scripts, no plugins, sandboxed.
 * `/media/uploads/<id>/<width>w/<name>.webp`: its resized copy (media-variants.ts). The address names the item's id,
 * whose bytes never change, so browsers and proxies may keep either for a year.
 */
import type { Context, Middleware } from 'koa';
import { VARIANT_WIDTHS, variantUrl } from '../store/media-addresses.js';
import type { MediaType } from '../store/media-types.js';
import type { MediaItem } from '../store/media.js';
import type { Store } from '../store/store.js';
import type { MediaVariants } from './media-variants.js';

function serve(ctx: Context, _item: MediaItem, bytes: Buffer, type: MediaType, filename: string): void {
  ctx.status = 200;
  ctx.type = type;
  ctx.set('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
  ctx.set('Content-Disposition', `inline; filename="${filename}"`);
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.body = bytes;
}

const itemId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};

export function mediaFileMiddleware(store: Store): Middleware {
  return async (ctx, next) => {
    const id = itemId(ctx.params.id);
    const found = id ? await store.media.read(id) : null;
    if (!found || found.item.filename !== ctx.params.name) return next();
    serve(ctx, found.item, found.bytes, found.item.mime_type, found.item.filename);
  };
}

export function mediaVariantMiddleware(variants: MediaVariants): Middleware {
  return async (ctx, next) => {
    const id = itemId(ctx.params.id);
    const width = Number(/^(\d+)w$/.exec(ctx.params.size ?? '')?.[1]);
    if (!id || !(VARIANT_WIDTHS as readonly number[]).includes(width)) return next();
    const served = await variants.variant(id, width);
    // The name must be the one the pages link to, as for the original.
    if (!served || !variantUrl(served.item, width).endsWith(`/${encodeURIComponent(ctx.params.name ?? '')}`))
      return next();
    serve(ctx, served.item, served.bytes, served.type, ctx.params.name!);
  };
}
