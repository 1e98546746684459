/**
 * Builds the facet index of a large catalog on a thread of its own: after an import replaced a
 * catalog of 100,000 products, the build's steps held the serving thread for seconds each. The worker is handed the
 * catalog in chunks and hands back the index as a snapshot (engine-snapshot.ts), which the serving thread reads back
 * in a fraction of the build's time. The index is of the catalog's public view, as every index of the shop is.
 */
import { parentPort } from 'node:worker_threads';
import { runInBackground } from '../../catalog/import/background-priority.js';
import type { CatalogData, Product } from '../../catalog/model.js';
import type { FacetConfig } from '../config.js';
import { indexSnapshotBuiltApart } from './index-in-import-worker.js';
import type { FromIndexWorker, ToIndexWorker } from './index-worker-messages.js';

const port = parentPort!;
// The serving thread comes first: requests are answered while this works.
runInBackground();
const send = (message: FromIndexWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
let start: { meta: Omit<CatalogData, 'products'>; config: FacetConfig; locale: string } | null = null;
const products: Product[] = [];

function build(): void {
  const { meta, config, locale } = start!;
  const bytes = indexSnapshotBuiltApart({ ...meta, products }, config, locale);
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
