/**
 * The import worker: reads and checks an uploaded CSV in a child process of its own, so that the
 * 64 MB file of a large catalog never holds up the requests of the serving thread. It is handed the bytes and the
 * catalog as it stands (in chunks), and hands back what checked-import.ts computes (in chunks); the job stores it.
 *
 * A process rather than a worker thread: all of its threads run at a lower priority, V8's garbage collection and
 * compiler threads included, which a worker thread would share with the serving thread (at its priority, they took
 * the cores from it while the file was parsed).
 */
import { Readable } from 'node:stream';
import { readCsvRows } from '../csv/csv-files.js';
import type { NumberedRow } from '../csv/rows-to-catalog.js';
import type { CatalogData, Product } from '../model.js';
import { checkImport, type CheckOptions } from './checked-import.js';
import { runProcessInBackground } from './background-priority.js';
import {
  BYTES_PER_MESSAGE,
  PRODUCTS_PER_MESSAGE,
  RECORDS_PER_MESSAGE,
  type FromWorker,
  type ToWorker,
} from './import-messages.js';
import { prepareInWorker } from './worker-side-work.js';

/** Bytes handed to the CSV parser at a time, so that reading reports its progress. */
const SLICE_BYTES = 1024 * 1024;

// The serving thread comes first: requests are answered while this works.
runProcessInBackground();
const send = (message: FromWorker): void => {
  process.send!(message);
};
// The server is gone (stopped, or killed): nothing will ask for the results.
process.on('disconnect', () => process.exit(0));

/** Result messages waiting for the serving thread to ask for them, made one at a time as it does. */
let results: Iterator<FromWorker> | null = null;

function sendNext(): void {
  const next = results?.next();
  if (next && !next.done) send(next.value);
}

function* inChunks<T>(items: readonly T[], size: number, message: (chunk: T[]) => FromWorker): Generator<FromWorker> {
  for (let at = 0; at < items.length; at += size) yield message(items.slice(at, at + size));
}

async function readRows(bytes: Buffer): Promise<NumberedRow[]> {
  const slices = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
        yield bytes.subarray(at, at + SLICE_BYTES);
        send({
          kind: 'progress',
          phase: 'reading',
          fraction: Math.min(1, (at + SLICE_BYTES) / Math.max(bytes.length, 1)),
        });
      }
    })(),
  );
  return readCsvRows(slices);
}

async function check(
  bytes: Buffer,
  options: CheckOptions,
  base: CatalogData,
  work: ToWorkerStart['work'],
): Promise<void> {
  let rows: NumberedRow[];
  try {
    rows = await readRows(bytes);
  } catch (error) {
    // A file that is not WooCommerce's product CSV, or broken quoting: the manager's to fix.
    return send({ kind: 'failed', message: (error as Error).message, badFile: true });
  }
  send({ kind: 'progress', phase: 'checking', fraction: 0 });
  const checked = checkImport(rows, base, options);
  const {
    problems: _problems,
    catalog,
    edit,
    changes: _changes,
    firstPrices: _first,
    imageRows: _images,
    ...summary
  } = checked;
  const meta = catalog ? { categories: catalog.categories, attributes: catalog.attributes } : null;
  // Before the results go: the serving thread stores them meanwhile, and takes this in as soon as they are stored.
  const prepared = catalog && work ? await prepareInWorker(work, catalog) : null;
  results = (function* (): Generator<FromWorker> {
    yield* inChunks(checked.problems, RECORDS_PER_MESSAGE, (problems) => ({ kind: 'problems', problems }));
    yield* inChunks(catalog?.products ?? edit?.upsert ?? [], PRODUCTS_PER_MESSAGE, (products) => ({
      kind: 'products',
      products,
    }));
    yield* inChunks(checked.changes, RECORDS_PER_MESSAGE, (changes) => ({ kind: 'changes', changes }));
    yield* inChunks(checked.firstPrices, RECORDS_PER_MESSAGE, (changes) => ({ kind: 'first-prices', changes }));
    yield* inChunks(checked.imageRows, RECORDS_PER_MESSAGE, (imageRows) => ({ kind: 'image-rows', rows: imageRows }));
    if (prepared && 'bytes' in prepared) {
      const bytes = new Uint8Array(prepared.bytes);
      for (let offset = 0; offset < bytes.length; offset += BYTES_PER_MESSAGE) {
        yield {
          kind: 'prepared-bytes',
          bytes: bytes.subarray(offset, offset + BYTES_PER_MESSAGE),
          offset,
          total: bytes.length,
        };
      }
    }
    yield {
      kind: 'done',
      prepared: prepared && ('error' in prepared ? prepared : { sent: true }),
      summary: {
        ...summary,
        meta,
        edit: edit ? { remove: edit.remove, categories: edit.categories, attributes: edit.attributes } : null,
      },
    };
  })();
  sendNext();
}

type ToWorkerStart = Extract<ToWorker, { kind: 'start' }>;
let start: ToWorkerStart | null = null;
const fileSlices: Uint8Array[] = [];
const baseProducts: Product[] = [];

process.on('message', (message: ToWorker) => {
  if (message.kind === 'start') start = message;
  else if (message.kind === 'file') fileSlices.push(message.bytes);
  else if (message.kind === 'base') baseProducts.push(...message.products);
  else if (message.kind === 'next') sendNext();
  else if (start) {
    const { options, meta, work } = start;
    check(Buffer.concat(fileSlices), options, { ...meta, products: baseProducts }, work).catch((error: Error) => {
      send({ kind: 'failed', message: error.message, badFile: false });
    });
  }
});
