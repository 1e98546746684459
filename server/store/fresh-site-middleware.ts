/**
 * Brings the site state up to date before each request: a few synchronous `stat`s of the data files (see
 * json-document.ts), or one small query on PostgreSQL.
 */
import type { Middleware } from 'koa';
import type { Store } from './store.js';

export function freshSiteMiddleware(store: Store): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/assets/')) await store.refresh();
    await next();
  };
}
