/**
 * The catalog in `catalog.json`, held in memory. A replacement is written under the file's lock; a file replaced by
 * another process (`vitrine catalog generate` while the server runs) is noticed by polling and reloaded. A file that
 * cannot be read then keeps the catalog in memory as it was, and says why.
 */
import { stat, unwatchFile, watchFile, type Stats } from 'node:fs';
import { promisify } from 'node:util';
import { Low } from 'lowdb';
import type { CatalogData } from '../../catalog/model.js';
import { emptyCatalog } from '../defaults.js';
import { StoreCorruptError } from '../store-error.js';
import type { CatalogStore } from '../store.js';
import { CatalogFile } from './catalog-file.js';
import { withProcessLock } from './process-lock.js';

const statAsync = promisify(stat);
const signatureOf = (info: Stats) => `${info.ino}:${info.size}:${info.mtimeMs}`;

export interface LowdbCatalog extends CatalogStore {
  /** Starts polling the file; `onReload` runs after a catalog written by another process was loaded. */
  watch(onReload: () => void, log: (message: string) => void, intervalMs?: number): void;
  unwatch(): void;
  /**
   * Reloads the file if another process replaced it since this one last read or wrote it (one stat otherwise), for
   * `Store.refresh()`. A file that cannot be read keeps the catalog in memory, as the watcher does.
   * @returns whether a new catalog was loaded
   */
  reloadIfChanged(log?: (message: string) => void): Promise<boolean>;
}

export async function openLowdbCatalog(file: string): Promise<LowdbCatalog> {
  const db = new Low<CatalogData>(new CatalogFile(file), emptyCatalog());
  let ownSignature = '';
  const readSignature = () => statAsync(file).then(signatureOf, () => 'missing');
  try {
    ownSignature = await readSignature();
    await db.read();
  } catch (error) {
    throw error instanceof StoreCorruptError ? error : new StoreCorruptError(file, error);
  }
  db.data ??= emptyCatalog();
  let listener: ((current: Stats, previous: Stats) => void) | null = null;
  let reloading: Promise<unknown> = Promise.resolve();

  /** Shared by the watcher and refresh(), queued one after another, so that one change is loaded (and reported) once. */
  function reloadIfChanged(log: (message: string) => void = console.warn): Promise<boolean> {
    const run = reloading.then(async () => {
      const signature = await readSignature();
      if (signature === 'missing' || signature === ownSignature) return false;
      const before = db.data;
      ownSignature = signature;
      try {
        await db.read();
        if (db.data) return true;
        db.data = before;
      } catch (error) {
        db.data = before;
        log(`The catalog file changed but could not be read; keeping the catalog in memory. ${(error as Error).message}`);
      }
      return false;
    });
    reloading = run.catch(() => {});
    return run;
  }

  return {
    get data() {
      return db.data;
    },
    async replace(meta, products, onProgress) {
      await withProcessLock(file, async () => {
        await new CatalogFile(file).writeStream(meta, products, onProgress);
        ownSignature = await readSignature();
      });
      if (Array.isArray(products)) db.data = { categories: meta.categories, attributes: meta.attributes, products: [...products] };
      else await db.read();
    },
    watch(onReload, log, intervalMs = 2000) {
      listener = (current) => {
        if (current.nlink === 0 || signatureOf(current) === ownSignature) return;
        reloadIfChanged(log)
          .then((reloaded) => reloaded && onReload())
          .catch((error: Error) => log(`Reloading the catalog file failed: ${error.message}`));
      };
      watchFile(file, { interval: intervalMs, persistent: false }, listener);
    },
    reloadIfChanged,
    unwatch() {
      if (listener) unwatchFile(file, listener);
      listener = null;
    },
  };
}
