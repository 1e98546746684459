/**
 * `Store.priceHistory` in a data folder: `price-history.ndjson`, one change per line, only ever appended (in one
 * flushed write per call, like the consent log), so a crash leaves at most a torn last line, which is skipped.
 */
import { createReadStream } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { PriceChange, PriceHistoryRepository } from '../store.js';
import { appendFileDurably } from './durable-write.js';
import { parseWithSchema } from './file-schemas.js';

/** Changes checked and serialised between two turns of the event loop (a few milliseconds' work). */
const LINES_PER_TURN = 5000;

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

export function lowdbPriceHistory(file: string): PriceHistoryRepository {
  return {
    async append(changes) {
      if (changes.length === 0) return;
      // An import records hundreds of thousands of changes: they are checked and written out in batches, with a turn
      // of the event loop between them, then appended in one write (all of them, or none after a crash).
      const batches: string[] = [];
      for (let at = 0; at < changes.length; at += LINES_PER_TURN) {
        if (at > 0) await nextTurn();
        batches.push(changes.slice(at, at + LINES_PER_TURN).map((change) => `${JSON.stringify(parseWithSchema(priceChangeSchema, change))}\n`).join(''));
      }
      await appendFileDurably(file, batches.join(''));
    },
    forItems(itemIds) {
      const wanted = new Set(itemIds);
      return wanted.size === 0 ? Promise.resolve([]) : readChanges(file, (itemId) => wanted.has(itemId));
    },
    all() {
      return readChanges(file, () => true);
    },
  };
}

/** The changes of the file whose item is `wanted`, in the file's order. */
async function readChanges(file: string, wanted: (itemId: number) => boolean): Promise<PriceChange[]> {
  const found: PriceChange[] = [];
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      // A cheap test before parsing: most lines belong to other items.
      const match = /^\{"item_id":(\d+),/.exec(line);
      if (!match || !wanted(Number(match[1]))) continue;
      try {
        found.push(parseWithSchema(priceChangeSchema, JSON.parse(line)));
      } catch {
        // A line torn by a crash mid-append: the change was never acknowledged.
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return found;
    throw error;
  }
  return found;
}
