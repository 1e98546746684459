/**
 * Checking an import in a worker process (import-worker.ts), from the serving thread's side: the file and the catalog
 * as it stands go over in chunks, with a pause for requests between them, and what comes back is assembled into
 * the same CheckedImport that checkImport() gives in process. Nothing here parses or checks: a 64 MB file costs this
 * thread only the copying of its results, message by message.
 */
import { moduleBeside } from '../../paths.js';
import { backgroundPause } from '../../http/background-pause.js';
import type { CatalogData, Product } from '../model.js';
import type { CheckedImport, CheckOptions } from './checked-import.js';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { BYTES_PER_MESSAGE, PRODUCTS_PER_MESSAGE, type FromWorker, type ToWorker } from './import-messages.js';
import { startChildProcess } from './typescript-worker.js';

/** The file could not be read as WooCommerce's product CSV (its header, its quoting): the manager's to fix. */
export class BadImportFileError extends Error {}

export type CheckProgress = (phase: 'reading' | 'checking', fraction: number) => void;

/**
 * Checks run one at a time: each worker holds a whole file and catalog (gigabytes for a large one), and a manager
 * trying modes one after the other should get the answers in that order.
 */
let turn: Promise<unknown> = Promise.resolve();

const WORKER = moduleBeside('./import-worker', import.meta.url);

/** A replaced catalog's worker-side work (worker-side-work.ts): its module and input. */
export interface WorkInWorker {
  module: URL;
  input: unknown;
}

/**
 * @param work run in the worker on a replaced catalog whose every row is valid; its result is `prepared`
 * @throws BadImportFileError for a file that is not a product CSV; Error when the worker fails otherwise
 * @example const checked = await checkInWorker(bytes, store.catalog.data, { mode: 'replace', now });
 */
export function checkInWorker(
  bytes: Buffer,
  base: CatalogData,
  options: CheckOptions,
  onProgress: CheckProgress = () => {},
  work?: WorkInWorker,
): Promise<CheckedImport> {
  const checked = turn.then(() => checkNow(bytes, base, options, onProgress, work));
  turn = checked.catch(() => {});
  return checked;
}

async function checkNow(
  bytes: Buffer,
  base: CatalogData,
  options: CheckOptions,
  onProgress: CheckProgress,
  work: WorkInWorker | undefined,
): Promise<CheckedImport> {
  // A large catalog and its file need more than the default heap.
  const worker = startChildProcess(WORKER, { maxOldGenerationSizeMb: 4096 });
  // A server that exits stops its check at once (the worker would otherwise notice only when its current step ends).
  const stopWorker = () => worker.kill();
  process.once('exit', stopWorker);
  const products: Product[] = [];
  const problems: CheckedImport['problems'] = [];
  const changes: CheckedImport['changes'] = [];
  const firstPrices: CheckedImport['firstPrices'] = [];
  const imageRows: CheckedImport['imageRows'] = [];
  // Not zeroed: every byte is written by the slices that follow.
  let prepared: Buffer | null = null;
  // Each result is asked for after a pause, so that requests are served between two of them.
  const askForNext = () => void backgroundPause().then(() => post(worker, { kind: 'next' }));
  const finished = new Promise<CheckedImport>((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      switch (message.kind) {
        case 'progress':
          return onProgress(message.phase, message.fraction);
        case 'problems':
          return void (problems.push(...message.problems), askForNext());
        case 'products':
          return void (products.push(...message.products), askForNext());
        case 'changes':
          return void (changes.push(...message.changes), askForNext());
        case 'first-prices':
          return void (firstPrices.push(...message.changes), askForNext());
        case 'image-rows':
          return void (imageRows.push(...message.rows), askForNext());
        case 'prepared-bytes': {
          prepared ??= Buffer.allocUnsafeSlow(message.total);
          prepared.set(message.bytes, message.offset);
          return askForNext();
        }
        case 'failed':
          return reject(
            message.badFile
              ? new BadImportFileError(message.message)
              : new Error(`The import check failed: ${message.message}`),
          );
        case 'done': {
          const { meta, edit, ...summary } = message.summary;
          return resolve({
            ...summary,
            problems,
            changes,
            firstPrices,
            imageRows,
            prepared:
              message.prepared &&
              ('error' in message.prepared ? message.prepared : { bytes: prepared!.buffer as ArrayBuffer }),
            catalog: meta ? { ...meta, products } : null,
            edit: edit ? { ...edit, upsert: products } : null,
          });
        }
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code, signal) =>
      reject(new Error(`The import worker stopped (${signal ?? `exit code ${code}`}) before it finished.`)),
    );
  });
  // Observed below; a failure while the base is still being sent must not count as unhandled meanwhile.
  finished.catch(() => {});
  try {
    const { products: baseProducts, ...meta } = base;
    post(worker, { kind: 'start', options, meta, work: work && { module: work.module.href, input: work.input } });
    for (let at = 0; at < bytes.length; at += BYTES_PER_MESSAGE) {
      post(worker, { kind: 'file', bytes: bytes.subarray(at, at + BYTES_PER_MESSAGE) });
      await backgroundPause();
    }
    for (let at = 0; at < baseProducts.length; at += PRODUCTS_PER_MESSAGE) {
      post(worker, { kind: 'base', products: baseProducts.slice(at, at + PRODUCTS_PER_MESSAGE) });
      await backgroundPause();
    }
    post(worker, { kind: 'base-end' });
    return await finished;
  } finally {
    process.off('exit', stopWorker);
    if (worker.exitCode === null && worker.signalCode === null) {
      const exited = once(worker, 'exit');
      worker.kill();
      await exited;
    }
  }
}

function post(worker: ChildProcess, message: ToWorker): void {
  // A worker that stopped is reported by its 'exit' event; what could not be sent to it no longer matters.
  worker.send(message, () => {});
}
