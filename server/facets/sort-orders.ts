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
  // One pass reads every key: a pass over a million product objects costs more than the sorts that follow.
  const size = products.length;
  const [ids, cents, created, popularity, rating] = Array.from({ length: 5 }, () => new Float64Array(size));
  const capped = (value: number, limit: number): number => Math.max(0, Math.min(limit, Math.floor(value)));
  for (let ordinal = 0; ordinal < size; ordinal++) {
    const product = products[ordinal]!;
    ids[ordinal] = product.id;
    cents[ordinal] = Math.max(0, Math.round(activePrice(product) * 100));
    created[ordinal] = Math.floor(Date.parse(product.created_at) / 1000) || 0;
    popularity[ordinal] = 2 ** 31 - capped(product.total_sales, 2 ** 31);
    // Best rated first; among equal ratings, the one more people rated.
    rating[ordinal] = (50 - capped(product.rating * 10, 50)) * 2 ** 20 + (2 ** 20 - 1 - capped(product.rating_count, 2 ** 20 - 1));
  }
  const idRank = rankOf(orderByKeys(ids!, null));
  const maxCents = cents!.reduce((max, value) => Math.max(max, value), 0);
  const newest = created!.reduce((max, value) => Math.max(max, value), 0);
  const minCreated = created!.reduce((min, value) => Math.min(min, value), newest);
  const keysToOrder = (keys: Float64Array): SortOrder => withRank(orderByKeys(keys, idRank));
  return {
    popularity: keysToOrder(popularity!),
    rating: keysToOrder(rating!),
    date: keysToOrder(created!.map((seconds) => newest - Math.max(seconds, minCreated))),
    price: keysToOrder(cents!),
    'price-desc': keysToOrder(cents!.map((value) => maxCents - value)),
  };
}

/**
 * Ordinals sorted by ascending key, ties by `tiebreakRank` (or by ordinal), NaN last: a stable LSD radix sort over
 * the keys' IEEE bit patterns (mapped so that unsigned order is numeric order), started from the tiebreak order.
 * Four passes of 16 bits, skipping passes where every key has the same digit: ~5x faster than a native float sort.
 */
export function orderByKeys(keys: Float64Array, tiebreakRank: Uint32Array | null): Uint32Array {
  const size = keys.length;
  let order = new Uint32Array(size);
  for (let ordinal = 0; ordinal < size; ordinal++) order[tiebreakRank ? tiebreakRank[ordinal]! : ordinal] = ordinal;
  const bits = new Uint32Array(new Float64Array(keys).map((key) => key + 0).buffer); // + 0 turns -0 into 0
  const [low, high] = [new Uint32Array(size), new Uint32Array(size)];
  for (let ordinal = 0; ordinal < size; ordinal++) {
    // Little-endian halves; negative numbers sort reversed, so flip them all, and lift positives above them.
    const [lowWord, highWord] = [bits[2 * ordinal]!, bits[2 * ordinal + 1]!];
    const negative = highWord >>> 31 === 1;
    low[ordinal] = negative ? ~lowWord >>> 0 : lowWord;
    high[ordinal] = negative ? ~highWord >>> 0 : (highWord | 0x80000000) >>> 0;
  }
  let next = new Uint32Array(size);
  const counts = new Uint32Array(1 << 16);
  for (const [words, shift] of [[low, 0], [low, 16], [high, 0], [high, 16]] as const) {
    counts.fill(0);
    for (let position = 0; position < size; position++) counts[(words[order[position]!]! >>> shift) & 0xffff]!++;
    if (size === 0 || counts[(words[order[0]!]! >>> shift) & 0xffff] === size) continue;
    for (let digit = 0, total = 0; digit < counts.length; digit++) {
      const count = counts[digit]!;
      counts[digit] = total;
      total += count;
    }
    for (let position = 0; position < size; position++) {
      const ordinal = order[position]!;
      next[counts[(words[ordinal]! >>> shift) & 0xffff]!++] = ordinal;
    }
    [order, next] = [next, order];
  }
  return order;
}

export function rankOf(ordinals: Uint32Array): Uint32Array {
  const rank = new Uint32Array(ordinals.length);
  for (let position = 0; position < ordinals.length; position++) rank[ordinals[position]!] = position;
  return rank;
}

function withRank(ordinals: Uint32Array): SortOrder {
  return { ordinals, rank: rankOf(ordinals) };
}
