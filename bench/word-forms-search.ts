/**
 * `npm run bench -- --section word-forms [--sizes 100000,1000000 --runs 3]`: what matching word forms costs product
 * search, against matching folded tokens only, in one run so that ratios hold on a busy machine. Per catalog size:
 * the facet index build, `/filter` queries with `sf_q` (engine.query), the compliance search index build and its
 * searches, each without word forms, with English Snowball stems and with Polish Hunspell lemmas. The catalog is the
 * synthetic one with a Polish noun and adjective in front of every title, so that both languages find words to
 * work on. Also the Polish dictionary's load time and heap, read once per process.
 */
import { emptyFilterState } from '../client/facet-filter/query-state.js';
import type { CatalogData } from '../server/catalog/model.js';
import { ProductSearchIndex } from '../server/catalog/product-search-index.js';
import { generateSyntheticCatalogData } from '../server/catalog/synthetic-catalog.js';
import { wordFormsFor, type WordForms } from '../server/catalog/word-forms/word-forms.js';
import { defaultFacetConfig } from '../server/facets/config.js';
import { FacetEngine } from '../server/facets/engine/engine.js';
import { percentile } from './report.js';

const POLISH_NOUNS = ['Kubek', 'Kubki', 'Buty', 'Koszula', 'Koszule', 'Czapka', 'Spodnie', 'Sukienka', 'Kurtka', 'Plecak', 'Zegarek', 'Szalik'];
const POLISH_ADJECTIVES = ['biały', 'czarne', 'lniana', 'bawełniane', 'skórzane', 'wełniany', 'zielona', 'klasyczny'];
/** Whole words, word forms the titles lack, partly typed words and two-word queries. */
const QUERIES = ['kubki', 'butów', 'koszule lniane', 'czapki', 'shirts', 'classic', 'kub', 'a', 'cotton sh', 'zolty', 'boots', 'spodni czarnych'];

const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);
const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ms`;

function polishCatalog(size: number): CatalogData {
  const catalog = generateSyntheticCatalogData({ products: size, seed: 1 });
  catalog.products = catalog.products.map((product, at) => ({
    ...product, title: `${POLISH_NOUNS[at % POLISH_NOUNS.length]} ${POLISH_ADJECTIVES[(at >> 3) % POLISH_ADJECTIVES.length]} ${product.title}`,
  }));
  return catalog;
}

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const value = work();
  return [value, performance.now() - started];
}

interface Row {
  label: string;
  build: number;
  filter: number;
  searchBuild: number;
  search: number;
  found: number;
}

interface Variant {
  label: string;
  wordForms: WordForms | null;
  builds: number[];
  searchBuilds: number[];
  engine?: FacetEngine;
  index?: ProductSearchIndex;
}

/**
 * Builds every variant `runs` times, interleaved (run 1 of each, then run 2 of each...), after one build thrown
 * away, so that warm-up and a neighbour's load fall on all of them alike; then times the queries the same way.
 */
function measure(catalog: CatalogData, variants: Variant[], runs: number): Row[] {
  const config = defaultFacetConfig();
  FacetEngine.build(catalog, config);
  for (let run = 0; run < runs; run++) {
    for (const variant of variants) {
      const [engine, took] = timed(() => FacetEngine.build(catalog, config, { wordForms: variant.wordForms }));
      variant.engine = engine;
      variant.builds.push(took);
      const [index, indexTook] = timed(() => new ProductSearchIndex(catalog.products, catalog.categories, variant.wordForms));
      variant.index = index;
      variant.searchBuilds.push(indexTook);
    }
  }
  const filters = variants.map(() => [] as number[]);
  const searches = variants.map(() => [] as number[]);
  const found = variants.map(() => 0);
  for (let run = 0; run < 6; run++) {
    for (const q of QUERIES) {
      variants.forEach((variant, at) => {
        const engine = variant.engine!;
        const [result, took] = timed(() => engine.query({ ...emptyFilterState(engine.schema), q }));
        // The first round warms up.
        if (run === 0) found[at]! += result.found;
        else filters[at]!.push(took);
        const searched = timed(() => variant.index!.search(q, { limit: 8 }))[1];
        if (run > 0) searches[at]!.push(searched);
      });
    }
  }
  return variants.map((variant, at) => ({
    label: variant.label, build: median(variant.builds), filter: median(filters[at]!), searchBuild: median(variant.searchBuilds), search: median(searches[at]!), found: found[at]!,
  }));
}

/** The Polish dictionary's first use: reading and parsing it, and the heap it keeps. */
function dictionaryLoad(): string {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const [, took] = timed(() => wordFormsFor('pl-PL')!.formsOf('kubki'));
  globalThis.gc?.();
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  return `Polish dictionary (dictionary-pl) loaded on first use in ${ms(took)}, ${heap.toFixed(0)} MB of heap${globalThis.gc ? '' : ' (run node with --expose-gc for an exact figure)'}`;
}

export async function measureWordFormsSearch(sizes: readonly number[], runs: number): Promise<void> {
  console.log(`\n## Search with word forms\n\n${dictionaryLoad()}\n`);
  for (const size of sizes) {
    const catalog = polishCatalog(size);
    const variant = (label: string, wordForms: WordForms | null): Variant => ({ label, wordForms, builds: [], searchBuilds: [] });
    const rows = measure(catalog, [
      variant('folded tokens only', null), variant('English (Snowball)', wordFormsFor('en-GB')), variant('Polish (Hunspell lemmas)', wordFormsFor('pl-PL')),
    ], runs);
    const base = rows[0]!;
    const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}×`;
    console.log(`### ${size.toLocaleString('en')} products (medians of ${runs} builds each and of ${QUERIES.length * 5} queries, interleaved)\n`);
    console.log('| matching | facet index build | /filter with sf_q | search index build | compliance search | products found (sum) |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const row of rows) {
      console.log(`| ${row.label} | ${ms(row.build)} (${ratio(row.build, base.build)}) | ${ms(row.filter)} (${ratio(row.filter, base.filter)}) | ${ms(row.searchBuild)} (${ratio(row.searchBuild, base.searchBuild)}) | ${ms(row.search)} (${ratio(row.search, base.search)}) | ${row.found} |`);
    }
    console.log('');
  }
}
