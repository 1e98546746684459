/**
 * Reloads the catalog when its file changes on disk, so that `vitrine catalog generate` or an import into the data
 * folder reaches a running server without a restart. The facet engine notices the new product array and reindexes.
 * A file that cannot be read keeps the catalog in memory as it was and logs why.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';
import type { Store } from './open-store.js';
import { storeFiles } from './open-store.js';

/**
 * @param onReload runs after a new catalog was read, e.g. to rebuild the facet index before the next shopper asks
 * @returns a function that stops watching.
 */
export function watchCatalogFile(store: Store, onReload: () => void = () => {}, log = (message: string) => console.warn(message), intervalMs = 2000): () => void {
  const file = storeFiles(store.dataDir).catalog;
  let reloading: Promise<void> = Promise.resolve();
  const onChange = (current: Stats, previous: Stats) => {
    if (current.mtimeMs === previous.mtimeMs || current.nlink === 0) return;
    reloading = reloading.then(async () => {
      const before = store.catalog.data;
      try {
        await store.catalog.read();
        if (!store.catalog.data) store.catalog.data = before;
        else onReload();
      } catch (error) {
        store.catalog.data = before;
        log(`The catalog file changed but could not be read; keeping the catalog in memory. ${(error as Error).message}`);
      }
    });
  };
  watchFile(file, { interval: intervalMs, persistent: false }, onChange);
  return () => unwatchFile(file, onChange);
}
