/**
 * Opens the lowdb files of a data folder. An empty folder is seeded with the demo shop by whichever command
 * opens it first, so `vitrine user create` before the first start still gives a complete shop.
 */
import { mkdir, access } from 'node:fs/promises';
import path from 'node:path';
import { Low, type Adapter } from 'lowdb';
import type { CatalogData } from '../catalog/model.js';
import { CatalogFile } from './catalog-file.js';
import { CheckedJSONFile } from './json-file.js';
import { StoreCorruptError } from './store-error.js';
import type { SiteData, StatsData } from './schema.js';
import { defaultSiteData, defaultStatsData, emptyCatalog } from './defaults.js';
import { seedDemoShop, type SeedReport } from './seed.js';

export interface Store {
  dataDir: string;
  site: Low<SiteData>;
  catalog: Low<CatalogData>;
  stats: Low<StatsData>;
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

/** Reads a file; a missing one starts from the defaults, with every top-level key the current schema has. */
async function openFile<T extends object>(file: string, defaults: () => T, adapter: Adapter<T> = new CheckedJSONFile<T>(file)): Promise<Low<T>> {
  const db = new Low<T>(adapter, defaults());
  try {
    await db.read();
  } catch (error) {
    throw error instanceof StoreCorruptError ? error : new StoreCorruptError(file, error);
  }
  db.data = { ...defaults(), ...(db.data ?? {}) };
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
    site: await openFile(files.site, defaultSiteData),
    catalog: await openFile(files.catalog, emptyCatalog, new CatalogFile(files.catalog)),
    stats: await openFile(files.stats, defaultStatsData),
  };
  const seeded = isNew ? await seedDemoShop(store) : null;
  return { store, seeded };
}

/** The next id of a collection; ids are never reused. */
export function nextId(site: SiteData, collection: keyof SiteData['last_ids']): number {
  site.last_ids[collection] += 1;
  return site.last_ids[collection];
}
