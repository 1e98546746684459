/**
 * Pages that a browser and a CDN may keep: a route that opts in gets, for an anonymous visitor's
 * GET of an HTML page, a strong ETag of the page, `Cache-Control: public, max-age=…, stale-while-revalidate=…`, and
 * 304 when the visitor's copy is still the page.
 *
 * What it never keeps for others (the answer is `private, no-cache` instead, or left alone; a page made for one
 * visitor still gets an ETag of its own, so that their browser can revalidate its copy):
 * - a signed-in visitor's page (`ctx.state.session`): it names them, and carries their REST nonce;
 * - a page made for one visitor: one that holds a form with their CSRF token (add to cart, on product cards and
 *   product pages; see {@link markPerVisitor}), or that sets a cookie. A token in a shared copy would be another
 *   visitor's, and their forms would fail; a token-free form would drop the CSRF check that every form has. So
 *   such pages stay per visitor, and what the widget fetches while a shopper filters (GET /facet/v1/filter) is
 *   what is shared: its forms' tokens are filled in by the element from its own page.
 * Only routes that opt in are considered: the cart, checkout, account and order pages never are, tokens or not.
 */
import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { matchesEtag } from './etag.js';

/** As for GET /facet/v1/filter: a change shows within a minute behind any cache. */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
const PRIVATE = 'private, no-cache';

/** Notes that the response carries something made for this visitor only (a CSRF token in a form). */
export function markPerVisitor(ctx: Context): void {
  ctx.state.perVisitor = true;
}

export function publicPageCacheMiddleware(): Middleware {
  return async (ctx, next) => {
    await next();
    const page = ctx.body;
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.status !== 200 ||
      !(typeof page === 'string' || Buffer.isBuffer(page)) ||
      !ctx.response.is('html')
    )
      return;
    // A route's own rule stands, but for the page chrome's default for anonymous pages (`no-cache`), decided here.
    const given = ctx.response.get('Cache-Control');
    if (given && given !== 'no-cache') return;
    if (ctx.state.session) {
      ctx.set('Cache-Control', PRIVATE);
      return;
    }
    if (ctx.state.perVisitor || ctx.response.get('Set-Cookie')) {
      // Theirs alone, but their browser may still ask whether its copy is current: going back to the shop from a
      // product, a shopper on a phone gets a 304 instead of the listing again. The tag is of the page as they got it,
      // their token in it, so it matches no one else's copy.
      ctx.set('Cache-Control', PRIVATE);
      answerByEtag(ctx, page);
      return;
    }
    ctx.set('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
    // A visitor with cookies (a cart, a session) may get another page (the header's cart count): not this copy.
    ctx.vary('Cookie');
    answerByEtag(ctx, page);
  };
}

/** Tags the page with a strong ETag of its bytes, and answers 304 to a request whose copy has that tag. */
function answerByEtag(ctx: Context, page: string | Buffer): void {
  const etag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 32)}"`;
  ctx.set('ETag', etag);
  if (matchesEtag(ctx.get('If-None-Match'), etag)) {
    ctx.status = 304;
    ctx.body = null;
  }
}
