/**
 * The Omnibus reference price (Directive 98/6/EC, article 6a, as amended by 2019/2161): an item announced on sale
 * shows the lowest price it had in the `omnibus_days` (at least 30) before the price reduction was first applied.
 *
 * The Commission's guidance (2021/C 526/02) fixes what "before the reduction" means, and so this module:
 * - the window ends when the current promotion STARTED, not now: a sale running for ten days looks back from its
 *   first day, so the sale price itself is never its own reference;
 * - a progressive reduction (the sale price lowered again without the sale ending) is one promotion: it keeps the
 *   reference of its first step;
 * - a sale that ended and started again is a new promotion: its window ends at the restart and may include the
 *   earlier sale's prices;
 * - an item sold for less than the window looks back only as far as its first price.
 * This is the one function that computes it; the API and the storefront call it.
 */
import type { PricedItem } from './model.js';

export const DAY_MS = 24 * 3600 * 1000;

/** An item's prices as they were set at `time`, until the next record of the same item. */
export interface PriceRecord extends PricedItem {
  /** ISO 8601 in UTC. */
  time: string;
}

interface Segment {
  start: number;
  end: number;
  price: number;
  onSale: boolean;
}

/**
 * The reference price of an item on sale at `now`, or null when it is not on sale, or was never sold at another
 * price before the promotion started (launched on sale).
 *
 * @param history the item's price records (any order); the last one at or before `now` is its current state
 * @param omnibusDays the shop's `compliance.omnibus_days`
 * @example omnibusReferencePrice([{ time: '2026-01-01T00:00:00Z', regular_price: 100, sale_price: null }, { time:
 * '2026-03-01T00:00:00Z', regular_price: 100, sale_price: 80 }], 30, Date.parse('2026-03-10T00:00:00Z')) === 100
 */
export function omnibusReferencePrice(
  history: readonly PriceRecord[],
  omnibusDays: number,
  now: number = Date.now(),
): number | null {
  const segments = priceSegments(history, now);
  const current = segments[segments.length - 1];
  if (!current?.onSale) return null;
  // The promotion started where the unbroken run of sale segments that reaches now begins.
  let first = segments.length - 1;
  while (first > 0 && segments[first - 1]!.onSale && segments[first - 1]!.end === segments[first]!.start) first--;
  const promotionStart = segments[first]!.start;
  const windowStart = promotionStart - omnibusDays * DAY_MS;
  let lowest: number | null = null;
  for (const segment of segments.slice(0, first)) {
    if (segment.end <= windowStart || segment.start >= promotionStart) continue;
    lowest = lowest === null ? segment.price : Math.min(lowest, segment.price);
  }
  return lowest;
}

/**
 * The item's price over time up to `now`, as contiguous segments of one price each; a record's sale dates split its
 * span into the parts before, during and after the sale.
 */
export function priceSegments(history: readonly PriceRecord[], now: number): Segment[] {
  const records = history
    .map((record) => ({ record, time: Date.parse(record.time) }))
    .filter(({ time }) => time <= now)
    .sort((a, b) => a.time - b.time);
  const segments: Segment[] = [];
  const push = (start: number, end: number, price: number, onSale: boolean) => {
    if (end <= start) return;
    const last = segments[segments.length - 1];
    if (last && last.end === start && last.price === price && last.onSale === onSale) last.end = end;
    else segments.push({ start, end, price, onSale });
  };
  records.forEach(({ record, time }, index) => {
    // The last record lasts until just after now, so that "now" falls inside it.
    const end = index + 1 < records.length ? records[index + 1]!.time : now + 1;
    const { regular_price: regular, sale_price: sale } = record;
    if (sale === null || sale >= regular) return push(time, end, regular, false);
    const saleFrom = Math.max(time, record.date_on_sale_from ? Date.parse(record.date_on_sale_from) : -Infinity);
    // WooCommerce's end date is the sale's last moment: the sale covers it.
    const saleTo = Math.min(end, record.date_on_sale_to ? Date.parse(record.date_on_sale_to) + 1 : Infinity);
    if (saleFrom >= saleTo) return push(time, end, regular, false);
    push(time, saleFrom, regular, false);
    push(saleFrom, saleTo, sale, true);
    push(saleTo, end, regular, false);
  });
  return segments;
}
