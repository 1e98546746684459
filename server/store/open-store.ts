/**
 * Opens the lowdb files of a data folder. An empty folder is seeded with the demo shop by whichever command
 * opens it first, so `vitrine user create` before the first start still gives a complete shop.
 */
import { mkdir, access } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import type { CatalogData } from '../catalog/model.js';
import { CheckedJSONFile } from './json-file.js';
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
async function openFile<T extends object>(file: string, defaults: () => T): Promise<Low<T>> {
  const db = new Low<T>(new CheckedJSONFile<T>(file), defaults());
  await db.read();
  db.data = { ...defaults(), ...(db.data ?? {}) };
  return db;
}

export async function openStore(dataDir: string): Promise<OpenedStore> {
  const directory = path.resolve(dataDir);
  await mkdir(directory, { recursive: true });
  const files = {
    site: path.join(directory, 'site.json'),
    catalog: path.join(directory, 'catalog.json'),
    stats: path.join(directory, 'stats.json'),
  };
  const isNew = !(await exists(files.site));
  // Open every file before writing any, so that a corrupt one stops us before anything is changed.
  const store: Store = {
    dataDir: directory,
    site: await openFile(files.site, defaultSiteData),
    catalog: await openFile(files.catalog, emptyCatalog),
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
