// The store contract against the lowdb adapter: each test gets a new temporary data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import { describeStoreContract } from './store-contract.js';

describeStoreContract(
  'lowdb',
  async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'vitrine-conformance-'));
    return {
      open: ({ watch, lazyCatalog }) => openLowdbStore(folder, { watch, lazyCatalog }),
      dispose: () => rm(folder, { recursive: true, force: true }),
    };
  },
  // The catalog file is polled every 2 s.
  { catalogNoticeMs: 6000 },
);
