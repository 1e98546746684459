/**
 * Builds the facet index of a large catalog on a thread of its own (issue 19, item 7): after an import replaced a
 * catalog of 100,000 products, the build's steps held the serving thread for seconds each. The worker is handed the
 * catalog in chunks and hands back the index as a snapshot (engine-snapshot.ts), which the serving thread reads back
 * in a fraction of the build's time. The index is of the catalog's public view, as every index of the shop is.
 */
import { parentPort } from 'node:worker_threads';
import { publicCatalog } from '../catalog/public-catalog.js';
import { runInBackground } from '../catalog/import/background-priority.js';
import type { CatalogData, Product } from '../catalog/model.js';
import type { FacetConfig } from './config.js';
import { FacetEngine } from './engine.js';
import { engineSnapshot } from './engine-snapshot.js';
import { WORKER_REVISION, type FromIndexWorker, type ToIndexWorker } from './index-worker-messages.js';

const port = parentPort!;
// The serving thread comes first: requests are answered while this works.
runInBackground();
const send = (message: FromIndexWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
let start: { meta: Omit<CatalogData, 'products'>; config: FacetConfig } | null = null;
const products: Product[] = [];

function build(): void {
  const { meta, config } = start!;
  const engine = FacetEngine.build(publicCatalog({ ...meta, products }), config);
  const snapshot = engineSnapshot(engine, WORKER_REVISION);
  const bytes = snapshot.buffer.slice(snapshot.byteOffset, snapshot.byteOffset + snapshot.byteLength) as ArrayBuffer;
  send({ kind: 'done', bytes }, [bytes]);
}

port.on('message', (message: ToIndexWorker) => {
  if (message.kind === 'start') start = message;
  else if (message.kind === 'products') products.push(...message.products);
  else {
    try {
      build();
    } catch (error) {
      send({ kind: 'failed', message: (error as Error).message });
    }
  }
});
