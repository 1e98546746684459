/**
 * One change of an item's prices: a simple product's or a variation's regular price, sale price or sale dates, as
 * they stand from `time` on. The Omnibus reference price is computed from these (catalog/omnibus.ts).
 */
export interface PriceChange {
  /** The product's id, or the variation's. */
  item_id: number;
  /** The product the item belongs to (the item itself for a simple product). */
  product_id: number;
  /** ISO 8601 in UTC. */
  time: string;
  regular_price: number;
  sale_price: number | null;
  date_on_sale_from: string | null;
  date_on_sale_to: string | null;
}

/** The append-only price history: never rewritten, so that it stays evidence of what prices were. */
export interface PriceHistoryRepository {
  /** Appends the changes durably, in order. An empty list changes nothing. */
  append(changes: readonly PriceChange[]): Promise<void>;
  /** The changes of these items (product or variation ids), oldest first. */
  forItems(itemIds: readonly number[]): Promise<PriceChange[]>;
  /** Every change, oldest first (for `vitrine store copy`). */
  all(): Promise<PriceChange[]>;
}
