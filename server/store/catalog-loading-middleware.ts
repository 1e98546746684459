/**
 * Loads a lazily opened catalog (see `CatalogStore.loaded`) before the first request that may need its products:
 * every request but those that answer without them (`answersWithoutProducts`: the facet filter, which reads a
 * page's products by id; a listing page, see {@link withCatalogOnDemand}). Requests that arrive while it loads wait
 * for the same load.
 */
import type { Context, Middleware } from 'koa';
import { CatalogNotLoadedError, type Store } from './store.js';

export function catalogLoadingMiddleware(store: Store, answersWithoutProducts: (ctx: Context) => boolean): Middleware {
  return async (ctx, next) => {
    if (!store.catalog.loaded && !answersWithoutProducts(ctx)) await store.catalog.load();
    await next();
  };
}

/**
 * Makes a page that usually needs no products (a listing: the widget reads its page's products by id), and, if it
 * did need them after all (a visitor's cart, an editor's warnings about a widget, an extension's block), loads the
 * catalog and makes it again. A million-product shop's listings then answer from its start, and the catalog (10 s
 * and about a gigabyte there) is loaded only for what needs it.
 *
 * @param make makes the whole page, and may be called twice: it must start from what the request gave
 */
export async function withCatalogOnDemand<T>(store: Store, make: () => Promise<T>): Promise<T> {
  if (store.catalog.loaded) return make();
  try {
    return await make();
  } catch (error) {
    if (!(error instanceof CatalogNotLoadedError)) throw error;
    await store.catalog.load();
    return make();
  }
}
