/**
 * Headers on every response: `nosniff`, and the `Link` to the REST root with WordPress's relation, by which
 * clients such as wpapi discover the API from any page.
 */
import type { Middleware } from 'koa';

export function standardHeadersMiddleware(apiRootUrl: string): Middleware {
  const link = `<${apiRootUrl}>; rel="https://api.w.org/"`;
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Link', link);
    await next();
  };
}
