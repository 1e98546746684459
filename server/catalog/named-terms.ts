/**
 * The terms this shop keeps by name on each product, tags, brands and each attribute's terms, listed with how many
 * products use each, for `wc/v3`'s `products/tags`, `products/brands` and `products/attributes/{id}/terms` (the
 * product editor suggests them). Built once per products array.
 */
import { memoizeByArray } from './memoize-by-array.js';
import { foldText, type Product } from './model.js';

export interface NamedTermCount {
  name: string;
  count: number;
}

function countsOf(products: readonly Product[], termsOf: (product: Product) => readonly string[]): NamedTermCount[] {
  const counts = new Map<string, number>();
  for (const product of products) {
    for (const term of new Set(termsOf(product))) if (term !== '') counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name));
}

const tagCounts = memoizeByArray((products: readonly Product[]) => countsOf(products, (product) => product.tags ?? []));
const brandCounts = memoizeByArray((products: readonly Product[]) => countsOf(products, (product) => [product.brand]));
const attributeTermCounts = memoizeByArray((products: readonly Product[]) => {
  const names = new Set(products.flatMap((product) => Object.keys(product.attributes)));
  return new Map([...names].map((name) => [name, countsOf(products, (product) => product.attributes[name] ?? [])]));
});

/** Which terms: tags, brands, or the terms of the attribute of this name (`color`). */
export type NamedTermKind = 'tags' | 'brands' | { attribute: string };

/**
 * Every tag, brand or attribute term in use, by name, with its product count; `search` keeps those whose name contains
 * it (folded: `zolty` finds `Żółty`).
 */
export function namedTerms(products: readonly Product[], kind: NamedTermKind, search = ''): NamedTermCount[] {
  const all =
    kind === 'tags'
      ? tagCounts(products)
      : kind === 'brands'
        ? brandCounts(products)
        : (attributeTermCounts(products).get(kind.attribute) ?? []);
  const wanted = foldText(search.trim());
  return wanted === '' ? all : all.filter((term) => foldText(term.name).includes(wanted));
}
