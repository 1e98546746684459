/** The messages between the facet service and its index worker (index-worker.ts). */
import type { CatalogData, Product } from '../../catalog/model.js';
import type { FacetConfig } from '../config.js';

/** The revision a worker's snapshot is keyed by: the catalog's own is given to the index when it is taken in. */
export const WORKER_REVISION = 'built-in-a-worker';

/** Products per message to the worker, a few milliseconds of copying each. */
export const PRODUCTS_PER_MESSAGE = 1000;

export type ToIndexWorker =
  | { kind: 'start'; meta: Omit<CatalogData, 'products'>; config: FacetConfig; locale: string }
  | { kind: 'products'; products: Product[] }
  | { kind: 'build' };

export type FromIndexWorker = { kind: 'done'; bytes: ArrayBuffer } | { kind: 'failed'; message: string };
