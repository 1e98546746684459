/**
 * A plausible past for the demo catalog's prices, so that a fresh demo shows what the shop does
 * with a price history: items on sale carry the Omnibus line ("Lowest price in the 30 days before this promotion"),
 * some with a price raised shortly before the sale (the line then names the lower earlier price, which is the
 * directive's point), some with a past promotion; other items had earlier prices and promotions long ago.
 *
 * Every record is dated in the past, relative to when the demo is seeded; each item's last record is its price in the
 * catalog. The history belongs to the demo's item ids, which a shop's own import never takes over (ids are never
 * reused and a replace import gives the rows of another shop fresh ones), so none of it passes to real products.
 */
import { variationsOf, type CatalogData, type PricedItem, type Product } from '../catalog/model.js';
import { DAY_MS } from '../catalog/omnibus.js';
import { SeededRandom } from '../catalog/seeded-random.js';
import type { PriceChange } from '../store/store.js';

const HISTORY_SEED = 20260419;
/** Changes of items not on sale end this long ago at least, so that none falls in a look-back of up to 45 days. */
const QUIET_DAYS = 50;

/** A shop's price: a whole amount less a grosz, as the demo catalog's prices are. */
const shopPrice = (value: number) => Math.max(9, Math.round(value)) - 0.01;

interface Step {
  time: number;
  regular: number;
  sale: number | null;
}

/** The steps of one item, oldest first, ending with its catalog prices. */
function itemSteps(item: PricedItem, firstTime: number, now: number, random: SeededRandom): Step[] {
  const regular = item.regular_price;
  const daysAgo = (days: number) => now - days * DAY_MS;
  if (item.sale_price !== null) {
    const saleStart = daysAgo(random.integer(2, 20));
    const scenario = random.next();
    if (scenario < 0.35) {
      // Raised 10-25 days before the sale: the reference is the lower price it had before the raise.
      const raised = saleStart - random.integer(10, 25) * DAY_MS;
      return [
        { time: firstTime, regular: shopPrice(regular * 0.9), sale: null },
        { time: raised, regular, sale: null },
        { time: saleStart, regular, sale: item.sale_price },
      ];
    }
    if (scenario < 0.65) {
      // A promotion two to four months before this one, long over.
      const pastStart = saleStart - random.integer(60, 120) * DAY_MS;
      const pastEnd = pastStart + random.integer(7, 14) * DAY_MS;
      return [
        { time: firstTime, regular, sale: null },
        { time: pastStart, regular, sale: shopPrice(regular * 0.8) },
        { time: pastEnd, regular, sale: null },
        { time: saleStart, regular, sale: item.sale_price },
      ];
    }
    return [
      { time: firstTime, regular, sale: null },
      { time: saleStart, regular, sale: item.sale_price },
    ];
  }
  const scenario = random.next();
  if (scenario < 0.25) {
    return [
      { time: firstTime, regular: shopPrice(regular * 0.93), sale: null },
      { time: daysAgo(random.integer(QUIET_DAYS, 200)), regular, sale: null },
    ];
  }
  if (scenario < 0.45) {
    const pastStart = daysAgo(random.integer(QUIET_DAYS + 14, 160));
    return [
      { time: firstTime, regular, sale: null },
      { time: pastStart, regular, sale: shopPrice(regular * 0.8) },
      { time: pastStart + random.integer(7, 14) * DAY_MS, regular, sale: null },
    ];
  }
  return [{ time: firstTime, regular, sale: null }];
}

/** Whether the steps follow one another in time (a young product's past cannot hold an older change). */
const inOrder = (steps: readonly Step[]) =>
  steps.every((step, index) => index === 0 || step.time > steps[index - 1]!.time);

/**
 * The demo's price records, oldest first per item.
 * @param now when the demo is seeded: every record lies before it
 */
export function demoPriceHistory(catalog: Pick<CatalogData, 'products'>, now: number): PriceChange[] {
  const random = new SeededRandom(HISTORY_SEED);
  const changes: PriceChange[] = [];
  for (const product of catalog.products) {
    // The first price is the one the product was created with (a day ago for one "created" after the seed's clock).
    const created = Date.parse(product.created_at);
    const firstTime = Number.isFinite(created) && created < now ? created : now - DAY_MS;
    const items: { id: number; item: PricedItem }[] =
      variationsOf(product).length > 0
        ? variationsOf(product).map((variation) => ({ id: variation.id, item: variation }))
        : [{ id: product.id, item: product }];
    for (const { id, item } of items) {
      let steps = itemSteps(item, firstTime, now, random);
      // A story that does not fit the product's age becomes the plain one: its price since it was created.
      if (!inOrder(steps)) steps = [{ time: firstTime, regular: item.regular_price, sale: item.sale_price }];
      for (const step of steps) changes.push(record(product, id, step));
    }
  }
  return changes;
}

function record(product: Product, itemId: number, step: Step): PriceChange {
  return {
    item_id: itemId,
    product_id: product.id,
    time: new Date(step.time).toISOString(),
    regular_price: step.regular,
    sale_price: step.sale,
    date_on_sale_from: null,
    date_on_sale_to: null,
  };
}
