/** `vitrine catalog generate` and `vitrine reindex`. */
import { generateSyntheticCatalog } from '../catalog/synthetic-catalog.js';
import { loadConfig } from '../config.js';
import { FacetService } from '../facets/facet-service.js';
import { CatalogFile } from '../store/catalog-file.js';
import { openStore, storeFiles } from '../store/open-store.js';
import { CommandError, printSeedReport } from './output.js';
import { startProgress } from './progress.js';

const MAX_PRODUCTS = 5_000_000;

function parseWholeNumber(raw: string, name: string, minimum: number, maximum: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < minimum || value > maximum) {
    throw new CommandError(`--${name} must be a whole number from ${minimum} to ${maximum.toLocaleString('en')}, not "${raw}".`);
  }
  return value;
}

async function reindexAndReport(dataDir: string): Promise<void> {
  const started = performance.now();
  const { store } = await openStore(dataDir);
  const loadedMs = performance.now() - started;
  const stats = new FacetService(store).reindex();
  console.log(
    `Indexed ${stats.indexed.toLocaleString('en')} products: ${stats.facets} facets, ${stats.values.toLocaleString('en')} values ` +
      `(load ${Math.round(loadedMs)} ms, index ${stats.took_ms} ms).`,
  );
}

export async function catalogGenerateCommand(options: { products: string; seed?: string; data?: string }): Promise<void> {
  const products = parseWholeNumber(options.products, 'products', 1, MAX_PRODUCTS);
  const seed = options.seed === undefined ? 1 : parseWholeNumber(options.seed, 'seed', 0, 2 ** 32 - 1);
  const dataDir = loadConfig(process.env, { data: options.data }).dataDir;
  const opened = await openStore(dataDir);
  printSeedReport(opened.seeded);
  const catalog = generateSyntheticCatalog({ products, seed });
  const progress = startProgress('Generating', products);
  const started = performance.now();
  try {
    await new CatalogFile(storeFiles(dataDir).catalog).writeStream(catalog, catalog.products, (written) => progress.update(written));
  } finally {
    progress.stop();
  }
  console.log(`Wrote ${products.toLocaleString('en')} products (seed ${seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  await reindexAndReport(dataDir);
  console.log('A running server picks the new catalog up within a few seconds.');
}

export async function reindexCommand(options: { data?: string }): Promise<void> {
  await reindexAndReport(loadConfig(process.env, { data: options.data }).dataDir);
}
