/**
 * Importing a WooCommerce product CSV into the store: read every row, check it, then apply all or nothing (replace),
 * or every valid row (merge). The command line and tests call it alike; it knows nothing of terminals.
 */
import type { Store } from '../store/store.js';
import { priceChanges } from './price-history.js';
import { rowsToCatalog, type NumberedRow, type RowProblem } from './csv/rows-to-catalog.js';

export interface CatalogImportOptions {
  mode: 'replace' | 'merge';
  /** Check everything and report, change nothing. */
  dryRun?: boolean;
  /** `created_at` of new products (ISO); default now. */
  now?: string;
  /** Products written so far while the catalog is stored. */
  onWrite?: (products: number) => void;
}

export interface CatalogImportReport {
  /** Data rows in the file (the header not counted). */
  rows: number;
  /** Products and variations from valid rows. */
  products: number;
  variations: number;
  /** Every rejected row's problems, by row. */
  problems: RowProblem[];
  /** Whether the store was changed: never on a dry run, and on replace only when every row was valid. */
  applied: boolean;
  /** Products in the catalog as it now stands (or would stand, on a dry run). */
  catalogProducts: number;
  /** Items (simple products, variations) whose prices changed and were recorded in the price history. */
  recordedPrices: number;
}

/**
 * @example const report = await importCatalogRows(store, await readCsvFile('products.csv'), { mode: 'replace' });
 */
export async function importCatalogRows(store: Store, rows: readonly NumberedRow[], options: CatalogImportOptions): Promise<CatalogImportReport> {
  const result = rowsToCatalog(rows, store.catalog.data, { mode: options.mode, now: options.now });
  const applied = !options.dryRun && (result.problems.length === 0 || options.mode === 'merge');
  let recordedPrices = 0;
  if (applied) {
    const before = store.catalog.data.products;
    // A merge still stores the whole catalog: single-product writes are the next step of issue 10.
    const { products, ...meta } = result.catalog;
    await store.catalog.replace(meta, products, options.onWrite);
    // The replaced catalog is compared with the old one, so that every changed price enters the history.
    const changes = priceChanges(before, products, options.now ?? new Date().toISOString());
    await store.priceHistory.append(changes);
    recordedPrices = changes.length;
  }
  return {
    rows: rows.length,
    products: result.products,
    variations: result.variations,
    problems: result.problems,
    applied,
    catalogProducts: result.catalog.products.length,
    recordedPrices,
  };
}
