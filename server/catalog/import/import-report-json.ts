/**
 * The JSON an uploaded import answers with: the counts of catalog-import.ts's report and the rejected rows. A file
 * can have a million bad rows; the list is cut at {@link MAX_LISTED_PROBLEMS} (the counts stay exact), so that the
 * answer stays a size a browser can show, and `problems_truncated` says so.
 */
import type { ImportReport } from '../../../client/api/catalog-import.js';
import type { CatalogImportReport } from '../catalog-import.js';

export const MAX_LISTED_PROBLEMS = 10_000;

/** The import report as the API answers it (client/api/catalog-import.ts). */
export type ImportReportJson = ImportReport;

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
