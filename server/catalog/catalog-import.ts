/**
 * Importing a WooCommerce product CSV into the store in process: read every row, check it, then apply all or nothing
 * (replace), or every valid row (merge). The command line and tests call it; the admin's uploads run the same check
 * in a worker thread (import/import-jobs.ts), so that the shop keeps serving. It knows nothing of terminals.
 */
import type { Store } from '../store/store.js';
import type { NumberedRow, RowProblem } from './csv/rows-to-catalog.js';
import { checkImport, type CheckedImport } from './import/checked-import.js';
import { publishImport } from './import/publish-import.js';

export interface CatalogImportOptions {
  mode: 'replace' | 'merge';
  /** Check everything and report, change nothing. */
  dryRun?: boolean;
  /** `created_at` of new products (ISO); default now. */
  now?: string;
  /** The locale prices may be written in; default the shop's. */
  locale?: string;
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

export function reportOf(checked: CheckedImport, applied: boolean, recordedPrices: number): CatalogImportReport {
  const { rows, products, variations, problems, catalogProducts } = checked;
  return { rows, products, variations, problems, applied, catalogProducts, recordedPrices };
}

/**
 * @example const report = await importCatalogRows(store, await readCsvFile('products.csv'), { mode: 'replace' });
 */
export async function importCatalogRows(
  store: Store,
  rows: readonly NumberedRow[],
  options: CatalogImportOptions,
): Promise<CatalogImportReport> {
  const now = options.now ?? new Date().toISOString();
  const base = store.catalog.data;
  const locale = options.locale ?? store.site.data.settings.general.locale;
  const checked = checkImport(rows, base, { mode: options.mode, now, dryRun: options.dryRun, locale });
  if (options.dryRun) return reportOf(checked, false, 0);
  // A merge is checked again under the store's lock when the catalog changed meanwhile, so that a product changed
  // through the API is not overwritten with an older copy.
  const outcome = await publishImport(store, checked, base.products, {
    onWrite: options.onWrite,
    recheck: (catalog) => checkImport(rows, catalog, { mode: options.mode, now, locale }),
  });
  return reportOf(outcome.checked, outcome.applied, outcome.recordedPrices);
}
