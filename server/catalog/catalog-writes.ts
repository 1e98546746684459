/**
 * The one way services change some products (the products API, a merge import, stock taken by an order): the edit is
 * stored through the store's catalog change, and every price it changed enters the price history, after the item's
 * first known price when the history had none (first-known-price.ts).
 */
import type { CatalogChangeOutcome, CatalogEdit, Store } from '../store/store.js';
import { productById } from '../store/catalog-lookup.js';
import type { CatalogData, Product } from './model.js';
import { firstKnownPrices, firstPriceCandidates } from './first-known-price.js';
import { priceChanges } from './price-history.js';
import { recordPriceChanges } from './price-history-cache.js';

export interface ProductChangeResult<T> {
  result: T;
  /** The edit that was stored, or null when the change stored nothing. */
  edit: CatalogEdit | null;
  /** Items (simple products, variations) whose prices changed and were recorded. */
  recordedPrices: number;
}

/**
 * @example await changeProducts(store, (catalog) => ({ edit: { upsert: [{ ...product, sale_price: 9 }], remove: [] },
 * result: null }))
 */
export async function changeProducts<T>(
  store: Store,
  change: (catalog: CatalogData) => CatalogChangeOutcome<T>,
  time: () => string = () => new Date().toISOString(),
): Promise<ProductChangeResult<T>> {
  let stored: { edit: CatalogEdit | null; before: Product[] } = { edit: null, before: [] };
  const result = await store.catalog.change((catalog) => {
    const outcome = change(catalog);
    const before = (outcome.edit?.upsert ?? []).flatMap((product) => productById(catalog.products, product.id) ?? []);
    stored = { edit: outcome.edit, before };
    return outcome;
  });
  const changes = stored.edit ? priceChanges(stored.before, stored.edit.upsert, time()) : [];
  await recordPriceChanges(store, [
    ...(await firstKnownPrices(store, firstPriceCandidates(stored.before, changes))),
    ...changes,
  ]);
  return { result, edit: stored.edit, recordedPrices: changes.length };
}
