/**
 * What enters the price history: comparing a catalog before and after a change (an import, an API write), every item
 * whose regular price, sale price or sale dates differ, or that is new, gets a record of its new prices. Items are
 * simple products and variations; a variable product's own prices only summarise its variations'.
 */
import type { PriceChange } from '../store/store.js';
import type { PricedItem, Product } from './model.js';

export interface PricedEntry {
  item: PricedItem;
  /** The product the item is or belongs to. */
  product: Product;
}

/** Every priced item of the products, by item id. */
export function pricedItems(products: readonly Product[]): Map<number, PricedEntry> {
  const items = new Map<number, PricedEntry>();
  for (const product of products) {
    if (product.type === 'variable') {
      for (const variation of product.variations ?? []) items.set(variation.id, { item: variation, product });
    } else {
      items.set(product.id, { item: product, product });
    }
  }
  return items;
}

const samePrices = (a: PricedItem, b: PricedItem): boolean =>
  a.regular_price === b.regular_price &&
  a.sale_price === b.sale_price &&
  (a.date_on_sale_from ?? null) === (b.date_on_sale_from ?? null) &&
  (a.date_on_sale_to ?? null) === (b.date_on_sale_to ?? null);

/**
 * The price changes from `before` to `after`, stamped `time`.
 * @example await store.priceHistory.append(priceChanges(old.products, next.products, new Date().toISOString()))
 */
export function priceChanges(before: readonly Product[], after: readonly Product[], time: string): PriceChange[] {
  const previous = pricedItems(before);
  const changes: PriceChange[] = [];
  for (const [itemId, { item, product }] of pricedItems(after)) {
    const old = previous.get(itemId);
    if (old && samePrices(old.item, item)) continue;
    changes.push({
      item_id: itemId,
      product_id: product.id,
      time,
      regular_price: item.regular_price,
      sale_price: item.sale_price,
      date_on_sale_from: item.date_on_sale_from ?? null,
      date_on_sale_to: item.date_on_sale_to ?? null,
    });
  }
  return changes;
}
