/**
 * Precomputed result orders: every sort the shop offers is one permutation of product ordinals, computed at index
 * time, so a query only walks it. Ties are broken by product id, so that pages never overlap or skip a product.
 * @internal
 */
import { activePrice, type Product } from '../catalog/model.js';
import type { Orderby } from './config.js';

/** A permutation of ordinals plus its inverse, for sorting small result sets by rank instead of walking. */
export interface SortOrder {
  ordinals: Uint32Array;
  /** rank[ordinal] = position of the ordinal in `ordinals`. */
  rank: Uint32Array;
}

export type StaticOrderby = Exclude<Orderby, 'relevance'>;

/** Builds every static order (all but relevance, which depends on the query). */
export function buildSortOrders(products: readonly Product[]): Record<StaticOrderby, SortOrder> {
  const idRank = rankOf(orderByKeys(Float64Array.from(products, (product) => product.id), null));
  const cents = priceKeys(products);
  const maxCents = cents.reduce((max, value) => Math.max(max, value), 0);
  const created = Float64Array.from(products, (product) => Math.floor(Date.parse(product.created_at) / 1000) || 0);
  const newest = created.reduce((max, value) => Math.max(max, value), 0);
  const minCreated = created.reduce((min, value) => Math.min(min, value), newest);
  const capped = (value: number, limit: number): number => Math.max(0, Math.min(limit, Math.floor(value)));
  const keysToOrder = (keys: Float64Array): SortOrder => withRank(orderByKeys(keys, idRank));
  return {
    popularity: keysToOrder(Float64Array.from(products, (product) => 2 ** 31 - capped(product.total_sales, 2 ** 31))),
    // Best rated first; among equal ratings, the one more people rated.
    rating: keysToOrder(Float64Array.from(products, (product) => (50 - capped(product.rating * 10, 50)) * 2 ** 20 + (2 ** 20 - 1 - capped(product.rating_count, 2 ** 20 - 1)))),
    date: keysToOrder(created.map((seconds) => newest - Math.max(seconds, minCreated))),
    price: keysToOrder(cents),
    'price-desc': keysToOrder(cents.map((value) => maxCents - value)),
  };
}

/** Active prices in whole cents, the exact integer keys for sorting by price. */
function priceKeys(products: readonly Product[]): Float64Array {
  return Float64Array.from(products, (product) => Math.max(0, Math.round(activePrice(product) * 100)));
}

/**
 * Ordinals sorted by ascending key, ties by `tiebreakRank` (or by ordinal). Non-negative integer keys are packed with
 * the tiebreak into one float and sorted natively (a million in ~0.1 s); other keys fall back to a comparator sort.
 */
export function orderByKeys(keys: Float64Array, tiebreakRank: Uint32Array | null): Uint32Array {
  const size = keys.length;
  const tiebreak = (ordinal: number): number => (tiebreakRank ? tiebreakRank[ordinal]! : ordinal);
  const shift = 2 ** Math.max(1, Math.ceil(Math.log2(size + 1)));
  let packable = true;
  for (let ordinal = 0; ordinal < size && packable; ordinal++) {
    const key = keys[ordinal]!;
    packable = Number.isInteger(key) && key >= 0 && (key + 1) * shift <= Number.MAX_SAFE_INTEGER;
  }
  if (!packable) {
    const ordinals = Uint32Array.from({ length: size }, (_, ordinal) => ordinal);
    return ordinals.sort((a, b) => keys[a]! - keys[b]! || tiebreak(a) - tiebreak(b));
  }
  // The packed value holds the tiebreak rank, not the ordinal, so map ranks back to ordinals afterwards.
  const ordinalByTiebreak = new Uint32Array(size);
  const packed = new Float64Array(size);
  for (let ordinal = 0; ordinal < size; ordinal++) {
    ordinalByTiebreak[tiebreak(ordinal)] = ordinal;
    packed[ordinal] = keys[ordinal]! * shift + tiebreak(ordinal);
  }
  packed.sort();
  const ordinals = new Uint32Array(size);
  for (let position = 0; position < size; position++) ordinals[position] = ordinalByTiebreak[packed[position]! % shift]!;
  return ordinals;
}

export function rankOf(ordinals: Uint32Array): Uint32Array {
  const rank = new Uint32Array(ordinals.length);
  for (let position = 0; position < ordinals.length; position++) rank[ordinals[position]!] = position;
  return rank;
}

function withRank(ordinals: Uint32Array): SortOrder {
  return { ordinals, rank: rankOf(ordinals) };
}
