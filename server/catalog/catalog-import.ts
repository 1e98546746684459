/**
 * Importing a WooCommerce product CSV into the store: read every row, check it, then apply all or nothing (replace),
 * or every valid row (merge). The command line and tests call it alike; it knows nothing of terminals.
 */
import type { CatalogEdit, Store } from '../store/store.js';
import { productById } from '../store/catalog-lookup.js';
import { changeProducts } from './catalog-writes.js';
import { rowsToCatalog, type NumberedRow, type RowProblem, type RowsToCatalogResult } from './csv/rows-to-catalog.js';
import type { CatalogData } from './model.js';
import { firstKnownPrices } from './first-known-price.js';
import { priceChanges } from './price-history.js';
import { recordPriceChanges } from './price-history-cache.js';

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
  const now = options.now ?? new Date().toISOString();
  if (options.mode === 'merge' && !options.dryRun) return mergeCatalogRows(store, rows, now);
  const result = rowsToCatalog(rows, store.catalog.data, { mode: options.mode, now });
  const applied = !options.dryRun && result.problems.length === 0;
  let recordedPrices = 0;
  if (applied) {
    const before = store.catalog.data.products;
    const { products, ...meta } = result.catalog;
    await store.catalog.replace(meta, products, options.onWrite);
    // The replaced catalog is compared with the old one, so that every changed price enters the history.
    const changes = priceChanges(before, products, now);
    await recordPriceChanges(store, [...await firstKnownPrices(store, before, changes), ...changes]);
    recordedPrices = changes.length;
  }
  return reportOf(rows, result, applied, recordedPrices);
}

/**
 * A merge is stored as an edit of the products it touches, read from the freshest catalog, so that the facet index
 * and other instances apply it without a rebuild, and a product changed meanwhile through the API is not overwritten
 * with an older copy.
 */
async function mergeCatalogRows(store: Store, rows: readonly NumberedRow[], now: string): Promise<CatalogImportReport> {
  const { result, recordedPrices } = await changeProducts(
    store,
    (catalog) => {
      const merged = rowsToCatalog(rows, catalog, { mode: 'merge', now });
      return { edit: mergeEdit(catalog, merged.catalog), result: merged };
    },
    () => now,
  );
  return reportOf(rows, result, true, recordedPrices);
}

/** What a merge changed: the products that are not the catalog's own objects, and the categories when new ones came. */
function mergeEdit(before: CatalogData, after: CatalogData): CatalogEdit {
  const upsert = after.products.filter((product) => productById(before.products, product.id) !== product);
  const edit: CatalogEdit = { upsert, remove: [] };
  if (JSON.stringify(after.categories) !== JSON.stringify(before.categories)) edit.categories = after.categories;
  if (JSON.stringify(after.attributes) !== JSON.stringify(before.attributes)) edit.attributes = after.attributes;
  return edit;
}

function reportOf(rows: readonly NumberedRow[], result: RowsToCatalogResult, applied: boolean, recordedPrices: number): CatalogImportReport {
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
