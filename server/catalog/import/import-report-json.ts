/**
 * The JSON an uploaded import answers with: the counts of catalog-import.ts's report and the rejected rows. A file
 * can have a million bad rows; the list is cut at {@link MAX_LISTED_PROBLEMS} (the counts stay exact), so that the
 * answer stays a size a browser can show, and `problems_truncated` says so.
 */
import type { CatalogImportReport } from '../catalog-import.js';

export const MAX_LISTED_PROBLEMS = 10_000;

export interface ImportReportJson {
  rows: number;
  products: number;
  variations: number;
  /** Rows with at least one problem. */
  rejected_rows: number;
  problems: { row: number; column: string; reason: string }[];
  problems_total: number;
  problems_truncated: boolean;
  applied: boolean;
  catalog_products: number;
  recorded_prices: number;
}

export function importReportJson(report: CatalogImportReport): ImportReportJson {
  return {
    rows: report.rows,
    products: report.products,
    variations: report.variations,
    rejected_rows: new Set(report.problems.map((problem) => problem.row)).size,
    problems: report.problems.slice(0, MAX_LISTED_PROBLEMS).map(({ row, column, reason }) => ({ row, column, reason })),
    problems_total: report.problems.length,
    problems_truncated: report.problems.length > MAX_LISTED_PROBLEMS,
    applied: report.applied,
    catalog_products: report.catalogProducts,
    recorded_prices: report.recordedPrices,
  };
}
