/**
 * One JSON data file that several processes share: the server and any number of `vitrine` commands.
 *
 * Why this cannot lose a write:
 * - Every change runs under a lock between processes (process-lock.ts), on the copy that is on disk at that moment
 *   (re-read when the file changed since this process last saw it), and returns only after the new file is durable.
 *   So a change never starts from an old copy, and an acknowledged change is on disk.
 * - Each file carries a revision that every change raises by one. A process replaces its copy only with a higher
 *   revision, so a read that raced a write can never put an older copy back in memory.
 * - A change works on a copy: if it throws, nothing is written and the copy in memory is untouched.
 *
 * Files are checked against their schema on every load and before every write (file-schemas.ts).
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';
import type { z } from 'zod';
import { StoreCorruptError } from '../store-error.js';
import { writeFileDurably } from './durable-write.js';
import { parseWithSchema } from './file-schemas.js';
import { withProcessLock } from './process-lock.js';

export interface Revisioned {
  revision: number;
}

/** The lowdb adapter of one data file: strict parsing against a schema, durable writes. */
export class CheckedJsonFile<T extends Revisioned> implements Adapter<T> {
  constructor(
    readonly file: string,
    // biome-ignore lint/suspicious/noExplicitAny: zod's input type is the file's raw JSON, of any shape
    private readonly schema: z.ZodType<T, any>,
    /** Brings a file written by an older version into today's shape before it is checked. */
    private readonly upgrade: (raw: Record<string, unknown>) => Record<string, unknown> = (raw) => raw,
  ) {}

  /** @throws StoreCorruptError naming the file and the bad field; null when the file does not exist. */
  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const raw: unknown = JSON.parse(text);
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
        throw new Error('the top level is not an object');
      return parseWithSchema(this.schema, this.upgrade(raw as Record<string, unknown>));
    } catch (error) {
      throw new StoreCorruptError(this.file, error);
    }
  }

  /** @throws Error when `data` does not fit the schema: a bug above, never written to disk. */
  async write(data: T): Promise<void> {
    let checked: T;
    try {
      checked = parseWithSchema(this.schema, data);
    } catch (error) {
      throw new Error(`Refusing to write ${path.basename(this.file)}: ${(error as Error).message}`);
    }
    await writeFileDurably(this.file, `${JSON.stringify(checked, null, 1)}\n`);
  }
}

/**
 * Identity of the file on disk: every write renames a new file into place, so any write changes it.
 * Synchronous: every request checks the site file (`Store.refresh()`), and a `stat` of a local file costs a
 * microsecond or two, where the same call through the thread pool costs tens and a turn of the event loop.
 */
function fileSignature(file: string): string {
  const info = statSync(file, { bigint: true, throwIfNoEntry: false });
  return info ? `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}` : 'missing';
}

export class JsonDocument<T extends Revisioned> {
  #data: T;
  #signature = '';

  constructor(
    private readonly adapter: CheckedJsonFile<T>,
    private readonly defaults: () => T,
  ) {
    this.#data = defaults();
  }

  get file(): string {
    return this.adapter.file;
  }

  /** This process's copy; fresh as of the last `current()`, `load()` or own change. */
  get data(): T {
    return this.#data;
  }

  /** Loads the file (a missing file gives the defaults). @throws StoreCorruptError */
  async load(): Promise<void> {
    const signature = fileSignature(this.file);
    this.#accept((await this.adapter.read()) ?? this.defaults(), signature);
  }

  /** The freshest copy: re-read when another process wrote the file since this one last saw it. */
  async current(): Promise<T> {
    const signature = fileSignature(this.file);
    if (signature !== this.#signature) this.#accept((await this.adapter.read()) ?? this.defaults(), signature);
    return this.#data;
  }

  /**
   * Applies `change` to a copy of the document on disk and writes it durably, under the lock between processes.
   * `beforeWrite` runs between the change and the write, still under the lock (the orders file: the journal line that
   * commits an order is written first); throwing there writes nothing.
   * @returns what `change` returned
   */
  update<R>(change: (draft: T) => R, beforeWrite?: (result: R) => Promise<void>): Promise<R> {
    return withProcessLock(this.file, async () => {
      // Under the lock nobody else writes: what is on disk now is what this change must build on.
      const signature = fileSignature(this.file);
      const onDisk = signature === this.#signature ? this.#data : ((await this.adapter.read()) ?? this.defaults());
      const draft = structuredClone(onDisk);
      const result = change(draft);
      await beforeWrite?.(result);
      draft.revision = Math.max(onDisk.revision, this.#data.revision) + 1;
      await this.adapter.write(draft);
      this.#accept(draft, fileSignature(this.file));
      return result;
    });
  }

  /** Creates the file with the defaults if it does not exist yet (under the lock, so two first starts agree). */
  async ensureExists(): Promise<void> {
    await withProcessLock(this.file, async () => {
      if (fileSignature(this.file) === 'missing') {
        const initial = this.defaults();
        await this.adapter.write(initial);
        this.#accept(initial, fileSignature(this.file));
      }
    });
  }

  /** Keeps the newer of the copy in memory and `candidate`: a slow read never puts an older revision back. */
  #accept(candidate: T, signature: string): void {
    if (candidate.revision >= this.#data.revision) this.#data = candidate;
    this.#signature = signature;
  }
}
