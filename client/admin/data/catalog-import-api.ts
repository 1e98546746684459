/** The CSV import's calls: the dry run, starting the job, and reading its progress (server/catalog/import/). */
import type { ImportJob, ImportMode, ImportReport } from '../../api/catalog-import.js';
import { restGet, restUpload } from './rest-client.js';

/** The file goes as the request body, as it is: no form encoding, so a 40 MB file costs 40 MB. */
const upload = <T>(file: File, args: string) =>
  restUpload<T>(`/vitrine/v1/catalog/import?${args}`, file, { 'Content-Type': 'text/csv' });

/** Checks the whole file and reports; nothing changes. */
export const checkCsv = (file: File, mode: ImportMode) => upload<ImportReport>(file, `dry_run=true&mode=${mode}`);
export const startImport = (file: File, mode: ImportMode) => upload<ImportJob>(file, `mode=${mode}`);
export const readImportJob = (id: string) => restGet<ImportJob>(`/vitrine/v1/catalog/import/${encodeURIComponent(id)}`);
