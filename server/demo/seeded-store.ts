/**
 * Opens the configured store and seeds it with the demo shop when it is empty, by whichever command opens it first,
 * so that `vitrine user create` before the first start still gives a complete shop.
 */
import type { Config } from '../config.js';
import { openConfiguredStore, type StoreConfig, type StoreOpenOptions } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import type { SeedReport } from './seed.js';

/** Where the store is, and the language an empty one's demo is seeded in (absent: the shop's). */
export type SeededStoreConfig = StoreConfig & Partial<Pick<Config, 'demoLanguage'>>;

export interface OpenedStore {
  store: Store;
  /** Set when this call seeded an empty store: the generated administrator credentials, shown once. */
  seeded: SeedReport | null;
}

export async function openStore(config: SeededStoreConfig, options: StoreOpenOptions = {}): Promise<OpenedStore> {
  const store = await openConfiguredStore(config, options);
  try {
    // A store that has pages was seeded before: the demo's modules (its catalog, words and pages) are loaded only to
    // seed an empty one, so that a restart does not pay for them.
    if (store.site.data.last_ids.page > 0) return { store, seeded: null };
    const { seedDemoShop } = await import('./seed.js');
    return { store, seeded: await seedDemoShop(store, { demoLanguage: config.demoLanguage ?? null }) };
  } catch (error) {
    await store.close();
    throw error;
  }
}
