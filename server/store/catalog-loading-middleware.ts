/**
 * Loads a lazily opened catalog (see `CatalogStore.loaded`) before the first request that may need its products:
 * every request but those that answer without them (`answersWithoutProducts`: the facet filter, which reads a
 * page's products by id). Requests that arrive while it loads wait for the same load.
 */
import type { Context, Middleware } from 'koa';
import type { Store } from './store.js';

export function catalogLoadingMiddleware(store: Store, answersWithoutProducts: (ctx: Context) => boolean): Middleware {
  return async (ctx, next) => {
    if (!store.catalog.loaded && !answersWithoutProducts(ctx)) await store.catalog.load();
    await next();
  };
}
