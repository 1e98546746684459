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
import { TextIndex } from '../server/facets/engine/text-index.js';
import { percentile } from './report.js';
import { compareWordForms } from './word-forms-comparison.js';

const POLISH_NOUNS = [
  'Kubek',
  'Kubki',
  'Buty',
  'Koszula',
  'Koszule',
  'Czapka',
  'Spodnie',
  'Sukienka',
  'Kurtka',
  'Plecak',
  'Zegarek',
  'Szalik',
];
const POLISH_ADJECTIVES = ['biały', 'czarne', 'lniana', 'bawełniane', 'skórzane', 'wełniany', 'zielona', 'klasyczny'];
/** Whole words, word forms the titles lack, partly typed words and two-word queries. */
const QUERIES = [
  'kubki',
  'butów',
  'koszule lniane',
  'czapki',
  'shirts',
  'classic',
  'kub',
  'a',
  'cotton sh',
  'zolty',
  'boots',
  'spodni czarnych',
];

/** Timed runs of each query, after one that warms up. */
const QUERY_RUNS = 20;

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ms`;

function polishCatalog(size: number): CatalogData {
  const catalog = generateSyntheticCatalogData({ products: size, seed: 1 });
  catalog.products = catalog.products.map((product, at) => ({
    ...product,
    title: `${POLISH_NOUNS[at % POLISH_NOUNS.length]} ${POLISH_ADJECTIVES[(at >> 3) % POLISH_ADJECTIVES.length]} ${product.title}`,
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
  /** The facet engine's text index alone: the one part of the build that word forms change. */
  textBuild: number;
  searchBuild: number;
  /** Per query: median time of /filter and of the compliance search, and products found by /filter. */
  filter: number[];
  search: number[];
  found: number[];
}

interface Variant {
  label: string;
  wordForms: WordForms | null;
  builds: number[];
  textBuilds: number[];
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
      const [index, indexTook] = timed(
        () => new ProductSearchIndex(catalog.products, catalog.categories, variant.wordForms),
      );
      variant.index = index;
      variant.searchBuilds.push(indexTook);
    }
  }
  // The text index is small next to the whole build: timed more often, its median is steadier.
  for (let run = 0; run < runs * 3; run++) {
    for (const variant of variants)
      variant.textBuilds.push(timed(() => new TextIndex(catalog.products, variant.wordForms))[1]);
  }
  const filters = variants.map(() => QUERIES.map(() => [] as number[]));
  const searches = variants.map(() => QUERIES.map(() => [] as number[]));
  const found = variants.map(() => QUERIES.map(() => 0));
  // The first round warms up.
  for (let run = 0; run <= QUERY_RUNS; run++) {
    QUERIES.forEach((q, query) => {
      variants.forEach((variant, at) => {
        const engine = variant.engine!;
        const [result, took] = timed(() => engine.query({ ...emptyFilterState(engine.schema), q }));
        found[at]![query] = result.found;
        const searched = timed(() => variant.index!.search(q, { limit: 8 }))[1];
        if (run === 0) return;
        filters[at]![query]!.push(took);
        searches[at]![query]!.push(searched);
      });
    });
  }
  return variants.map((variant, at) => ({
    label: variant.label,
    build: median(variant.builds),
    textBuild: median(variant.textBuilds),
    searchBuild: median(variant.searchBuilds),
    filter: filters[at]!.map(median),
    search: searches[at]!.map(median),
    found: found[at]!,
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
  console.log(`\n## Search with word forms\n\n${dictionaryLoad()}\n\n${compareWordForms()}\n`);
  for (const size of sizes) {
    const catalog = polishCatalog(size);
    const variant = (label: string, wordForms: WordForms | null): Variant => ({
      label,
      wordForms,
      builds: [],
      textBuilds: [],
      searchBuilds: [],
    });
    const rows = measure(
      catalog,
      [
        variant('folded tokens only', null),
        variant('English (Snowball)', wordFormsFor('en-GB')),
        variant('Polish (Hunspell lemmas)', wordFormsFor('pl-PL')),
      ],
      runs,
    );
    const base = rows[0]!;
    const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}×`;
    const sum = (values: readonly number[], queries: readonly number[]) =>
      queries.reduce((total, query) => total + values[query]!, 0);
    const all = QUERIES.map((_, query) => query);
    // Queries whose results word forms leave as they were: the cost of matching by forms alone, not of counting more.
    const same = all.filter((query) => rows.every((row) => row.found[query] === base.found[query]));
    console.log(
      `### ${size.toLocaleString('en')} products (medians of ${runs} builds each, ${runs * 3} text index builds and ${QUERY_RUNS} runs of each query, interleaved)\n`,
    );
    console.log(
      `/filter and search: the sum of the per-query medians, over all ${all.length} queries and over the ${same.length} whose results are the same in every row (${same.map((query) => `"${QUERIES[query]}"`).join(', ')}).\n`,
    );
    console.log(
      'The text index is the part of the facet index build that word forms change; "text index over build" is its extra time over the build without word forms.\n',
    );
    console.log(
      '| matching | facet index build | text index (over build) | /filter, all queries | /filter, same results | search index build | compliance search, all | products found by /filter |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const row of rows) {
      const extra = `${(((row.textBuild - base.textBuild) / base.build) * 100).toFixed(1)} %`;
      console.log(
        `| ${row.label} | ${ms(row.build)} (${ratio(row.build, base.build)}) | ${ms(row.textBuild)} (${ratio(row.textBuild, base.textBuild)}; ${extra}) | ${ms(sum(row.filter, all))} (${ratio(sum(row.filter, all), sum(base.filter, all))}) | ${ms(sum(row.filter, same))} (${ratio(sum(row.filter, same), sum(base.filter, same))}) | ${ms(row.searchBuild)} (${ratio(row.searchBuild, base.searchBuild)}) | ${ms(sum(row.search, all))} (${ratio(sum(row.search, all), sum(base.search, all))}) | ${sum(row.found, all)} |`,
      );
    }
    console.log('\nPer query, /filter median and products found:\n');
    console.log(`| query | ${rows.map((row) => row.label).join(' | ')} |`);
    console.log(`| --- | ${rows.map(() => '---').join(' | ')} |`);
    QUERIES.forEach((q, query) =>
      console.log(`| ${q} | ${rows.map((row) => `${ms(row.filter[query]!)}, ${row.found[query]}`).join(' | ')} |`),
    );
    console.log('');
  }
}
