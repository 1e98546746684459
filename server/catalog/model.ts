/**
 * The product and category model shared by the store, the facet engine and the compliance product search: the
 * stored shapes (declared with the store, re-exported here) and what they mean: prices on sale, slugs, folded text.
 *
 * Products keep human-readable names for brands and attribute terms; the slug that appears in URLs is always
 * derived with {@link slugify}, so that one function decides how a name becomes a URL value everywhere.
 */
import type { Product, PricedItem, Variation } from '../store/catalog-types.js';

export type {
  AttributeDefinition, CatalogData, Category, Dimensions, PricedItem, Product, ProductStatus, ProductType, Variation,
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
  return product.type === 'variable' ? product.variations ?? [] : [];
}

/**
 * The price a shopper pays now; for a variable product the lowest of its variations' prices, which cards show as
 * "from". A variable product without variations falls back to its own fields.
 */
export function activePrice(product: Product, now?: number): number {
  const variations = variationsOf(product);
  if (variations.length === 0) return itemPrice(product, now);
  let lowest = Infinity;
  for (const variation of variations) lowest = Math.min(lowest, itemPrice(variation, now));
  return lowest;
}

/** Whether a variable product's variations have different prices now, so that its card says "from". */
export function hasPriceRange(product: Product, now?: number): boolean {
  const variations = variationsOf(product);
  return variations.some((variation) => itemPrice(variation, now) !== itemPrice(variations[0]!, now));
}

const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** Letters that Unicode does not decompose into a base letter and a mark. */
const UNDECOMPOSABLE: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', þ: 'th' };
const UNDECOMPOSABLE_PATTERN = /[łøđßæœıþ]/g;

/**
 * Folds text for matching: lower case, diacritics removed, so that `zolty` matches `Żółty`.
 *
 * @example foldText('Żółty Łoś') === 'zolty los'
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(UNDECOMPOSABLE_PATTERN, (letter) => UNDECOMPOSABLE[letter] ?? letter);
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
