/**
 * The facet index of a replaced catalog, built in the import worker that checked it (catalog/import/
 * worker-side-work.ts): the worker already holds the new catalog's products, so the serving thread neither copies
 * them to an index worker (half a second of its time for 100,000 variable products) nor waits for that worker after
 * the import; it reads the index back, in steps, as soon as the catalog is stored. Runs off the serving thread.
 */
import type { CatalogData } from '../../catalog/model.js';
import { wordFormsFor } from '../../catalog/word-forms/word-forms.js';
import { publicCatalog } from '../../catalog/public-catalog.js';
import type { FacetConfig } from '../config.js';
import { FacetEngine } from '../engine/engine.js';
import { engineSnapshot } from '../engine/engine-snapshot.js';
import { WORKER_REVISION } from './index-worker-messages.js';

/** What the facet service hands the import worker (FacetService.indexInImportWorker). */
export interface ImportIndexInput {
  config: FacetConfig;
  /** The shop's locale: its language's word forms are what the text search matches by. */
  locale: string;
  /** Smaller catalogs are indexed on the serving thread, in a few milliseconds: none is built here. */
  minProducts: number;
}

/** Room left in a snapshot built apart for the catalog revision it is given once stored (a store's is ~40 bytes). */
const ROOM_FOR_REVISION = 256;

/**
 * The snapshot of the index of a catalog's public view, keyed by {@link WORKER_REVISION} with room for the catalog's
 * own revision, in bytes of its own.
 */
export function indexSnapshotBuiltApart(catalog: CatalogData, config: FacetConfig, locale: string): ArrayBuffer {
  const engine = FacetEngine.build(publicCatalog(catalog), config, { wordForms: wordFormsFor(locale) });
  const snapshot = engineSnapshot(engine, WORKER_REVISION, ROOM_FOR_REVISION);
  return snapshot.buffer.slice(snapshot.byteOffset, snapshot.byteOffset + snapshot.byteLength) as ArrayBuffer;
}

/** The worker-side work's entry (see PrepareReplacedCatalog). */
export function prepareReplacedCatalog(catalog: CatalogData, input: unknown): ArrayBuffer | null {
  const { config, locale, minProducts } = input as ImportIndexInput;
  return catalog.products.length > minProducts ? indexSnapshotBuiltApart(catalog, config, locale) : null;
}
