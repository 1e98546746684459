/**
 * The product and category model shared by the store, the facet engine and the compliance product search: the
 * stored shapes (declared with the store, re-exported here) and what they mean: prices on sale, slugs, folded text.
 *
 * Products keep human-readable names for brands and attribute terms; the slug that appears in URLs is always
 * derived with {@link slugify}, so that one function decides how a name becomes a URL value everywhere.
 */
import type { Product, PricedItem, Variation } from '../store/catalog-types.js';
import { transliterate } from './transliteration.js';

export type {
  AttributeDefinition,
  Backorders,
  CatalogData,
  Category,
  Dimensions,
  PricedItem,
  Product,
  ProductStatus,
  ProductType,
  Variation,
} from '../store/catalog-types.js';
export { highestItemId, withHighestId } from '../store/catalog-types.js';

/** Whether an item's sale price applies at `now`: it has one, and `now` lies within its sale dates (if any). */
export function isOnSale(item: PricedItem, now: number = Date.now()): boolean {
  if (item.sale_price === null) return false;
  if (item.date_on_sale_from && Date.parse(item.date_on_sale_from) > now) return false;
  if (item.date_on_sale_to && Date.parse(item.date_on_sale_to) < now) return false;
  return true;
}

/** The price a shopper pays now for one item (a simple product or a variation). */
export function itemPrice(item: PricedItem, now?: number): number {
  return isOnSale(item, now) ? item.sale_price! : item.regular_price;
}

/** The variations a shopper can buy: a variable product's own, none for a simple product. */
export function variationsOf(product: Product): readonly Variation[] {
  return product.type === 'variable' ? (product.variations ?? []) : [];
}

/**
 * The variation a product page's address names (`?variation=<id>`), or undefined for anything else.
 * @example chosenVariation(product, ctx.query.variation)
 */
export function chosenVariation(product: Product, named: unknown): Variation | undefined {
  if (typeof named !== 'string' || !/^\d{1,15}$/.test(named)) return undefined;
  const id = Number(named);
  return variationsOf(product).find((variation) => variation.id === id);
}

/**
 * The variations whose prices a variable product's price speaks of: those a shopper can buy, in
 * stock; all of them when none is (the product is then out of stock, and its price still says what it costs).
 */
export function buyableVariations(product: Product): readonly Variation[] {
  const variations = variationsOf(product);
  if (variations.every((variation) => variation.in_stock)) return variations;
  const inStock = variations.filter((variation) => variation.in_stock);
  return inStock.length > 0 ? inStock : variations;
}

/**
 * The price a shopper pays now; for a variable product the lowest of its buyable variations' prices, which cards show
 * as "from". A variable product without variations falls back to its own fields.
 */
export function activePrice(product: Product, now?: number): number {
  const variations = buyableVariations(product);
  if (variations.length === 0) return itemPrice(product, now);
  let lowest = Infinity;
  for (const variation of variations) lowest = Math.min(lowest, itemPrice(variation, now));
  return lowest;
}

/** Whether a variable product's buyable variations have different prices now, so that its card says "from". */
export function hasPriceRange(product: Product, now?: number): boolean {
  const variations = buyableVariations(product);
  return variations.some((variation) => itemPrice(variation, now) !== itemPrice(variations[0]!, now));
}

const COMBINING_MARKS = /[\u0300-\u036f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Folds text for matching: lower case, diacritics removed, other scripts' letters spelled in Latin ones
 * (transliteration.ts), so that `zolty` matches `Żółty` and `moskva` matches `Москва`.
 *
 * @example foldText('Żółty Łoś') === 'zolty los'
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most catalog text is plain ASCII: nothing to decompose or spell then.
  if (ASCII.test(lower)) return lower;
  return transliterate(lower.normalize('NFD').replace(COMBINING_MARKS, ''));
}

/**
 * The URL slug of a name: folded, with every run of other characters turned into one hyphen.
 *
 * @example slugify('Żółty & Blue') === 'zolty-blue'
 */
export function slugify(name: string): string {
  return foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
