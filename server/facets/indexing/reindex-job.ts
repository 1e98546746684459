/**
 * The reindex job: a rebuild of the facet index that runs beside the requests, one at a time, whose progress can be
 * read while it runs, so that rebuilding a catalog of a million products never holds a request open. Starting it
 * while it runs answers the running job. The state lives in this process (each instance keeps its own index).
 */
import { randomUUID } from 'node:crypto';
import type { ReindexJob } from '../../../client/api/facets.js';
import type { BuildProgress, IndexStats } from '../engine/engine.js';

/** A reindex job as `facet/v1/reindex` answers it. */
export type ReindexJobState = ReindexJob;

/** Builds the index, calling `onProgress` after each step. */
export type Rebuild = (onProgress: (progress: BuildProgress) => void) => Promise<IndexStats>;

export class ReindexJobs {
  #current: ReindexJobState | null = null;
  #running: Promise<void> | null = null;

  constructor(private readonly rebuild: Rebuild) {}

  /**
   * The running job, or a new one started now. With `restart` (the configuration changed), a new job is started
   * even while one runs: it begins when the running one ends, whose result is already out of date.
   */
  start({ restart = false }: { restart?: boolean } = {}): ReindexJobState {
    if (this.#running && this.#current && !restart) return { ...this.#current };
    const job: ReindexJobState = {
      id: randomUUID(),
      status: 'running',
      progress: 0,
      step: 'starting',
      started_at: new Date().toISOString(),
      finished_at: null,
      result: null,
      error: null,
    };
    this.#current = job;
    const run: Promise<void> = (this.#running ?? Promise.resolve())
      .then(() =>
        this.rebuild((progress) => {
          job.progress = Math.floor((progress.done / progress.total) * 100);
          job.step = progress.step;
        }),
      )
      .then(
        (stats) => {
          Object.assign(job, { status: 'done', progress: 100, result: stats, finished_at: new Date().toISOString() });
        },
        (error: Error) => {
          // The message is for the manager; the details go to the log. The old index keeps serving the shop.
          console.error('The reindex job failed:', error);
          Object.assign(job, {
            status: 'failed',
            error: 'The index could not be rebuilt; the previous index is still in use. See the server log.',
            finished_at: new Date().toISOString(),
          });
        },
      )
      .finally(() => {
        if (this.#running === run) this.#running = null;
      });
    this.#running = run;
    return { ...job };
  }

  /** The last job started in this process, or null. */
  current(): ReindexJobState | null {
    return this.#current ? { ...this.#current } : null;
  }

  get running(): boolean {
    return this.#running !== null;
  }

  /** Resolves when no job is running (the CLI and tests wait on it). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }
}
