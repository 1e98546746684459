/** Re-reads the shared data files when another process (a `vitrine` command) changed them since the last request. */
import type { Middleware } from 'koa';
import type { Store } from './open-store.js';

export function freshStoreMiddleware(store: Store): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/assets/')) await Promise.all([store.site.refreshIfChanged(), store.stats.refreshIfChanged()]);
    await next();
  };
}
