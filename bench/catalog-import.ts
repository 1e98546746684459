/**
 * The import benchmark: a WooCommerce product CSV of N variable products with V variations each (the
 * synthetic catalog's products, each sold in V sizes) is written, then imported into a fresh data folder the way
 * `vitrine catalog import` does (read, check every row, store the catalog, record the price history).
 * Target: 100,000 products with 300,000 variations in 60 s or less. Then the same file is uploaded to a server process
 * while `/filter` is measured (import-under-load.ts).
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCatalogRows } from '../server/catalog/catalog-import.js';
import { readCsvFile, writeCsvFile } from '../server/catalog/csv/csv-files.js';
import type { CatalogData, Product } from '../server/catalog/model.js';
import { generateSyntheticCatalog } from '../server/catalog/synthetic-catalog.js';
import { openLowdbStore } from '../server/store/lowdb/lowdb-store.js';
import { measureFilterDuringImportApart } from './import-under-load.js';

const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'];

/**
 * The synthetic catalog with every product variable, in `variations` sizes, without descriptions: with them, the
 * file of 100,000 products passes the admin's upload limit (64 MB) since the CSV gained its tax and stock columns.
 */
export function variableCatalog(products: number, variations: number): CatalogData {
  const synthetic = generateSyntheticCatalog({ products, seed: 7 });
  let nextId = products + 1;
  const all: Product[] = [];
  for (const product of synthetic.products) {
    const sizes = SIZES.slice(0, variations);
    all.push({
      ...product,
      description: '',
      type: 'variable',
      attributes: { ...product.attributes, size: sizes },
      variations: sizes.map((size, index) => ({
        id: nextId++,
        sku: `${product.sku}-${size}`,
        attributes: { size },
        regular_price: product.regular_price + index,
        sale_price: product.sale_price,
        in_stock: index !== 1,
        stock_quantity: index === 1 ? 0 : 10 + index,
      })),
    });
  }
  return { categories: synthetic.categories, attributes: synthetic.attributes, products: all };
}

export async function measureCatalogImport(products = 100_000, variations = 3): Promise<void> {
  const folder = join(import.meta.dirname, '.cache');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `import-${products}x${variations}.csv`);
  const catalog = variableCatalog(products, variations);
  let started = performance.now();
  const rowsWritten = await writeCsvFile(file, catalog);
  const exportSeconds = (performance.now() - started) / 1000;
  const dataDir = await mkdtemp(join(tmpdir(), 'vitrine-import-bench-'));
  try {
    const store = await openLowdbStore(dataDir, { watch: false });
    started = performance.now();
    const rows = await readCsvFile(file);
    const readSeconds = (performance.now() - started) / 1000;
    const report = await importCatalogRows(store, rows, { mode: 'replace' });
    const totalSeconds = (performance.now() - started) / 1000;
    await store.close();
    if (report.problems.length > 0)
      throw new Error(`The benchmark's own file has problems: ${JSON.stringify(report.problems.slice(0, 3))}`);
    console.log(
      `\n### Catalog import (WooCommerce CSV, ${(statSync(file).size / 1e6).toFixed(0)} MB, ${rowsWritten.toLocaleString('en')} rows)\n`,
    );
    console.log(
      '| products | variations | export | read CSV | check + store + price history | import total | target |',
    );
    console.log('|---|---|---|---|---|---|---|');
    console.log(
      `| ${report.products.toLocaleString('en')} | ${report.variations.toLocaleString('en')} | ${exportSeconds.toFixed(1)} s | ${readSeconds.toFixed(1)} s | ` +
        `${(totalSeconds - readSeconds).toFixed(1)} s | ${totalSeconds.toFixed(1)} s | ≤ 60 s: ${totalSeconds <= 60 ? 'MET' : 'NOT MET'} |`,
    );
    console.log(`(${report.recordedPrices.toLocaleString('en')} prices recorded in the price history.)`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  measureFilterDuringImportApart(file, products);
}
