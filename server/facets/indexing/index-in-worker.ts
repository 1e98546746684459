/**
 * The facet index of a catalog, built in a worker thread (index-worker.ts) and read back from its snapshot: what the
 * facet service does for a large replaced catalog, so that /filter keeps answering from the previous index, within
 * milliseconds, while the new one is built. The catalog goes over in chunks, with a pause for requests between
 * them; the snapshot is read back in steps too (engine-snapshot.ts restoreEngineInSteps).
 */
import { moduleBeside } from '../../paths.js';
import { backgroundPause } from '../../http/background-pause.js';
import { startWorker } from '../../catalog/import/typescript-worker.js';
import type { CatalogData } from '../../catalog/model.js';
import { wordFormsFor } from '../../catalog/word-forms/word-forms.js';
import type { FacetConfig } from '../config.js';
import type { FacetEngine } from '../engine/engine.js';
import { restoreEngineInSteps, snapshotKey } from '../engine/engine-snapshot.js';
import {
  PRODUCTS_PER_MESSAGE,
  WORKER_REVISION,
  type FromIndexWorker,
  type ToIndexWorker,
} from './index-worker-messages.js';

const WORKER = moduleBeside('./index-worker', import.meta.url);

/** An index built apart: the engine read back, and the snapshot it was read from (keyed by WORKER_REVISION). */
export interface BuiltApart {
  engine: FacetEngine;
  snapshot: Buffer;
}

/**
 * A detached engine (see FacetEngine.attach) of the catalog's public view, with its snapshot.
 * @param locale the shop's locale, whose language's word forms the text search matches by
 * @throws Error when the worker fails; the caller builds in process instead
 */
export async function buildIndexInWorker(
  catalog: CatalogData,
  config: FacetConfig,
  locale: string,
): Promise<BuiltApart> {
  const worker = startWorker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: 4096 } });
  const post = (message: ToIndexWorker) => worker.postMessage(message);
  const built = new Promise<ArrayBuffer>((resolve, reject) => {
    worker.once('message', (message: FromIndexWorker) => {
      if (message.kind === 'done') resolve(message.bytes);
      else reject(new Error(`The index worker failed: ${message.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`The index worker stopped (exit code ${code}) before it finished.`)),
    );
  });
  built.catch(() => {});
  try {
    const { products, ...meta } = catalog;
    post({ kind: 'start', meta, config, locale });
    for (let at = 0; at < products.length; at += PRODUCTS_PER_MESSAGE) {
      post({ kind: 'products', products: products.slice(at, at + PRODUCTS_PER_MESSAGE) });
      await backgroundPause();
    }
    post({ kind: 'build' });
    const snapshot = Buffer.from(await built);
    const wordForms = wordFormsFor(locale);
    const restored = await restoreEngineInSteps(snapshot, snapshotKey(WORKER_REVISION, config, wordForms), wordForms);
    if ('reason' in restored)
      throw new Error(`The index built in the worker could not be read back: ${restored.reason}`);
    return { engine: restored.engine, snapshot };
  } finally {
    await worker.terminate();
  }
}
