/**
 * Product search on a large catalog: index build time and query latency (p50/p95) over a fixed query mix.
 * Run: node --import tsx bench/product-search.bench.ts [products=200000]
 */
import { ProductSearchIndex } from '../server/catalog/product-search-index.js';
import { categoryWithDescendants } from '../server/catalog/category-tree.js';
import { buildDemoCatalog } from '../server/demo/demo-catalog.js';

const count = Number(process.argv[2] ?? 200_000);
const catalog = buildDemoCatalog(count);
let started = performance.now();
const index = new ProductSearchIndex(catalog.products, catalog.categories);
const buildMs = performance.now() - started;
const clothing = categoryWithDescendants(catalog.categories, 1);
const queries = [
  'a',
  'c',
  'zolty',
  'linen shirt',
  'wool',
  'nord',
  'vt-001',
  'classic cotton dress',
  'boot',
  'écru',
  'xyzzy',
  'tatra gear',
  'soft',
];
const timings: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const query of queries) {
    started = performance.now();
    index.search(query, { limit: 8, categoryIds: round % 2 ? clothing : null });
    timings.push(performance.now() - started);
  }
}
timings.sort((a, b) => a - b);
const at = (q: number) => timings[Math.floor(q * (timings.length - 1))]!.toFixed(2);
console.log(
  `${count} products: build ${buildMs.toFixed(0)} ms; ${timings.length} queries: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms; rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
);
