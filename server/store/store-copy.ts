/**
 * `vitrine store copy`: moves a whole shop between the two stores. The source is opened as a Store and read into a
 * snapshot (store-snapshot.ts); the adapter's bulk writer puts it into an empty target all at once or not at all.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { assertDataFolderEmpty, importIntoDataFolder } from './lowdb/bulk-import.js';
import { dataFiles } from './lowdb/lowdb-files.js';
import { openLowdbStore } from './lowdb/lowdb-store.js';
import {
  readSnapshot,
  snapshotCounts,
  snapshotRecordCount,
  type SnapshotCounts,
  type StoreSnapshot,
} from './store-snapshot.js';
import type { Store } from './store.js';

export interface CopyOptions {
  /** Called once the source is read, with the number of records about to be written. */
  onStart?: (totalRecords: number) => void;
  onProgress?: (recordsWritten: number) => void;
}

export interface CopyReport {
  counts: SnapshotCounts;
  /** Counters of deleted checkboxes that PostgreSQL cannot hold (copying to PostgreSQL only). */
  skippedCounters: number;
  tookMs: number;
}

async function readAndClose(open: () => Promise<Store>): Promise<StoreSnapshot> {
  const store = await open();
  try {
    return await readSnapshot(store);
  } finally {
    await store.close();
  }
}

/** The lowdb shop of `dataDir` into the empty PostgreSQL database at `url`, in one transaction. */
export async function copyDataFolderToPostgres(
  dataDir: string,
  url: string,
  options: CopyOptions = {},
): Promise<CopyReport> {
  const started = performance.now();
  const directory = path.resolve(dataDir);
  // Opening a missing folder would create an empty shop there; there must be one to copy.
  if (
    !(await access(dataFiles(directory).site).then(
      () => true,
      () => false,
    ))
  ) {
    throw new Error(`The data folder ${directory} holds no shop to copy (it has no site.json).`);
  }
  const { assertPostgresTargetEmpty, importIntoPostgres } = await import('./postgres/bulk-import.js');
  // Refused before the source is read, which for a large catalog takes a while.
  await assertPostgresTargetEmpty(url);
  const snapshot = await readAndClose(() => openLowdbStore(directory, { watch: false }));
  options.onStart?.(snapshotRecordCount(snapshot));
  const { skippedCounters } = await importIntoPostgres(url, snapshot, { onProgress: options.onProgress });
  return { counts: snapshotCounts(snapshot), skippedCounters, tookMs: performance.now() - started };
}

/** The PostgreSQL shop at `url` into the data folder `dataDir`, which must be missing or empty. */
export async function copyPostgresToDataFolder(
  url: string,
  dataDir: string,
  options: CopyOptions = {},
): Promise<CopyReport> {
  const started = performance.now();
  const directory = path.resolve(dataDir);
  await assertDataFolderEmpty(directory);
  const { openPostgresStore } = await import('./postgres/index.js');
  const { describeUrl } = await import('./postgres/connection.js');
  const snapshot = await readAndClose(() => openPostgresStore(url, { listen: false }));
  if (snapshot.users.length === 0 && snapshot.site.pages.length === 0 && snapshot.catalog.products.length === 0) {
    throw new Error(`The PostgreSQL database ${describeUrl(url)} holds no shop to copy (no users, pages or products).`);
  }
  options.onStart?.(snapshotRecordCount(snapshot));
  await importIntoDataFolder(directory, snapshot, { onProgress: options.onProgress });
  return { counts: snapshotCounts(snapshot), skippedCounters: 0, tookMs: performance.now() - started };
}
