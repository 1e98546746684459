/**
 * One line of work on a catalog in memory: the watcher's reloads, `refresh()`'s, loading the products and this
 * process's writes run one after another, so that a change found on disk is applied once, and never under a write.
 */
export class CatalogQueue {
  /** Settles once the last queued work has, whether it failed or not: the next work starts after it. */
  #tail: Promise<unknown> = Promise.resolve();
  /** Queued work not finished yet: while there is some, the catalog in memory may be about to change. */
  #pending = 0;
  /** Writes of this process running now (see {@link write}). */
  #ownWrites = 0;

  /** Whether nothing is queued or running: the catalog in memory is not about to change. */
  get idle(): boolean {
    return this.#pending === 0;
  }

  /** Whether a write of this process is running (see {@link write}). */
  get writing(): boolean {
    return this.#ownWrites > 0;
  }

  /** Runs `work` once everything queued before it has finished. */
  run<T>(work: () => Promise<T>): Promise<T> {
    this.#pending++;
    const run = this.#tail.then(work).finally(() => this.#pending--);
    this.#tail = run.catch(() => {});
    return run;
  }

  /**
   * A write of this process, queued like the rest; while it runs, a reload does not wait for it: what is in memory is
   * what is committed until the write ends, and a refresh before every request held every request for the seconds an
   * import's catalog takes to write and flush.
   */
  write<T>(work: () => Promise<T>): Promise<T> {
    return this.run(async () => {
      this.#ownWrites++;
      try {
        return await work();
      } finally {
        this.#ownWrites--;
      }
    });
  }
}
