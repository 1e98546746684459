/**
 * Which items an order's stock taking brought low or out, for the shop's low-stock and out-of-stock e-mails (as
 * WooCommerce sends them): told once, when an item's count crosses the line, not on every order after it.
 */
import { attributeLabels, variationTitle } from './purchasable.js';
import { managesStock, type StockedItem } from './stock-keeping.js';
import type { CatalogData, CatalogEdit } from '../store/catalog-types.js';
import { productById } from '../store/catalog-lookup.js';

export interface StockAlert {
  /** `out`: none left to sell from stock (0 or fewer); `low`: at or under the shop's low-stock threshold. */
  kind: 'low' | 'out';
  productId: number;
  title: string;
  sku: string;
  /** Units left after the order (below 0: units owed on backorder). */
  quantity: number;
}

function alertOf(before: StockedItem, after: StockedItem, lowThreshold: number): StockAlert['kind'] | null {
  if (!managesStock(after) || !managesStock(before)) return null;
  if (before.stock_quantity > 0 && after.stock_quantity <= 0) return 'out';
  const isLow = (quantity: number) => lowThreshold > 0 && quantity > 0 && quantity <= lowThreshold;
  return isLow(after.stock_quantity) && !isLow(before.stock_quantity) && before.stock_quantity > after.stock_quantity
    ? 'low'
    : null;
}

/**
 * The alerts of `edit` applied to `catalog` (the catalog as it was before the edit).
 * @param lowThreshold the shop's low-stock threshold; 0: only running out is told
 */
export function stockAlerts(catalog: CatalogData, edit: CatalogEdit, lowThreshold: number): StockAlert[] {
  const labels = attributeLabels(catalog.attributes);
  const alerts: StockAlert[] = [];
  for (const after of edit.upsert) {
    const before = productById(catalog.products, after.id);
    if (!before) continue;
    if (after.type !== 'variable') {
      const kind = alertOf(before, after, lowThreshold);
      if (kind)
        alerts.push({ kind, productId: after.id, title: after.title, sku: after.sku, quantity: after.stock_quantity });
      continue;
    }
    for (const variation of after.variations ?? []) {
      const earlier = before.variations?.find((candidate) => candidate.id === variation.id);
      const kind = earlier ? alertOf(earlier, variation, lowThreshold) : null;
      if (kind)
        alerts.push({
          kind,
          productId: after.id,
          title: variationTitle(after, variation, labels),
          sku: variation.sku || after.sku,
          quantity: variation.stock_quantity,
        });
    }
  }
  return alerts;
}
