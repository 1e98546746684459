/**
 * `/media/placeholder.svg`: what a product without a picture shows, a quiet frame with a drawn picture, served by
 * the shop itself (the Content-Security-Policy allows the shop's own images only). A static drawing with no script
 * or text, so it is safe as SVG and needs no translation; the page gives it its words (`alt`).
 */
import type { Middleware } from 'koa';

const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">' +
  '<rect width="480" height="480" fill="#eef0ee"/>' +
  '<g fill="none" stroke="#a3aba5" stroke-width="12" stroke-linejoin="round" stroke-linecap="round">' +
  '<rect x="140" y="160" width="200" height="160" rx="14"/>' +
  '<path d="M152 300l58-62 42 44 28-28 48 46"/>' +
  '<circle cx="290" cy="205" r="16"/>' +
  '</g></svg>';

export function placeholderImageMiddleware(): Middleware {
  return (ctx) => {
    ctx.type = 'image/svg+xml';
    // Not immutable: the address is fixed, and the drawing may change with a release.
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = PLACEHOLDER_SVG;
  };
}
