/**
 * The reference of product search (the search index behind compliance/v1/search), for tests to compare the index
 * and the live endpoint with.
 */
import type { CatalogData } from '../../server/catalog/model.js';
import { compareByPopularity, productSearchText, searchWords } from '../../server/catalog/search-text.js';
import type { WordForms } from '../../server/catalog/word-forms/word-forms.js';

/**
 * The reference: scan every product, compare strings, sort everything. Slow and obviously right. A query word
 * matches a word it begins or, with word forms, one it shares a form with.
 */
export function productSearchBruteForce(
  catalog: CatalogData,
  query: string,
  limit: number,
  categoryIds: ReadonlySet<number> | null,
  wordForms: WordForms | null = null,
) {
  const words = searchWords(query);
  const shareForm = (word: string, candidate: string) =>
    !!wordForms && wordForms.formsOf(word).some((form) => wordForms.formsOf(candidate).includes(form));
  const hasAll = (productWords: string[]) =>
    words.every((word) => productWords.some((candidate) => candidate.startsWith(word) || shareForm(word, candidate)));
  const matches = catalog.products
    .filter((product) => !categoryIds || product.category_ids.some((id) => categoryIds.has(id)))
    .map((product) => ({ product, text: productSearchText(product, catalog.categories) }))
    .filter(({ text }) => words.length > 0 && hasAll(text.all));
  const titleFirst = (a: (typeof matches)[number], b: (typeof matches)[number]) =>
    Number(hasAll(b.text.title)) - Number(hasAll(a.text.title)) || compareByPopularity(a.product, b.product);
  return {
    ids: matches
      .sort(titleFirst)
      .slice(0, limit)
      .map(({ product }) => product.id),
    total: matches.length,
  };
}
