/** Opens the configured store for one command (seeding an empty one, and saying so), and closes it afterwards. */
import { loadConfig } from '../config.js';
import { openStore } from '../demo/seeded-store.js';
import type { Store } from '../store/store.js';
import { printSeedReport } from './output.js';

export async function withCommandStore<T>(options: { data?: string }, work: (store: Store) => Promise<T>): Promise<T> {
  const opened = await openStore(loadConfig(process.env, { data: options.data }), { watch: false });
  printSeedReport(opened.seeded);
  try {
    return await work(opened.store);
  } finally {
    await opened.store.close();
  }
}
