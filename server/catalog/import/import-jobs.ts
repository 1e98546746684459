/**
 * Catalog imports applied as jobs: the upload is answered at once with a job id, and the import runs after, its
 * progress readable by id (`GET /vitrine/v1/catalog/import/{job}`). A request that held a 64 MB import open would
 * outlive proxies' timeouts and tell the manager nothing until the end; a job answers in milliseconds and can be
 * polled for a progress bar.
 *
 * The file is read and checked in a worker process (import-worker.ts, driven by worker-check.ts): parsing and checking
 * 400,000 rows takes seconds of CPU, which on the serving thread froze `/filter` for as long. This thread only stores
 * the result, which it receives message by message, and publishes it at once.
 *
 * Jobs live in this process's memory: the instance that took the upload is the one that knows its progress (behind
 * a load balancer, sticky sessions keep a manager's polls there). Only the last few finished jobs are kept.
 */
import type { ImportJob, ImportMode } from '../../../client/api/catalog-import.js';
import type { ImageFetchJob } from '../../../client/api/media.js';
import type { Store } from '../../store/store.js';
import { reportOf, type CatalogImportReport } from '../catalog-import.js';
import type { NumberedRow } from '../csv/rows-to-catalog.js';
import type { CheckedImport } from './checked-import.js';
import { importReportJson } from './import-report-json.js';
import { publishImport, StaleImportError, type PublishOutcome } from './publish-import.js';
import { checkInWorker } from './worker-check.js';
import type { ReplacedCatalogWork, StoredReplace } from './worker-side-work.js';

export type { ImportMode };
/** An import job as the API answers it (client/api/catalog-import.ts). */
export type ImportJobJson = ImportJob;

/**
 * What runs once an import's products are stored: the app passes in the fetching of the images the rows name
 * (server/media sits above the catalog, so the catalog does not import it). Answers the progress to show, or null.
 * The rows it is given are the applied rows' `Type` and `Images` cells (the worker keeps the rest).
 */
export type AfterImport = (rows: readonly NumberedRow[], report: CatalogImportReport) => ImageFetchJob | null;

/** The share of the bar each phase fills: reading the bytes, checking the rows, writing the products. */
const READ_SHARE = 40;
const CHECK_SHARE = 10;
const KEPT_FINISHED = 10;
/** Checks of a merge against a catalog that keeps changing in ways the merge touches, before giving up. */
const MERGE_ATTEMPTS = 3;

export class ImportJobs {
  private readonly jobs = new Map<string, ImportJobJson>();
  private counter = 0;

  /**
   * @param afterImport what runs once an import's products are stored (the images they name)
   * @param replacedCatalogWork what the import worker also makes of a replaced catalog (the facet index)
   */
  constructor(
    private readonly store: Store,
    private readonly afterImport?: AfterImport,
    private readonly replacedCatalogWork?: ReplacedCatalogWork,
  ) {}

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
      id: `${Date.now().toString(36)}-${++this.counter}`,
      mode,
      status: 'running',
      phase: 'reading',
      percent: 0,
      started_at: new Date().toISOString(),
      finished_at: null,
      report: null,
      error: null,
      images: null,
    };
    this.jobs.set(job.id, job);
    this.forgetOldJobs();
    void this.run(job, bytes);
    return job;
  }

  private async run(job: ImportJobJson, bytes: Buffer): Promise<void> {
    try {
      const outcome = await this.checkAndPublish(job, bytes, new Date().toISOString());
      const report = reportOf(outcome.checked, outcome.applied, outcome.recordedPrices);
      job.report = importReportJson(report);
      // The products are stored and shown already; their pictures follow in a job of their own.
      if (report.applied) job.images = this.afterImport?.(outcome.checked.imageRows, report) ?? null;
      job.status = 'done';
    } catch (error) {
      job.status = 'failed';
      job.error = (error as Error).message;
    }
    job.phase = 'done';
    job.percent = 100;
    job.finished_at = new Date().toISOString();
  }

  /** Checks in the worker and publishes; a merge that the catalog's changes meanwhile overtook is checked again. */
  private async checkAndPublish(job: ImportJobJson, bytes: Buffer, now: string): Promise<PublishOutcome> {
    for (let attempt = 1; ; attempt++) {
      const base = this.store.catalog.data;
      const work = job.mode === 'replace' ? this.replacedCatalogWork : undefined;
      const checked = await checkInWorker(
        bytes,
        base,
        { mode: job.mode, now, locale: this.store.site.data.settings.general.locale },
        (phase, fraction) => {
          job.phase = phase;
          job.percent = phase === 'reading' ? Math.floor(READ_SHARE * fraction) : READ_SHARE;
        },
        work && { module: work.module, input: work.input() },
      );
      job.phase = 'writing';
      job.percent = READ_SHARE + CHECK_SHARE;
      let stored: (replace: StoredReplace | null) => void = () => {};
      if (work && checked.catalog && checked.prepared)
        work.publishing(checked.prepared, new Promise((resolve) => (stored = resolve)));
      try {
        return await publishImport(this.store, checked, base.products, {
          onWrite: (written) => this.writing(job, checked, written),
          onReplaced: (products, revision) => stored({ products, revision }),
        });
      } catch (error) {
        if (!(error instanceof StaleImportError) || attempt === MERGE_ATTEMPTS) throw error;
      } finally {
        // Not stored (a failed write): the work's result answers for no catalog.
        stored(null);
      }
    }
  }

  private writing(job: ImportJobJson, checked: CheckedImport, written: number): void {
    const share = 100 - READ_SHARE - CHECK_SHARE;
    job.percent = Math.min(
      99,
      READ_SHARE + CHECK_SHARE + Math.floor((share * written) / Math.max(checked.catalogProducts, 1)),
    );
  }

  private forgetOldJobs(): void {
    const finished = [...this.jobs.values()].filter((job) => job.status !== 'running');
    for (const job of finished.slice(0, Math.max(0, finished.length - KEPT_FINISHED))) this.jobs.delete(job.id);
  }
}
