/**
 * One small JSON data file shared by the running server and `vitrine` commands. lowdb keeps the document in memory
 * and rewrites the file on each change; on its own, a command that adds a user while the server runs would be
 * overwritten by the server's next write, and the server would not see the user. So every change here happens under
 * a lock file on the freshest copy of the document, and readers call `refreshIfChanged()` (one `stat`) to pick up
 * changes made by another process.
 *
 * Change callbacks must find what they change inside the document they are given: after a refresh, objects looked
 * up before the call belong to the old copy.
 */
import { stat } from 'node:fs/promises';
import type { Adapter } from 'lowdb';
import { withFileLock } from './file-lock.js';
import { StoreCorruptError } from './store-error.js';

export class SharedDocument<T extends object> {
  data: T;
  #seen = '';
  /** Serialises this process's own changes; the lock file serialises them with other processes. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly adapter: Adapter<T>,
    private readonly defaults: () => T,
  ) {
    this.data = defaults();
  }

  /** Reads the file; a missing file gives the defaults, and every top-level key of the defaults is filled in. */
  async read(): Promise<void> {
    const signature = await this.#signature();
    let stored: T | null;
    try {
      stored = await this.adapter.read();
    } catch (error) {
      throw error instanceof StoreCorruptError ? error : new StoreCorruptError(this.file, error);
    }
    this.data = { ...this.defaults(), ...(stored ?? {}) };
    this.#seen = signature;
  }

  /** Re-reads the file when another process has changed it since this one last read or wrote it. */
  async refreshIfChanged(): Promise<void> {
    if ((await this.#signature()) !== this.#seen) await this.read();
  }

  /** Applies a synchronous change to the freshest document and writes it, under the file's lock. */
  update(change: (data: T) => void): Promise<void> {
    const run = () =>
      withFileLock(this.file, async () => {
        await this.refreshIfChanged();
        change(this.data);
        await this.#writeLocked();
      });
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => {});
    return result;
  }

  /** Writes the document as it is in memory. */
  write(): Promise<void> {
    return this.update(() => {});
  }

  async #writeLocked(): Promise<void> {
    await this.adapter.write(this.data);
    this.#seen = await this.#signature();
  }

  /** Modification time and size: enough to notice another writer, without reading the file. */
  async #signature(): Promise<string> {
    return stat(this.file).then(
      (info) => `${info.mtimeMs}:${info.size}`,
      () => 'missing',
    );
  }
}
