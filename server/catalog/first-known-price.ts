/**
 * An item's price history starts with the price it had when it was created, imported or first seen, so that its
 * first change is compared with that price: a product sold at 72,99 zł, raised to 79,99 zł and put
 * on sale at 59,99 zł a moment later was sold at 72,99 zł before the promotion, and the Omnibus line must say so.
 *
 * Items created through the API or an import record their first price then (price-history.ts sees them as new).
 * Items that reached the catalog without a record (a catalog generated or copied in, one stored before histories
 * existed) get theirs when they first change: the price they had, dated when the product was created.
 */
import type { PriceChange, Store } from '../store/store.js';
import type { Product } from './model.js';
import { pricedItems } from './price-history.js';
import { priceHistoriesOf } from './price-history-cache.js';

/** When an item was first seen: its product's creation, or just before the change when that is unknown or later. */
function firstSeen(product: Product, change: PriceChange): string {
  const created = Date.parse(product.created_at);
  const changed = Date.parse(change.time);
  return Number.isFinite(created) && created < changed
    ? new Date(created).toISOString()
    : new Date(changed - 1).toISOString();
}

/**
 * The first known price of each changed item that existed in `before`: its prices as they stood, dated when its
 * product was created. Whether it is needed (the item has no history yet) is for {@link firstKnownPrices} to say.
 * Pure, so that an import checked off the serving thread computes it there.
 */
export function firstPriceCandidates(before: readonly Product[], changes: readonly PriceChange[]): PriceChange[] {
  if (changes.length === 0) return [];
  const previous = pricedItems(before);
  return changes.flatMap((change) => {
    const entry = previous.get(change.item_id);
    if (!entry) return [];
    const { item, product } = entry;
    return [
      {
        item_id: change.item_id,
        product_id: product.id,
        time: firstSeen(product, change),
        regular_price: item.regular_price,
        sale_price: item.sale_price,
        date_on_sale_from: item.date_on_sale_from ?? null,
        date_on_sale_to: item.date_on_sale_to ?? null,
      },
    ];
  });
}

/**
 * The candidates whose items have no history yet: the records to put before their changes. One history read.
 * @example await recordPriceChanges(store, [...await firstKnownPrices(store, firstPriceCandidates(before, changes)),
 * ...changes])
 */
export async function firstKnownPrices(store: Store, candidates: readonly PriceChange[]): Promise<PriceChange[]> {
  if (candidates.length === 0) return [];
  const histories = await priceHistoriesOf(
    store,
    candidates.map((candidate) => candidate.item_id),
  );
  return candidates.filter((candidate) => (histories.get(candidate.item_id)?.length ?? 0) === 0);
}
