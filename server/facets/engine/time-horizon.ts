/**
 * When an index stops telling the truth by the clock alone: the price a product sells at, whether it is on sale and
 * whether it is new are read when the index is built, so a scheduled sale that starts or ends later, or a product
 * that stops being new, changes what a fresh build would answer without any catalog change. The engine keeps the
 * first such instant after its build (and after each edit); the facet service rebuilds once it has passed.
 */
import { DAY_MS, newProductDays } from '../sources.js';
import { variationsOf, type PricedItem, type Product } from '../../catalog/model.js';
import type { FacetConfig } from '../config.js';

const HOUR_MS = 3_600_000;

/** No change is coming: the index stays true until the catalog or the configuration changes. */
export const NEVER = Number.POSITIVE_INFINITY;

/** The `new_days` of every facet of the configuration that shows new products (none: the index never ages by it). */
export function newFacetDays(config: FacetConfig): number[] {
  return [...new Set(config.facets.filter((facet) => facet.source === 'field:new').map(newProductDays))];
}

/**
 * The first instant after `now` at which an item's sale price starts or stops applying (model.ts isOnSale: the
 * sale runs from its start to its end, both included), or NEVER.
 */
function nextSaleChange(item: PricedItem, now: number): number {
  if (item.sale_price === null) return NEVER;
  let next = NEVER;
  const from = item.date_on_sale_from ? Date.parse(item.date_on_sale_from) : NaN;
  if (from > now) next = from;
  const to = item.date_on_sale_to ? Date.parse(item.date_on_sale_to) : NaN;
  if (to + 1 > now && to + 1 < next) next = to + 1;
  return next;
}

/**
 * The first instant after `now` at which a product stops (or starts) being new for one of `days`, rounded up to the
 * next whole hour: products made at every minute of a day would otherwise age the index every minute, and a large
 * index is rebuilt in seconds of a worker's time. So a product may count as new for up to an hour longer.
 */
function nextAgeChange(product: Product, days: readonly number[], now: number): number {
  if (days.length === 0) return NEVER;
  const created = Date.parse(product.created_at);
  if (!Number.isFinite(created)) return NEVER;
  // It becomes new when its creation date comes (one set in the future), and stops being new `days` later.
  let next = created > now ? created : NEVER;
  for (const count of days) {
    const ends = created + count * DAY_MS;
    if (ends > now && ends < next) next = ends;
  }
  return next === NEVER ? NEVER : Math.ceil(next / HOUR_MS) * HOUR_MS;
}

/** The first instant after `now` at which one product's indexed facts change by the clock, or NEVER. */
export function nextChangeOfProduct(product: Product, newDays: readonly number[], now: number): number {
  let next = Math.min(nextSaleChange(product, now), nextAgeChange(product, newDays, now));
  for (const variation of variationsOf(product)) next = Math.min(next, nextSaleChange(variation, now));
  return next;
}

/** The first instant after `now` at which any of `products` changes by the clock, or NEVER. */
export function nextChangeOfCatalog(products: readonly Product[], newDays: readonly number[], now: number): number {
  let next = NEVER;
  for (const product of products) {
    const change = nextChangeOfProduct(product, newDays, now);
    if (change < next) next = change;
  }
  return next;
}
