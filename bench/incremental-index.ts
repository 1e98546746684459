/**
 * `npm run bench -- --section incremental`: what one product update costs the indexes at 100,000 products, against
 * a full rebuild. Builds the facet engine on the synthetic catalog, measures the query mix, applies 1,000 edits of
 * one product each (a price, a stock or a colour change, in turn) through `FacetEngine.applyEdit` and the product
 * search (with the search that follows each), then measures the query mix again: edits leave rows out of clustering,
 * which counting may feel.
 */
import { generateSyntheticCatalogData } from '../server/catalog/synthetic-catalog.js';
import { productSearchIndexFor } from '../server/catalog/edited-product-search.js';
import type { CatalogData, Product } from '../server/catalog/model.js';
import { ProductSearchIndex } from '../server/catalog/product-search-index.js';
import { SeededRandom } from '../server/catalog/seeded-random.js';
import { defaultFacetConfig } from '../server/facets/config.js';
import { FacetEngine } from '../server/facets/engine/engine.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyCatalogEdit } from '../server/store/catalog-edits.js';
import { openLowdbStore } from '../server/store/lowdb/lowdb-store.js';
import { benchmarkQueries } from './queries.js';
import { percentile } from './report.js';

const SIZE = 100_000;
const UPDATES = 1_000;
const COLOURS = ['Red', 'Navy', 'Black', 'White', 'Olive', 'Pink'];

type Kind = 'price' | 'stock' | 'attribute';
const KINDS: Kind[] = ['price', 'stock', 'attribute'];

function changed(product: Product, kind: Kind, random: SeededRandom): Product {
  const variations = product.variations;
  if (kind === 'price') {
    const price = Math.round(random.next() * 20000) / 100 + 1;
    return variations?.length
      ? {
          ...product,
          variations: variations.map((variation, at) =>
            at === 0 ? { ...variation, regular_price: price } : variation,
          ),
        }
      : { ...product, regular_price: price };
  }
  if (kind === 'stock') {
    return variations?.length
      ? {
          ...product,
          variations: variations.map((variation, at) =>
            at === 0 ? { ...variation, in_stock: !variation.in_stock } : variation,
          ),
        }
      : { ...product, in_stock: !product.in_stock };
  }
  return {
    ...product,
    attributes: { ...product.attributes, color: [COLOURS[Math.floor(random.next() * COLOURS.length)]!] },
  };
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

function queryTimes(engine: FacetEngine): number[] {
  const queries = benchmarkQueries(engine.schema);
  for (const state of queries.slice(0, 50)) engine.query(state); // warm-up
  return queries.map((state) => {
    const started = performance.now();
    engine.query(state);
    return performance.now() - started;
  });
}

const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ms`;

export async function measureIncrementalIndex(): Promise<void> {
  let catalog: CatalogData = generateSyntheticCatalogData({ products: SIZE, seed: 1 });
  const config = defaultFacetConfig();
  const builds: number[] = [];
  let engine!: FacetEngine;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    engine = FacetEngine.build(catalog, config);
    builds.push(performance.now() - started);
  }
  let started = performance.now();
  new ProductSearchIndex(catalog.products, catalog.categories);
  const searchBuild = performance.now() - started;
  productSearchIndexFor(catalog);
  const queriesBefore = queryTimes(engine);

  const random = new SeededRandom(7);
  const facetCost: Record<Kind, number[]> = { price: [], stock: [], attribute: [] };
  const searchCost: number[] = [];
  for (let update = 0; update < UPDATES; update++) {
    const kind = KINDS[update % KINDS.length]!;
    const product = catalog.products[Math.floor(random.next() * catalog.products.length)]!;
    const edit = { upsert: [changed(product, kind, random)], remove: [] };
    const before = catalog.products;
    catalog = applyCatalogEdit(catalog, edit);
    started = performance.now();
    if (!engine.applyEdit(edit))
      throw new Error('The engine declined a one-product edit: the benchmark would measure rebuilds.');
    facetCost[kind].push(performance.now() - started);
    started = performance.now();
    // As the store answers editsSince; every 1,000 changed products the search is rebuilt, which the p95 shows.
    productSearchIndexFor(catalog, (products) => (products === before ? [edit] : null)).search('classic', { limit: 8 });
    searchCost.push(performance.now() - started);
  }
  const queriesAfter = queryTimes(engine);
  // The edited engine must still answer as a fresh build: a fast wrong index is no result.
  const fresh = FacetEngine.build(catalog, config);
  for (const state of benchmarkQueries(fresh.schema, 50, 99)) {
    const [a, b] = [engine.query(state), fresh.query(state)];
    if (a.found !== b.found || a.products.map((p) => p.id).join() !== b.products.map((p) => p.id).join())
      throw new Error('The edited engine disagrees with a fresh build.');
  }

  const rebuild = median(builds);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const row = (label: string, values: number[]) => {
    const p50 = percentile(sorted(values), 50);
    return `| ${label} | ${ms(p50)} | ${ms(percentile(sorted(values), 95))} | ${Math.round(rebuild / p50).toLocaleString('en')}x |`;
  };
  const all = [...facetCost.price, ...facetCost.stock, ...facetCost.attribute];
  console.log(
    `\n### Incremental indexing, ${SIZE.toLocaleString('en')} products (${engine.stats.indexed.toLocaleString('en')} after edits), ${UPDATES.toLocaleString('en')} one-product updates\n`,
  );
  console.log(`Full facet rebuild: ${ms(rebuild)} (median of 3). Full product-search build: ${ms(searchBuild)}.\n`);
  console.log('| one product update | p50 | p95 | faster than a rebuild (p50) |');
  console.log('|---|---|---|---|');
  console.log(row('facet index: price change', facetCost.price));
  console.log(row('facet index: stock change', facetCost.stock));
  console.log(row('facet index: attribute change', facetCost.attribute));
  console.log(row('facet index: all updates', all));
  console.log(
    `| product search: edit + first search (rebuilt every 1,000 changed products) | ${ms(median(searchCost))} | ${ms(percentile(sorted(searchCost), 95))} | ${Math.round(searchBuild / median(searchCost)).toLocaleString('en')}x (vs its build) |`,
  );
  console.log(
    `\nQuery p50 (200-query mix): ${ms(median(queriesBefore))} before, ${ms(median(queriesAfter))} after the updates (x${(median(queriesAfter) / median(queriesBefore)).toFixed(2)}); the edited engine agrees with a fresh build.`,
  );
  const stored = await storeCost(catalog, random);
  console.log(
    `Storing one update (lowdb data folder: catalog journal append + fsync, new products array): p50 ${ms(percentile(sorted(stored), 50))}, p95 ${ms(percentile(sorted(stored), 95))} over ${stored.length} updates.`,
  );
}

/** What `store.catalog.change` of one product costs on the default store, durable write included. */
async function storeCost(catalog: CatalogData, random: SeededRandom): Promise<number[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vitrine-bench-edit-'));
  const store = await openLowdbStore(folder, { watch: false });
  try {
    const { products, ...meta } = catalog;
    await store.catalog.replace(meta, products);
    const times: number[] = [];
    for (let update = 0; update < 200; update++) {
      const kind = KINDS[update % KINDS.length]!;
      const started = performance.now();
      await store.catalog.change((current) => {
        const product = current.products[Math.floor(random.next() * current.products.length)]!;
        return { edit: { upsert: [changed(product, kind, random)], remove: [] }, result: null };
      });
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
}
