/**
 * The price of a product as an HTML fragment, in the shop's currency and locale. Shared by the compliance product
 * search (`price_html`) and the facet result cards, so that a price looks the same everywhere.
 *
 * The markup follows WooCommerce's: a sale shows the old price in `<del>` and the new one in `<ins>`, both hidden
 * from assistive technology, with a sentence per price for screen readers instead (a bare "<del>" is not announced
 * as "was" by most of them).
 */
import { translatorOfLocale } from '../i18n/translator.js';
import { numberFormat } from '../i18n/number-formats.js';
import { messageHtml } from '../i18n/message-html.js';
import { escapeHtml } from '../../client/html/escape.js';
import { trustedHtml } from '../html/trusted-html.js';
import { lowestPriceHtml, type LowestPriceNotes } from './lowest-price.js';
import { buyableVariations, hasPriceRange, isOnSale, itemPrice, type PricedItem, type Product } from './model.js';
import { unitPrice, type UnitPrice } from './sales-meta.js';

export interface PriceFormatOptions {
  /** ISO 4217 code, e.g. `PLN`. */
  currency: string;
  /** BCP 47 locale, e.g. `pl-PL`. */
  locale: string;
  /**
   * Storefront `prices_include_tax`: adds "incl. VAT" or "excl. VAT" after the price, which EU price-indication
   * rules expect a consumer to see. Left out, no note (the API's own tests and tools that format bare amounts).
   */
  pricesIncludeTax?: boolean;
  /**
   * The Omnibus reference prices of the items being shown (lowest-price.ts): a reduction shown with `<del>`/`<ins>`
   * gets its "Lowest price in the N days before this promotion" line. Left out, no line.
   */
  lowestPrices?: LowestPriceNotes;
}

// Intl.NumberFormat construction dominates formatting time; a shop uses one currency and locale at a time.
const formatters = new Map<string, { format: Intl.NumberFormat; written: Map<number, string> }>();
/**
 * Amounts kept written per format: a shop's prices repeat (about 2,000 distinct among 100,000 generated products),
 * and each card of a results page writes one or two, at a few microseconds of ICU each.
 */
const KEPT_AMOUNTS = 8192;

/**
 * A money amount as text, e.g. `1 234,50 zł` for pl-PL and PLN.
 * @example formatMoney(19.99, { currency: 'EUR', locale: 'en-IE' }) === '€19.99'
 */
export function formatMoney(amount: number, { currency, locale }: PriceFormatOptions): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = { format: new Intl.NumberFormat(locale, { style: 'currency', currency }), written: new Map() };
    formatters.set(key, formatter);
  }
  // A map holds 0 and -0 as one key, which ICU writes apart ("-0,00 zł").
  if (Object.is(amount, -0)) return formatter.format.format(amount);
  let text = formatter.written.get(amount);
  if (text === undefined) {
    text = formatter.format.format(amount);
    if (formatter.written.size >= KEPT_AMOUNTS) formatter.written.clear();
    formatter.written.set(amount, text);
  }
  return text;
}

function amountHtml(text: string): string {
  return `<span class="price-amount amount"><bdi>${escapeHtml(text)}</bdi></span>`;
}

/** A product, a variation, or any item with prices (tests pass bare prices). */
export type PricedProduct = Pick<Product, 'regular_price' | 'sale_price'> &
  Partial<PricedItem> &
  Partial<Pick<Product, 'id' | 'type' | 'variations' | 'meta'>>;

/** The units' symbols, the same in every language; pieces are counted in words (`price.pieces`). */
const UNIT_SYMBOLS: Record<Exclude<UnitPrice['unit'], 'piece'>, string> = {
  kg: 'kg',
  g: 'g',
  l: 'l',
  ml: 'ml',
  m: 'm',
  m2: 'm²',
};

/**
 * A price per unit as text, in the shop's money format (the EU's Price Indication Directive 98/6/EC).
 * @example formatUnitPrice({ amount: 39, unit: 'kg', reference: 1 }, { currency: 'PLN', locale: 'pl-PL' }) // '39,00 zł
 * / 1 kg'
 */
export function formatUnitPrice(price: UnitPrice, options: PriceFormatOptions): string {
  const quantity = numberFormat(options.locale, 'quantity').format(price.reference);
  const per =
    price.unit === 'piece'
      ? translatorOfLocale(options.locale).t('price.pieces', { count: price.reference, quantity })
      : `${quantity} ${UNIT_SYMBOLS[price.unit]}`;
  return `${formatMoney(price.amount, options)} / ${per}`;
}

