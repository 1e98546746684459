/**
 * The Omnibus line a shopper reads under a sale price: "Lowest price in the 30 days before this promotion: 100,00 zł".
 * Which items need it, their reference prices for one render (one batched, cached history read), and its markup.
 * The reference itself is computed by omnibus.ts alone.
 */
import { translatorOfLocale } from '../i18n/translator.js';
import { escapeHtml } from '../../client/html/escape.js';
import type { Store } from '../store/store.js';
import { isOnSale, variationsOf, type Product } from './model.js';
import { omnibusPrices } from './product-reads.js';

/** The reference prices of the items one render shows, and the look-back they were computed with. */
export interface LowestPriceNotes {
  /** `compliance.omnibus_days`, named in the line. */
  days: number;
  /** Item id (simple product or variation) -> reference price; an item on sale without one shows no line. */
  prices: ReadonlyMap<number, number>;
}

/** The look-back in days while the shop shows the line (`omnibus_enabled` and `show_lowest_price`), else null. */
export function lowestPriceDays(store: Store): number | null {
  const { compliance, storefront } = store.site.data.settings;
  if (!compliance.omnibus_enabled || !storefront.show_lowest_price) return null;
  return compliance.omnibus_days;
}

/** The ids of the items of these products that are on sale now: the only ones whose history is worth reading. */
export function itemsOnSale(products: readonly Product[], now = Date.now()): number[] {
  const ids: number[] = [];
  for (const product of products) {
    const variations = variationsOf(product);
    if (variations.length === 0) {
      if (isOnSale(product, now)) ids.push(product.id);
    } else {
      for (const variation of variations) if (isOnSale(variation, now)) ids.push(variation.id);
    }
  }
  return ids;
}

/**
 * The notes for one render of these products, or undefined while the shop does not show the line (then nothing is
 * read). Items on sale without a known earlier price get no line, as WooCommerce's Omnibus plugins do: a figure the
 * history cannot back would be a claim the shop cannot prove.
 *
 * @example const lowestPrices = await lowestPriceNotes(store, outcome.result.products)
 */
export async function lowestPriceNotes(
  store: Store,
  products: readonly Product[],
  now = Date.now(),
): Promise<LowestPriceNotes | undefined> {
  const days = lowestPriceDays(store);
  if (days === null) return undefined;
  const ids = itemsOnSale(products, now);
  return { days, prices: ids.length ? await omnibusPrices(store, ids, now) : new Map() };
}

/**
 * Notes as one string, compared for equality only: an answer kept with the notes it showed is made again once they
 * change (facets/filter/kept-answers.ts), since its cache key names the catalog's revision, not the price history's.
 */
function lowestPriceNotesKey(notes: LowestPriceNotes | undefined): string {
  return notes ? JSON.stringify([notes.days, ...notes.prices]) : '';
}

/**
 * The notes for one render with their key, read once: the render shows what its kept copy is later compared by.
 *
 * @example const { key, lowestPrices } = await lowestPriceNotesRead(store, outcome.result.products)
 */
export async function lowestPriceNotesRead(
  store: Store,
  products: readonly Product[],
): Promise<{ key: string; lowestPrices: LowestPriceNotes | undefined }> {
  const lowestPrices = await lowestPriceNotes(store, products);
  return { key: lowestPriceNotesKey(lowestPrices), lowestPrices };
}

/** The line as HTML, after the price and its tax note; '' when there is none. */
export function lowestPriceHtml(
  itemId: number | undefined,
  notes: LowestPriceNotes | undefined,
  format: (amount: number) => string,
  locale: string,
): string {
  const price = itemId === undefined ? undefined : notes?.prices.get(itemId);
  if (price === undefined || !notes) return '';
  const { t } = translatorOfLocale(locale);
  return (
    ` <small class="price-lowest">${escapeHtml(t('price.lowestBefore', { count: notes.days }))} ` +
    `<span class="price-amount amount"><bdi>${escapeHtml(format(price))}</bdi></span></small>`
  );
}
