/**
 * Opens the shop's store as configured: PostgreSQL when `DATABASE_URL` is set, otherwise the lowdb files of the data
 * folder. Seeding an empty store with the demo shop happens above the store (`server/demo/seeded-store.ts`).
 */
import type { Config } from '../config.js';
import { openLowdbStore } from './lowdb/lowdb-store.js';
import type { Store } from './store.js';

export type StoreConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

export interface StoreOpenOptions {
  /**
   * Hear about changes made by other processes and instances (a catalog replaced elsewhere), as the server must.
   * One-shot commands leave it off. Default true.
   */
  watch?: boolean;
  /**
   * Open the catalog without loading its products (see `CatalogStore.loaded`): the server, which can answer filter
   * requests from its facet index snapshot before the products are needed. Default false.
   */
  lazyCatalog?: boolean;
}

/** Opens the configured store without seeding it. */
export async function openConfiguredStore(config: StoreConfig, options: StoreOpenOptions = {}): Promise<Store> {
  const watch = options.watch ?? true;
  if (config.databaseUrl) {
    // Loaded only when asked for, so that a shop on the data folder never loads the PostgreSQL client.
    const { openPostgresStore } = await import('./postgres/index.js');
    return openPostgresStore(config.databaseUrl, { listen: watch, lazyCatalog: options.lazyCatalog ?? false });
  }
  return openLowdbStore(config.dataDir, { watch, lazyCatalog: options.lazyCatalog ?? false });
}