/** The unit price of the item whose price is shown (its sale price while on sale), or '' when the product has none. */
function unitPriceHtml(
  shown: PricedProduct,
  meta: Record<string, string> | undefined,
  options: PriceFormatOptions,
): string {
  const perUnit = meta ? unitPrice(itemPrice(shown as PricedItem), meta) : null;
  return perUnit ? ` <span class="price-unit">(${escapeHtml(formatUnitPrice(perUnit, options))})</span>` : '';
}

/**
 * The price as an HTML string: the one place its markup is written. Built as a string (with the escape module)
 * because result cards render it two dozen times per `/filter` answer.
 *
 * @example
 * formatPriceHtml({ regular_price: 100, sale_price: 80 }, { currency: 'PLN', locale: 'pl-PL' })
 * // '<span class="price price--on-sale"><del aria-hidden="true">…100,00 zł…</del> … <ins aria-hidden="true">…80,00
 * zł…</ins>…</span>'
 */
export function formatPriceHtml(product: PricedProduct, options: PriceFormatOptions): string {
  const shown = itemShown(product);
  const html = shown === null ? fromPriceHtml(product as Product, options) : itemPriceHtml(shown, options);
  // The Omnibus line follows the reduction the price announces, and only that: a "From" price names no one item, so a
  // line under it could not say which variation it is about; the product page lists each variation's own instead.
  const lowest =
    shown && isOnSale(shown) && shown.sale_price! < shown.regular_price
      ? lowestPriceHtml(shown.id, options.lowestPrices, (amount) => formatMoney(amount, options), options.locale)
      : '';
  const perUnit = shown ? unitPriceHtml(shown, product.meta, options) : '';
  return html + taxNoteHtml(options) + perUnit + lowest;
}

function taxNoteHtml(options: PriceFormatOptions): string {
  if (options.pricesIncludeTax === undefined) return '';
  const { t } = translatorOfLocale(options.locale);
  return ` <small class="price-tax-note">${escapeHtml(t(options.pricesIncludeTax ? 'price.inclVat' : 'price.exclVat'))}</small>`;
}

/**
 * The one item whose price is shown: the product itself, or a variable product's cheapest buyable variation when all
 * of them cost the same; null when their prices differ and the price is a "From" (an option out of stock counts in
 * neither: it cannot be bought at that price).
 */
function itemShown(product: PricedProduct): PricedProduct | null {
  const variations = 'type' in product ? buyableVariations(product as Product) : [];
  if (variations.length === 0) return product;
  if (hasPriceRange(product as Product)) return null;
  return cheapestVariation(variations);
}

// A variable product is sold through its variations: the card shows the cheapest, as "From" when prices differ.
const cheapestVariation = <T extends PricedItem>(variations: readonly T[]): T =>
  variations.reduce((best, variation) => (itemPrice(variation) < itemPrice(best) ? variation : best));

function fromPriceHtml(product: Product, options: PriceFormatOptions): string {
  const cheapest = cheapestVariation(buyableVariations(product));
  const price = amountHtml(formatMoney(itemPrice(cheapest), options));
  return `<span class="price price--from">${messageHtml(translatorOfLocale(options.locale).t, 'price.from', { price })}</span>`;
}

/**
 * Whether the item, on sale, was launched on sale: the shop reads its history for the Omnibus line and finds no earlier
 * price it was sold at. Its regular price was never charged, so striking it through would announce a reduction from a
 * price nobody paid; the sale price is shown alone until the regular price has been charged.
 */
function launchedOnSale(product: PricedProduct, options: PriceFormatOptions): boolean {
  return options.lowestPrices !== undefined && product.id !== undefined && !options.lowestPrices.prices.has(product.id);
}

function itemPriceHtml(product: PricedProduct, options: PriceFormatOptions): string {
  const regular = formatMoney(product.regular_price, options);
  if (!isOnSale(product) || product.sale_price! >= product.regular_price) {
    return `<span class="price">${amountHtml(regular)}</span>`;
  }
  const sale = formatMoney(product.sale_price!, options);
  if (launchedOnSale(product, options)) return `<span class="price">${amountHtml(sale)}</span>`;
  const { t } = translatorOfLocale(options.locale);
  return (
    `<span class="price price--on-sale"><del aria-hidden="true">${amountHtml(regular)}</del> ` +
    `<span class="screen-reader-text">${escapeHtml(t('price.wasPrice', { price: regular }))}</span>` +
    `<ins aria-hidden="true">${amountHtml(sale)}</ins><span class="screen-reader-text">${escapeHtml(t('price.nowPrice', { price: sale }))}</span></span>`
  );
}

/** The price for embedding in a Lit server template (product page, result cards). */
export function priceTemplate(product: PricedProduct, options: PriceFormatOptions): string {
  return trustedHtml(formatPriceHtml(product, options));
}
