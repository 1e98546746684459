/**
 * Opens the configured store and seeds it with the demo shop when it is empty, by whichever command opens it first,
 * so that `vitrine user create` before the first start still gives a complete shop.
 */
import { openConfiguredStore, type StoreConfig, type StoreOpenOptions } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { seedDemoShop, type SeedReport } from './seed.js';

export interface OpenedStore {
  store: Store;
  /** Set when this call seeded an empty store: the generated administrator credentials, shown once. */
  seeded: SeedReport | null;
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
