/**
 * Catalog imports applied as jobs: the upload is answered at once with a job id, and the import runs after, its
 * progress readable by id (`GET /vitrine/v1/catalog/import/{job}`). A request that held a 64 MB import open would
 * outlive proxies' timeouts and tell the manager nothing until the end; a job answers in milliseconds and can be
 * polled for a progress bar.
 *
 * Jobs live in this process's memory: the instance that took the upload is the one that knows its progress (behind
 * a load balancer, sticky sessions keep a manager's polls there). Only the last few finished jobs are kept.
 */
import type { ImportJob, ImportMode } from '../../../client/api/catalog-import.js';
import type { ImageFetchJob } from '../../../client/api/media.js';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Store } from '../../store/store.js';
import { importCatalogRows, type CatalogImportReport } from '../catalog-import.js';
import { readCsvRows } from '../csv/csv-files.js';
import type { NumberedRow } from '../csv/rows-to-catalog.js';
import { importReportJson, type ImportReportJson } from './import-report-json.js';

export type { ImportMode };
/** An import job as the API answers it (client/api/catalog-import.ts). */
export type ImportJobJson = ImportJob;

/**
 * What runs once an import's products are stored: the app passes in the fetching of the images the rows name
 * (server/media sits above the catalog, so the catalog does not import it). Answers the progress to show, or null.
 */
export type AfterImport = (rows: readonly NumberedRow[], report: CatalogImportReport) => ImageFetchJob | null;

/** The share of the bar each phase fills: reading the bytes, checking the rows, writing the products. */
const READ_SHARE = 40;
const CHECK_SHARE = 10;
/** Bytes handed to the CSV parser at a time; between slices other requests (the progress polls) are served. */
const SLICE_BYTES = 256 * 1024;
const KEPT_FINISHED = 10;

/** The bytes as a stream of slices, reporting how far it got and giving the event loop a turn after each. */
function slices(bytes: Buffer, onSlice: (done: number) => void): Readable {
  return Readable.from((async function* () {
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
      yield bytes.subarray(at, at + SLICE_BYTES);
      onSlice(Math.min(at + SLICE_BYTES, bytes.length));
      await nextTurn();
    }
  })());
}

export class ImportJobs {
  private readonly jobs = new Map<string, ImportJobJson>();
  private counter = 0;

  constructor(private readonly store: Store, private readonly afterImport?: AfterImport) {}

  get(id: string): ImportJobJson | undefined {
    return this.jobs.get(id);
  }

  /** The job still running, if any: imports run one at a time, since each reads the catalog the previous one wrote. */
  running(): ImportJobJson | undefined {
    return [...this.jobs.values()].find((job) => job.status === 'running');
  }

  /** Starts applying `bytes`; returns at once with the job, which the import then updates. */
  start(bytes: Buffer, mode: ImportMode): ImportJobJson {
    const job: ImportJobJson = {
      id: `${Date.now().toString(36)}-${++this.counter}`, mode, status: 'running', phase: 'reading', percent: 0,
      started_at: new Date().toISOString(), finished_at: null, report: null, error: null, images: null,
    };
    this.jobs.set(job.id, job);
    this.forgetOldJobs();
    void this.run(job, bytes);
    return job;
  }

  private async run(job: ImportJobJson, bytes: Buffer): Promise<void> {
    try {
      const rows = await readCsvRows(slices(bytes, (done) => {
        job.percent = Math.floor((READ_SHARE * done) / Math.max(bytes.length, 1));
      }));
      job.phase = 'checking';
      job.percent = READ_SHARE;
      await nextTurn();
      // In a replace every product row is written once; the count drives the writing share of the bar.
      const productRows = rows.filter((row) => !/variation/i.test(row.cells.Type ?? '')).length;
      const report = await importCatalogRows(this.store, rows, {
        mode: job.mode,
        onWrite: (written) => {
          job.phase = 'writing';
          const share = 100 - READ_SHARE - CHECK_SHARE;
          job.percent = Math.min(99, READ_SHARE + CHECK_SHARE + Math.floor((share * written) / Math.max(productRows, 1)));
        },
      });
      job.report = importReportJson(report);
      // The products are stored and shown already; their pictures follow in a job of their own.
      if (report.applied) job.images = this.afterImport?.(rows, report) ?? null;
      job.status = 'done';
    } catch (error) {
      job.status = 'failed';
      job.error = (error as Error).message;
    }
    job.phase = 'done';
    job.percent = 100;
    job.finished_at = new Date().toISOString();
  }

  private forgetOldJobs(): void {
    const finished = [...this.jobs.values()].filter((job) => job.status !== 'running');
    for (const job of finished.slice(0, Math.max(0, finished.length - KEPT_FINISHED))) this.jobs.delete(job.id);
  }
}
