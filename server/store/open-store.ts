/**
 * Opens the shop's store as configured: PostgreSQL when `DATABASE_URL` is set, otherwise the lowdb files of the data
 * folder. An empty store is seeded with the demo shop by whichever command opens it first, so `vitrine user create`
 * before the first start still gives a complete shop.
 */
import type { Config } from '../config.js';
import { openLowdbStore } from './lowdb/lowdb-store.js';
import { seedDemoShop, type SeedReport } from './seed.js';
import type { Store } from './store.js';

export type StoreConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

export interface OpenedStore {
  store: Store;
  /** Set when this call seeded an empty store: the generated administrator credentials, shown once. */
  seeded: SeedReport | null;
}

export interface StoreOpenOptions {
  /**
   * Hear about changes made by other processes and instances (a catalog replaced elsewhere), as the server must.
   * One-shot commands leave it off. Default true.
   */
  watch?: boolean;
}

/** Opens the configured store without seeding it. */
export async function openConfiguredStore(config: StoreConfig, options: StoreOpenOptions = {}): Promise<Store> {
  const watch = options.watch ?? true;
  if (config.databaseUrl) {
    // Loaded only when asked for, so that a shop on the data folder never loads the PostgreSQL client.
    const { openPostgresStore } = await import('./postgres/index.js');
    return openPostgresStore(config.databaseUrl, { listen: watch });
  }
  return openLowdbStore(config.dataDir, { watch });
}

export async function openStore(config: StoreConfig, options: StoreOpenOptions = {}): Promise<OpenedStore> {
  const store = await openConfiguredStore(config, options);
  try {
    return { store, seeded: await seedDemoShop(store) };
  } catch (error) {
    await store.close();
    throw error;
  }
}

