/**
 * What product search matches against, and how text becomes search words. The index and any reference
 * implementation share these definitions, so they can only differ in how they find matches, never in what matches.
 */
import { categoryAncestors } from './category-tree.js';
import { foldText, type Category, type Product } from './model.js';

const WORD_SEPARATORS = /[^\p{L}\p{N}]+/u;
const ASCII_WORD_SEPARATORS = /[^a-z0-9]+/;
// Most catalog text is plain ASCII: folding it is just lower-casing, and its split needs no Unicode tables.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included
const PLAIN_ASCII = /^[\x00-\x7f]*$/;

/**
 * The distinct search words of a text: folded (case and diacritics ignored) and split at anything that is not a
 * letter or a digit.
 * @example searchWords('Żółty koc, ŻÓŁTY!') // ['zolty', 'koc']
 */
export function searchWords(text: string): string[] {
  const words = PLAIN_ASCII.test(text)
    ? text.toLowerCase().split(ASCII_WORD_SEPARATORS)
    : foldText(text).split(WORD_SEPARATORS);
  return [...new Set(words.filter(Boolean))];
}

export interface ProductSearchText {
  /** Words of the title: a match here ranks first. */
  title: string[];
  /** Words of every searchable field, the title included. */
  all: string[];
}

/**
 * Visits the searchable fields of a product besides its title: SKU, brand, attribute terms, and the names of its
 * categories and their ancestors (so `clothing` finds a dress). The description is left out on purpose: it repeats
 * these fields in sentences, and its filler words would crowd an eight-result quick search.
 * @param visit called per field; `repeats` is true for texts that recur across products (worth caching)
 */
export function forEachSearchField(
  product: Product,
  categories: readonly Category[],
  visit: (text: string, repeats: boolean) => void,
): void {
  visit(product.sku, false);
  visit(product.brand, true);
  for (const terms of Object.values(product.attributes)) for (const term of terms) visit(term, true);
  const seen = new Set<number>();
  // A shared ancestor of two categories is visited once.
  for (const id of product.category_ids)
    for (const category of categoryAncestors(categories, id, seen)) visit(category.name, true);
}

/** The search words of a product, title words and all words, as plain lists (see {@link forEachSearchField}). */
export function productSearchText(product: Product, categories: readonly Category[]): ProductSearchText {
  const title = searchWords(product.title);
  const all = new Set(title);
  forEachSearchField(product, categories, (text) => {
    for (const word of searchWords(text)) all.add(word);
  });
  return { title, all: [...all] };
}

/**
 * The order among matches of equal relevance: best sellers first, then by id, so results are stable.
 */
export function compareByPopularity(a: Product, b: Product): number {
  return b.total_sales - a.total_sales || a.id - b.id;
}
