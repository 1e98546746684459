/**
 * The messages between an import job and its worker process (import-worker.ts). Large lists and the file travel in
 * chunks, one message each, so that neither side spends long copying one huge message. The results are pulled: the
 * worker sends its next message only when the serving thread asks for it (`next`), since a port delivers every message
 * already queued in one go, and a hundred chunks delivered at once held the serving thread for seconds.
 */
import type { CatalogEdit, PriceChange } from '../../store/store.js';
import type { NumberedRow, RowProblem } from '../csv/rows-to-catalog.js';
import type { CatalogData, Product } from '../model.js';
import type { CheckedImport, CheckOptions } from './checked-import.js';

/** Products per message, either way (about half a megabyte of variable products). */
export const PRODUCTS_PER_MESSAGE = 1000;
/** Price changes or problems per message: each is copied on the serving thread in one go, a few milliseconds. */
export const RECORDS_PER_MESSAGE = 5000;
/**
 * Bytes of the file, or of what the worker-side work made, per message: a message is copied twice on arrival (its
 * pieces joined, then read), in one go, and 40 MB at once held the serving thread for a fifth of a second.
 */
export const BYTES_PER_MESSAGE = 2 * 1024 * 1024;

export type ToWorker =
  /** `work`: a replaced catalog's worker-side work (worker-side-work.ts), its module as a URL. */
  | {
      kind: 'start';
      options: CheckOptions;
      meta: Omit<CatalogData, 'products'>;
      work?: { module: string; input: unknown };
    }
  /** A slice of the file, in order. */
  | { kind: 'file'; bytes: Uint8Array }
  | { kind: 'base'; products: Product[] }
  | { kind: 'base-end' }
  /** Send the next result message. */
  | { kind: 'next' };

/** The small part of a CheckedImport; the lists follow in their own messages. */
export type CheckedSummary = Omit<
  CheckedImport,
  'problems' | 'catalog' | 'edit' | 'changes' | 'firstPrices' | 'imageRows'
> & {
  meta: Omit<CatalogData, 'products'> | null;
  edit: Omit<CatalogEdit, 'upsert'> | null;
};

export type FromWorker =
  | { kind: 'progress'; phase: 'reading' | 'checking'; fraction: number }
  | { kind: 'problems'; problems: RowProblem[] }
  | { kind: 'products'; products: Product[] }
  | { kind: 'changes'; changes: PriceChange[] }
  | { kind: 'first-prices'; changes: PriceChange[] }
  | { kind: 'image-rows'; rows: NumberedRow[] }
  /** A slice of what the worker-side work made, of `total` bytes, at `offset`. */
  | { kind: 'prepared-bytes'; bytes: Uint8Array; offset: number; total: number }
  /** `prepared`: what the worker-side work made (its bytes went before, in slices), or why it could not. */
  | { kind: 'done'; summary: CheckedSummary; prepared: { error: string } | { sent: true } | null }
  | { kind: 'failed'; message: string; badFile: boolean };
