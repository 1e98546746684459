/**
 * The product and category model shared by the store, the facet engine and the compliance product search.
 *
 * Products keep human-readable names for brands and attribute terms; the slug that appears in URLs is always
 * derived with {@link slugify}, so that one function decides how a name becomes a URL value everywhere.
 */

export interface Category {
  id: number;
  slug: string;
  name: string;
  /** Id of the parent category, 0 for a top-level one. */
  parent: number;
}

/** Attribute taxonomies the catalog knows, e.g. `color` with label `Colour`. */
export interface AttributeDefinition {
  name: string;
  label: string;
}

export interface Product {
  id: number;
  slug: string;
  title: string;
  /** Plain text; rendered escaped. */
  description: string;
  sku: string;
  /** Categories the product is filed under; the first is its primary category. */
  category_ids: number[];
  brand: string;
  /** Attribute name -> term names, e.g. `{color: ['Red', 'Żółty'], size: ['M']}`. */
  attributes: Record<string, string[]>;
  /** Prices in the shop currency's main unit, two decimals. */
  regular_price: number;
  /** A sale price lower than the regular price, or null when the product is not on sale. */
  sale_price: number | null;
  /** Average rating 0-5 with one decimal; 0 when unrated. */
  rating: number;
  rating_count: number;
  in_stock: boolean;
  stock_quantity: number;
  /** Units sold; drives the popularity sort. */
  total_sales: number;
  /** ISO 8601 in UTC. */
  created_at: string;
  /** Site-relative or absolute image address. */
  image: string;
}

export interface CatalogData {
  categories: Category[];
  attributes: AttributeDefinition[];
  products: Product[];
}

/** The price a shopper pays now. */
export function activePrice(product: Product): number {
  return product.sale_price ?? product.regular_price;
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
