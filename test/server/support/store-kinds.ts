/** The two stores a shop can run on, for tests that must hold on both: each gives the environment of a fresh shop. */
import { createTestDatabase } from '../../support/postgres.js';
import { makeTempDir } from './test-server.js';

export interface StoreKind {
  name: string;
  /** Environment variables of a new, empty shop on this store (a data folder is always given, for the other files). */
  freshShop(): Promise<NodeJS.ProcessEnv>;
}

export const STORE_KINDS: readonly StoreKind[] = [
  { name: 'lowdb files', freshShop: async () => ({ DATA_DIR: await makeTempDir() }) },
  {
    name: 'PostgreSQL',
    freshShop: async () => ({ DATA_DIR: await makeTempDir(), DATABASE_URL: await createTestDatabase() }),
  },
];
