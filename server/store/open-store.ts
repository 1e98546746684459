/**
 * Opens the lowdb files of a data folder. An empty folder is seeded with the demo shop by whichever command
 * opens it first, so `vitrine user create` before the first start still gives a complete shop.
 */
import { mkdir, access } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import type { CatalogData } from '../catalog/model.js';
import { CatalogFile } from './catalog-file.js';
import { CheckedJSONFile } from './json-file.js';
import { SharedDocument } from './shared-document.js';
import { StoreCorruptError } from './store-error.js';
import type { SiteData, StatsData } from './schema.js';
import { defaultSiteData, defaultStatsData, emptyCatalog } from './defaults.js';
import { seedDemoShop, type SeedReport } from './seed.js';

export interface Store {
  dataDir: string;
  /** Shared with `vitrine` commands: changes happen under a lock, readers refresh when another process wrote. */
  site: SharedDocument<SiteData>;
  /** Large and rewritten only by imports; a running server reloads it when the file changes (catalog-watch.ts). */
  catalog: Low<CatalogData>;
  stats: SharedDocument<StatsData>;
}

export interface OpenedStore {
  store: Store;
  /** Set when this call seeded an empty data folder: the generated administrator credentials, shown once. */
  seeded: SeedReport | null;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function openShared<T extends object>(file: string, defaults: () => T): Promise<SharedDocument<T>> {
  const document = new SharedDocument<T>(file, new CheckedJSONFile<T>(file), defaults);
  await document.read();
  return document;
}

async function openCatalog(file: string): Promise<Low<CatalogData>> {
  const db = new Low<CatalogData>(new CatalogFile(file), emptyCatalog());
  try {
    await db.read();
  } catch (error) {
    throw error instanceof StoreCorruptError ? error : new StoreCorruptError(file, error);
  }
  db.data ??= emptyCatalog();
  return db;
}

/** The files of a data folder. */
export function storeFiles(dataDir: string) {
  const directory = path.resolve(dataDir);
  return {
    site: path.join(directory, 'site.json'),
    catalog: path.join(directory, 'catalog.json'),
    stats: path.join(directory, 'stats.json'),
  };
}

export async function openStore(dataDir: string): Promise<OpenedStore> {
  const directory = path.resolve(dataDir);
  await mkdir(directory, { recursive: true });
  const files = storeFiles(directory);
  const isNew = !(await exists(files.site));
  // Open every file before writing any, so that a corrupt one stops us before anything is changed.
  const store: Store = {
    dataDir: directory,
    site: await openShared(files.site, defaultSiteData),
    catalog: await openCatalog(files.catalog),
    stats: await openShared(files.stats, defaultStatsData),
  };
  const seeded = isNew ? await seedDemoShop(store) : null;
  return { store, seeded };
}

/** The next id of a collection; ids are never reused. */
export function nextId(site: SiteData, collection: keyof SiteData['last_ids']): number {
  site.last_ids[collection] += 1;
  return site.last_ids[collection];
}
