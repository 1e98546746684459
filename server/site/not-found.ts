/** The shop's 404 page, for any route that finds nothing to show, and the last middleware that answers with it. */
import type { Middleware, Context } from 'koa';
import { respondWithPage, type PageDependencies } from './page-chrome.js';

export async function respondNotFound(ctx: Context, deps: PageDependencies): Promise<void> {
  await respondWithPage(
    ctx,
    deps,
    {
      title: 'Page not found',
      bodyHtml:
        '<p>We could not find the page you asked for. It may have moved, or the address may be mistyped.</p>' +
        '<p><a href="/">Go to the home page</a> or <a href="/shop">browse the shop</a>.</p>',
    },
    404,
  );
}

/** The last middleware: whatever nobody answered is a real 404 page. */
export function notFoundMiddleware(deps: PageDependencies): Middleware {
  return (ctx) => respondNotFound(ctx, deps);
}
