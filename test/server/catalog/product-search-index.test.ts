import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { categoryWithDescendants } from '../../../server/catalog/category-tree.js';
import type { CatalogData, Product } from '../../../server/catalog/model.js';
import { ProductSearchIndex } from '../../../server/catalog/product-search-index.js';
import { productSearchIndexFor } from '../../../server/catalog/edited-product-search.js';
import { productSearchText, searchWords } from '../../../server/catalog/search-text.js';
import { buildDemoCatalog } from '../../../server/demo/demo-catalog.js';
import { wordFormsFor, type WordForms } from '../../../server/catalog/word-forms/word-forms.js';
import { productSearchBruteForce } from '../../support/product-search-reference.js';

/** Polish titles in several forms of their words: `kubki` must find `Kubek`, `koszule` find `Koszula`. */
const POLISH_TITLES = [
  'Kubek ceramiczny biały',
  'Buty skórzane czarne',
  'Koszula lniana męska',
  'Kubki do kawy',
  'Koszule bawełniane',
  'Zestaw butów zimowych',
  'Czapka wełniana',
];

const catalog = buildDemoCatalog(600);
const index = new ProductSearchIndex(catalog.products, catalog.categories);
const ids = (products: Product[]) => products.map((product) => product.id);

/** Random queries (prefixes of the catalog's words and some odd words) agree with the brute-force scan. */
function agreesWithBruteForce(
  catalog: CatalogData,
  index: ProductSearchIndex,
  extraWords: string[],
  numRuns: number,
  wordForms: WordForms | null = null,
): void {
  const vocabulary = [
    ...new Set(catalog.products.flatMap((product) => productSearchText(product, catalog.categories).all)),
  ];
  const word = fc.oneof(
    fc.constantFrom(...vocabulary).chain((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n))),
    fc.constantFrom('Żółty', 'ŁÓDZKA', 'écru', 'zzz', 'vt-0001', 'Wool!', ...extraWords),
  );
  const query = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
  const category = fc.option(fc.integer({ min: 1, max: catalog.categories.length + 2 }), { nil: null });
  fc.assert(
    fc.property(query, fc.integer({ min: 1, max: 50 }), category, (q, limit, cat) => {
      const categoryIds = cat === null ? null : (categoryWithDescendants(catalog.categories, cat) ?? new Set<number>());
      const found = index.search(q, { limit, categoryIds });
      const expected = productSearchBruteForce(catalog, q, limit, categoryIds, wordForms);
      assert.deepEqual({ ids: ids(found.products), total: found.total }, expected, q);
    }),
    { numRuns },
  );
}

describe('ProductSearchIndex', () => {
  it('agrees with a brute-force scan on random queries, limits and categories', () => {
    agreesWithBruteForce(catalog, index, [], 400);
  });

  it('agrees with the brute-force scan when words match by the word forms of English', () => {
    const english = wordFormsFor('en-GB');
    agreesWithBruteForce(
      catalog,
      new ProductSearchIndex(catalog.products, catalog.categories, english),
      ['shirts', 'boots', 'dresses', 'jackets', 'mugs'],
      300,
      english,
    );
  });

  it('agrees with the brute-force scan when words match by the word forms of Polish', () => {
    const polish = wordFormsFor('pl-PL');
    const small = buildDemoCatalog(120);
    small.products = small.products.map((product, at) => ({
      ...product,
      title: at % 3 === 0 ? `${POLISH_TITLES[at % POLISH_TITLES.length]} ${at}` : product.title,
    }));
    agreesWithBruteForce(
      small,
      new ProductSearchIndex(small.products, small.categories, polish),
      ['kubki', 'butów', 'koszule', 'czapki', 'kubkami bia'],
      200,
      polish,
    );
  });

  it('finds the other Polish forms of a word, and a partly typed word by its prefix', () => {
    const small = buildDemoCatalog(20);
    POLISH_TITLES.slice(0, 3).forEach((title, at) => (small.products[at]!.title = title));
    const polish = new ProductSearchIndex(small.products, small.categories, wordFormsFor('pl-PL'));
    const titles = (q: string) => polish.search(q, { limit: 10 }).products.map((product) => product.title);
    assert.deepEqual(titles('kubki'), ['Kubek ceramiczny biały']);
    assert.deepEqual(titles('butów'), ['Buty skórzane czarne']);
    assert.deepEqual(titles('koszule'), ['Koszula lniana męska']);
    assert.deepEqual(titles('kubkami białymi'), ['Kubek ceramiczny biały']);
    assert.deepEqual(titles('kube'), ['Kubek ceramiczny biały']);
    assert.deepEqual(
      new ProductSearchIndex(small.products, small.categories).search('kubki', { limit: 10 }).total,
      0,
      'without word forms',
    );
  });

  it('ignores case and diacritics both ways', () => {
    // The demo catalog is English; its brands carry the diacritics.
    const zubr = catalog.products.find((product) => product.brand === 'Żubr Outdoor')!;
    const words = zubr.title.toLowerCase().split(' ');
    for (const q of [
      `zubr ${words.at(-1)}`,
      `ŻUBR ${words.at(-1)!.toUpperCase()}`,
      `żubr outdoor ${words.at(-1)}`,
      `Zub Outd ${words.at(-1)!.slice(0, 3)}`,
    ]) {
      assert.ok(ids(index.search(q, { limit: 50 }).products).includes(zubr.id), q);
    }
  });

  it('ranks title matches above matches in other fields', () => {
    // "Shirt" is in many titles (Oxford Shirt, T-Shirt) but also names the category of polos: titles come first.
    const found = index.search('shirt', { limit: 100 });
    const inTitle = found.products.map((product) =>
      searchWords(product.title).some((word) => word.startsWith('shirt')),
    );
    const firstOther = inTitle.indexOf(false);
    assert.ok(firstOther > 0, 'some title matches come first');
    assert.ok(
      inTitle.slice(firstOther).every((flag) => !flag),
      'no title match after a non-title match',
    );
    assert.ok(found.total > firstOther, 'other fields match too');
  });

  it('matches nothing for text without letters or digits', () => {
    assert.deepEqual(index.search(' !? ', { limit: 8 }), { products: [], total: 0 });
  });
});

describe('productSearchIndexFor', () => {
  it('keeps one index per catalog and rebuilds when the product array is replaced', () => {
    const data: CatalogData = buildDemoCatalog(50);
    const first = productSearchIndexFor(data);
    assert.equal(productSearchIndexFor(data), first);
    const renamed = data.products.map((product) =>
      product.id === 1 ? { ...product, title: 'Quetzal Teapot' } : product,
    );
    data.products = renamed;
    const second = productSearchIndexFor(data);
    assert.notEqual(second, first);
    assert.deepEqual(ids(second.search('quetzal', { limit: 8 }).products), [1]);
    assert.equal(first.search('quetzal', { limit: 8 }).total, 0);
  });
});
