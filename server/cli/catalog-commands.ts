/** `vitrine catalog generate` and `vitrine reindex`. */
import { generateSyntheticCatalog } from '../catalog/synthetic-catalog.js';
import { FacetService } from '../facets/facet-service.js';
import type { Store } from '../store/store.js';
import { withCommandStore } from './command-store.js';
import { CommandError } from './output.js';
import { startProgress } from './progress.js';

const MAX_PRODUCTS = 5_000_000;

function parseWholeNumber(raw: string, name: string, minimum: number, maximum: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < minimum || value > maximum) {
    throw new CommandError(
      `--${name} must be a whole number from ${minimum} to ${maximum.toLocaleString('en')}, not "${raw}".`,
    );
  }
  return value;
}

/**
 * Builds the index and writes its snapshot, which a server reads back at start instead of building it again.
 * @param loadedMs how long opening the store took, when that is worth reporting
 */
async function reindexAndReport(store: Store, loadedMs?: number): Promise<void> {
  const service = new FacetService(store);
  const stats = service.reindex();
  await service.flush();
  const load = loadedMs === undefined ? '' : `load ${Math.round(loadedMs)} ms, `;
  console.log(
    `Indexed ${stats.indexed.toLocaleString('en')} products: ${stats.facets} facets, ${stats.values.toLocaleString('en')} values ` +
      `(${load}index ${stats.took_ms} ms).`,
  );
}

export async function catalogGenerateCommand(options: {
  products: string;
  seed?: string;
  data?: string;
}): Promise<void> {
  const products = parseWholeNumber(options.products, 'products', 1, MAX_PRODUCTS);
  const seed = options.seed === undefined ? 1 : parseWholeNumber(options.seed, 'seed', 0, 2 ** 32 - 1);
  await withCommandStore(options, async (store) => {
    const catalog = generateSyntheticCatalog({ products, seed });
    const progress = startProgress('Generating', products);
    const started = performance.now();
    try {
      await store.catalog.replace(catalog, catalog.products, (written) => progress.update(written));
    } finally {
      progress.stop();
    }
    const took = performance.now() - started;
    console.log(`Wrote ${products.toLocaleString('en')} products (seed ${seed}) in ${(took / 1000).toFixed(1)} s.`);
    await reindexAndReport(store);
  });
  console.log('A running server picks the new catalog up within a few seconds.');
}

export async function reindexCommand(options: { data?: string }): Promise<void> {
  const started = performance.now();
  await withCommandStore(options, (store) => reindexAndReport(store, performance.now() - started));
}
