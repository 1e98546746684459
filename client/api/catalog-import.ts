/**
 * `vitrine/v1/catalog/import`: WooCommerce's product CSV as the request body. A dry run answers the report at once;
 * otherwise the import runs as a job whose progress `GET /vitrine/v1/catalog/import/{job}` answers.
 */

import type { ImageFetchJob } from './media.js';

export type ImportMode = 'merge' | 'replace';

export interface ImportReport {
  rows: number;
  products: number;
  variations: number;
  /** Rows with at least one problem. */
  rejected_rows: number;
  /** At most 10,000; the counts stay exact. Rows are numbered as a spreadsheet shows them. */
  problems: { row: number; column: string; reason: string }[];
  problems_total: number;
  problems_truncated: boolean;
  /** False for a dry run, and for a replace that found bad rows. */
  applied: boolean;
  catalog_products: number;
  recorded_prices: number;
}

export interface ImportJob {
  id: string;
  mode: ImportMode;
  status: 'running' | 'done' | 'failed';
  phase: 'reading' | 'checking' | 'writing' | 'done';
  /** 0-100 over the whole job; 100 only when it has finished. */
  percent: number;
  /** ISO 8601 in UTC. */
  started_at: string;
  finished_at: string | null;
  /** The report once finished. */
  report: ImportReport | null;
  /** Why the job failed (a file that is not WooCommerce's product CSV, broken quoting). */
  error: string | null;
  /**
   * Once the products are stored: the job bringing the images the file names by URL into the media library (it may
   * run on after the import is done), or null when the file names none.
   */
  images: ImageFetchJob | null;
}
