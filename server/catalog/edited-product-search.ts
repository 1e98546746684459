/**
 * Product search over a catalog that changes by edits (the products API, merge imports, orders taking stock): the
 * full index of the catalog as it was, which passes over the products replaced or removed since, plus a small index
 * of the current versions of those products, built when a search first needs it. Answers merge the two exactly as
 * one index over the edited catalog would rank them: title matches first, each group by popularity.
 * Once many products have changed, an edit is declined and the caller builds a fresh full index.
 */
import type { CatalogEdit } from '../store/store.js';
import type { CatalogData, Category, Product } from './model.js';
import {
  ProductSearchIndex,
  type ProductSearchMatches,
  type ProductSearchOptions,
  type ProductSearchResult,
} from './product-search-index.js';
import { boundedCategories } from './category-tree.js';
import { publicEdit, publishedProducts } from './public-catalog.js';
import { compareByPopularity } from './search-text.js';
import type { WordForms } from './word-forms/word-forms.js';

/** What searches read: one full index, or one brought up to date by edits. */
export interface ProductSearch {
  search(query: string, options: ProductSearchOptions): ProductSearchResult;
}

/** Changed products past which a fresh index beats rebuilding the small one on the next search (~14 ms per 1,000). */
const MAX_CHANGED = 1000;

export class EditedProductSearch implements ProductSearch {
  readonly categories: readonly Category[];
  readonly #base: ProductSearchIndex;

  /** The word forms the search matches by (word-forms/). */
  get wordForms(): WordForms | null {
    return this.#base.wordForms;
  }

  readonly #baseProducts: readonly Product[];
  #baseIds: Set<number> | null = null;
  /** Ids of base products that are no longer current. */
  readonly #replaced = new Set<number>();
  /** The current version of every product changed or added since the base. */
  readonly #changed = new Map<number, Product>();
  #delta: ProductSearchIndex | null = null;

  constructor(base: ProductSearchIndex, baseProducts: readonly Product[], categories: readonly Category[]) {
    this.#base = base;
    this.#baseProducts = baseProducts;
    this.categories = categories;
  }

  /** Applies an edit; false (changing nothing) when a fresh index is needed: new categories, or too many changes. */
  applyEdit(edit: CatalogEdit): boolean {
    if (edit.categories && JSON.stringify(edit.categories) !== JSON.stringify(this.categories)) return false;
    if (this.#changed.size + edit.upsert.length > MAX_CHANGED) return false;
    // Built on the first edit, not with the index: most catalogs are never edited between imports.
    const baseIds = (this.#baseIds ??= new Set(this.#baseProducts.map((product) => product.id)));
    const removed = new Set(edit.remove);
    for (const product of edit.upsert) {
      if (removed.has(product.id)) continue;
      if (baseIds.has(product.id)) this.#replaced.add(product.id);
      this.#changed.set(product.id, product);
    }
    for (const id of removed) {
      if (baseIds.has(id)) this.#replaced.add(id);
      this.#changed.delete(id);
    }
    this.#delta = null;
    return true;
  }

  search(query: string, options: ProductSearchOptions): ProductSearchResult {
    if (this.#changed.size === 0 && this.#replaced.size === 0) return this.#base.search(query, options);
    this.#delta ??= new ProductSearchIndex([...this.#changed.values()], this.categories, this.#base.wordForms);
    const base = this.#base.matches(query, options, this.#replaced);
    const delta = this.#delta.matches(query, options);
    const group = (key: keyof Omit<ProductSearchMatches, 'total'>) =>
      [...base[key], ...delta[key]].sort(compareByPopularity).slice(0, options.limit);
    return {
      products: [...group('titleMatches'), ...group('otherMatches')].slice(0, options.limit),
      total: base.total + delta.total,
    };
  }
}

const searches = new WeakMap<readonly Product[], EditedProductSearch>();
/** The search last built or brought up to date: the one later edits start from. */
let latest: { products: readonly Product[]; search: EditedProductSearch } | null = null;

/**
 * The shoppers' search of a catalog: its public view (published products only, public-catalog.ts), built on first use
 * and kept until the catalog's product array changes. When `editsSince` (the store's) tells which edits led from the
 * last array searched to this one, they are applied to that search instead of building a new one: a catalog of
 * 100,000 products takes about a second to index. A product an edit unpublishes leaves the search then.
 * @param wordForms the shop language's word forms (word-forms/word-forms.ts wordFormsFor); another language than the
 *   last search's builds a new one
 * @example productSearchIndexFor(catalog, undefined, wordFormsFor('pl-PL')).search('kubki', { limit: 8 })
 */
export function productSearchIndexFor(
  catalog: Pick<CatalogData, 'products' | 'categories'>,
  editsSince?: (products: readonly Product[]) => readonly CatalogEdit[] | null,
  wordForms: WordForms | null = null,
): ProductSearch {
  const categories = boundedCategories(catalog.categories);
  const cached = searches.get(catalog.products);
  if (cached && cached.categories === categories && cached.wordForms === wordForms) return cached;
  const edits = latest && editsSince && latest.search.wordForms === wordForms ? editsSince(latest.products) : null;
  let search: EditedProductSearch;
  // Edits change the search in place: the old array's entry goes, whether they all applied or one was declined.
  if (latest && edits) searches.delete(latest.products);
  if (latest && edits?.every((edit) => latest!.search.applyEdit(publicEdit(edit)))) {
    search = latest.search;
  } else {
    const published = publishedProducts(catalog.products);
    search = new EditedProductSearch(new ProductSearchIndex(published, categories, wordForms), published, categories);
  }
  searches.set(catalog.products, search);
  latest = { products: catalog.products, search };
  return search;
}
