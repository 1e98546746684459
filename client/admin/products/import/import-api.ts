/** The CSV import's calls: the dry run, starting the job, and reading its progress (server/catalog/import/). */
import apiFetch from '@wordpress/api-fetch';

export type ImportMode = 'merge' | 'replace';

export interface ImportReport {
  rows: number;
  products: number;
  variations: number;
  rejected_rows: number;
  problems: { row: number; column: string; reason: string }[];
  problems_total: number;
  problems_truncated: boolean;
  applied: boolean;
  catalog_products: number;
}

export interface ImportJob {
  id: string;
  status: 'running' | 'done' | 'failed';
  phase: 'reading' | 'checking' | 'writing' | 'done';
  percent: number;
  report: ImportReport | null;
  error: string | null;
}

/** The file goes as the request body, as it is: no form encoding, so a 40 MB file costs 40 MB. */
const upload = <T,>(file: File, query: string) =>
  apiFetch<T>({ path: `/vitrine/v1/catalog/import?${query}`, method: 'POST', body: file, headers: { 'Content-Type': 'text/csv' } });

export const checkCsv = (file: File, mode: ImportMode) => upload<ImportReport>(file, `dry_run=true&mode=${mode}`);
export const startImport = (file: File, mode: ImportMode) => upload<ImportJob>(file, `mode=${mode}`);
export const readJob = (id: string) => apiFetch<ImportJob>({ path: `/vitrine/v1/catalog/import/${encodeURIComponent(id)}` });
