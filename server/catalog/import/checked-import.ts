/**
 * An import checked and ready to publish: every row read and checked against a base catalog, and what the store
 * must do with it, computed without touching the store. Pure, so that the same function runs in the import worker
 * (import-worker.ts, off the serving thread) and in process (the command line, tests).
 */
import type { ImportMode } from '../../../client/api/catalog-import.js';
import type { CatalogEdit, PriceChange } from '../../store/store.js';
import { productById } from '../../store/catalog-lookup.js';
import { rowsToCatalog, type NumberedRow, type RowProblem } from '../csv/rows-to-catalog.js';
import { firstPriceCandidates } from '../first-known-price.js';
import type { CatalogData } from '../model.js';
import { priceChanges } from '../price-history.js';
import type { PreparedWork } from './worker-side-work.js';

export type { ImportMode };

export interface CheckOptions {
  mode: ImportMode;
  /** ISO time of the import: `created_at` of new products, the time of their prices. */
  now: string;
  /** Only report: nothing is prepared for the store. */
  dryRun?: boolean;
  /** The shop's locale, in which prices may be written ("39,90" in pl-PL). */
  locale?: string;
}

export interface CheckedImport {
  mode: ImportMode;
  now: string;
  /** Data rows in the file (the header not counted). */
  rows: number;
  /** Every rejected row's problems, by row. */
  problems: RowProblem[];
  /** Products and variations from valid rows. */
  products: number;
  variations: number;
  /** Products in the catalog as it would stand. */
  catalogProducts: number;
  /** Replace: the whole new catalog, when every row is valid. */
  catalog: CatalogData | null;
  /** Merge: the products the file changes or adds, over the base catalog. */
  edit: CatalogEdit | null;
  /** Replace: the prices that change against the base (a merge's are found when it is stored). */
  changes: PriceChange[];
  /** Replace: the first known prices of the items whose prices change (first-known-price.ts). */
  firstPrices: PriceChange[];
  /**
   * The applied product rows that name images, with only their `Type` and `Images` cells: what fetching the images
   * after the import reads (the media library's, above the catalog), without keeping every row.
   */
  imageRows: NumberedRow[];
  /** Replace, checked in the import worker: what its worker-side work made of the catalog (worker-side-work.ts). */
  prepared?: PreparedWork | null;
}

/** The valid product rows' `Images` cells (variations have no picture of their own to fetch). */
function imageRowsOf(rows: readonly NumberedRow[], problems: readonly { row: number }[]): NumberedRow[] {
  const rejected = new Set(problems.map((problem) => problem.row));
  return rows.flatMap(({ row, cells }) =>
    rejected.has(row) || !cells.Images || /variation/i.test(cells.Type ?? '')
      ? []
      : [{ row, cells: { Type: cells.Type ?? '', Images: cells.Images } }],
  );
}

/** What a merge changed: the products that are not the base's own objects, and the categories when new ones came. */
function mergeEdit(before: CatalogData, after: CatalogData): CatalogEdit {
  const upsert = after.products.filter((product) => productById(before.products, product.id) !== product);
  const edit: CatalogEdit = { upsert, remove: [] };
  if (JSON.stringify(after.categories) !== JSON.stringify(before.categories)) edit.categories = after.categories;
  if (JSON.stringify(after.attributes) !== JSON.stringify(before.attributes)) edit.attributes = after.attributes;
  return edit;
}

/** @example checkImport(await readCsvFile('products.csv'), store.catalog.data, { mode: 'replace', now }).problems */
export function checkImport(rows: readonly NumberedRow[], base: CatalogData, options: CheckOptions): CheckedImport {
  const result = rowsToCatalog(rows, base, { mode: options.mode, now: options.now, locale: options.locale });
  const checked: CheckedImport = {
    mode: options.mode,
    now: options.now,
    rows: rows.length,
    problems: result.problems,
    products: result.products,
    variations: result.variations,
    catalogProducts: result.catalog.products.length,
    catalog: null,
    edit: null,
    changes: [],
    firstPrices: [],
    imageRows: [],
  };
  if (options.dryRun) return checked;
  checked.imageRows = imageRowsOf(rows, result.problems);
  if (options.mode === 'merge') {
    checked.edit = mergeEdit(base, result.catalog);
  } else if (result.problems.length === 0) {
    checked.catalog = result.catalog;
    // The replaced catalog is compared with the old one, so that every changed price enters the history.
    checked.changes = priceChanges(base.products, result.catalog.products, options.now);
    checked.firstPrices = firstPriceCandidates(base.products, checked.changes);
  }
  return checked;
}
