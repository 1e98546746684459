/**
 * The shop's icon: a small SVG (the accent colour, a "V") at `/favicon.svg`, linked from every page; `/favicon.ico`,
 * which browsers and crawlers ask for on their own, redirects to it instead of filling the log with 404 pages.
 */
import type { Middleware } from 'koa';

export const FAVICON_PATH = '/favicon.svg';

const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="14" fill="#2f5d50"/>' +
  '<path d="M16 16h9l7 22 7-22h9L37 48H27z" fill="#fff"/></svg>';

export function faviconMiddleware(): Middleware {
  return (ctx) => {
    if (ctx.path === '/favicon.ico') {
      ctx.status = 301;
      ctx.redirect(FAVICON_PATH);
      return;
    }
    ctx.type = 'image/svg+xml';
    // The icon changes with a redeploy at most: a day of caching spares a request per page.
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = FAVICON_SVG;
  };
}
