/**
 * `Store.priceHistory` in a data folder: `price-history.ndjson`, one change per line, only ever appended (in one
 * flushed write per call, like the consent log), so a crash leaves at most a torn last line, which is skipped.
 *
 * The file is read once and kept in memory by item, then only its new tail is read (this process's appends and other
 * processes' alike): every page that shows a sale asks for a few items' histories, and after a large import the file
 * holds hundreds of thousands of lines, which a scan per page would read again and again.
 */
import { statSync } from 'node:fs';
import { backgroundPause } from '../../http/background-pause.js';
import { z } from 'zod';
import type { PriceChange, PriceHistoryRepository } from '../store.js';
import { appendFileDurably } from './durable-write.js';
import { parseWithSchema } from './file-schemas.js';
import { readRange } from './read-range.js';

/**
 * Changes checked and serialised or parsed between two pauses for requests (background-pause.ts) (a few milliseconds'
 * work).
 */
const LINES_PER_TURN = 5000;
/** Bytes of the file's unread tail decoded at a time (then cut at the next line's end). */
const TAIL_SLICE_BYTES = 256 * 1024;

const isoTime = z.string().min(1);
const priceChangeSchema = z.object({
  item_id: z.number().int().nonnegative(),
  product_id: z.number().int().nonnegative(),
  time: isoTime,
  regular_price: z.number(),
  sale_price: z.number().nullable(),
  date_on_sale_from: isoTime.nullable(),
  date_on_sale_to: isoTime.nullable(),
});

/** The file as read so far: every change in file order, and each item's positions in that order. */
interface ReadState {
  bytes: number;
  all: PriceChange[];
  byItem: Map<number, number[]>;
}

const emptyState = (): ReadState => ({ bytes: 0, all: [], byItem: new Map() });

/** Synchronous: every render that shows a sale asks whether the file grew, and it mostly did not. */
function fileSize(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}

export function lowdbPriceHistory(file: string): PriceHistoryRepository {
  let state = emptyState();
  let reading: Promise<void> | null = null;

  /** Reads the lines appended since the last read; a file that shrank (copied over) is read again from the start. */
  async function readTail(): Promise<void> {
    const size = fileSize(file);
    if (size < state.bytes) state = emptyState();
    if (size === state.bytes) return;
    const tail = await readRange(file, state.bytes, size);
    // Only whole lines: one still being appended by another process is read next time.
    const end = tail.lastIndexOf(0x0a) + 1;
    if (end === 0) return;
    const target = state;
    let read = 0;
    // Whole lines a slice at a time: decoding and splitting the 40 MB an import appends in one go held the event loop
    // for half a second.
    for (let from = 0; from < end; ) {
      const to = from + TAIL_SLICE_BYTES < end ? tail.indexOf(0x0a, from + TAIL_SLICE_BYTES - 1) + 1 : end;
      for (const line of tail.toString('utf8', from, to).split('\n')) {
        if (line === '') continue;
        if (++read % LINES_PER_TURN === 0) await backgroundPause();
        try {
          const change = parseWithSchema(priceChangeSchema, JSON.parse(line)) as PriceChange;
          const position = target.all.push(change) - 1;
          const positions = target.byItem.get(change.item_id);
          if (positions) positions.push(position);
          else target.byItem.set(change.item_id, [position]);
        } catch {
          // A line torn by a crash mid-append: the change was never acknowledged.
        }
      }
      from = to;
    }
    target.bytes += end;
  }

  /** Adds changes this process appended at the end of what was read, as reading them back would. */
  async function remember(target: ReadState, changes: readonly PriceChange[], bytes: number): Promise<void> {
    for (let at = 0; at < changes.length; at++) {
      if (at > 0 && at % LINES_PER_TURN === 0) await backgroundPause();
      const change = changes[at]!;
      const position = target.all.push(change) - 1;
      const positions = target.byItem.get(change.item_id);
      if (positions) positions.push(position);
      else target.byItem.set(change.item_id, [position]);
    }
    target.bytes += bytes;
  }

  /** One read at a time; callers that arrive meanwhile wait for it and then read what is newer. */
  async function current(): Promise<ReadState> {
    while (reading) await reading;
    reading = readTail().finally(() => (reading = null));
    await reading;
    return state;
  }

  return {
    async append(changes) {
      if (changes.length === 0) return;
      // An import records hundreds of thousands of changes: they are checked and written out in batches, with a turn
      // of the event loop between them, then appended in one write (all of them, or none after a crash).
      const batches: string[] = [];
      const checked: PriceChange[] = [];
      for (let at = 0; at < changes.length; at += LINES_PER_TURN) {
        if (at > 0) await backgroundPause();
        batches.push(
          changes
            .slice(at, at + LINES_PER_TURN)
            .map((change) => {
              const valid = parseWithSchema(priceChangeSchema, change) as PriceChange;
              checked.push(valid);
              return `${JSON.stringify(valid)}\n`;
            })
            .join(''),
        );
      }
      const content = batches.join('');
      // Appended while no read runs: when the file was read to its end before and grew by exactly these lines, they
      // are added to what was read instead of being read back (an import's 300,000 lines held every request that
      // shows prices for a second once the new catalog was shown).
      while (reading) await reading;
      const appending = (async () => {
        const before = await fileSize(file);
        await appendFileDurably(file, content);
        const bytes = Buffer.byteLength(content);
        const target = state;
        if (before === target.bytes && (await fileSize(file)) === before + bytes)
          await remember(target, checked, bytes);
      })();
      // Readers wait for it; a failed append is its caller's to see, not theirs.
      reading = appending.catch(() => {}).finally(() => (reading = null));
      await appending;
    },
    async forItems(itemIds) {
      const wanted = new Set(itemIds);
      if (wanted.size === 0) return [];
      const { byItem, all } = await current();
      // In the file's order, as one scan of it would give them.
      const positions = [...wanted].flatMap((id) => byItem.get(id) ?? []).sort((a, b) => a - b);
      return positions.map((position) => all[position]!);
    },
    async all() {
      return [...(await current()).all];
    },
  };
}
