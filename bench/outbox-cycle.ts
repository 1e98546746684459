/**
 * The cost of one message on an aged data folder: `enqueue` + `claimNext` + `settle` (sent), the store work behind one
 * e-mail the shop sends, with `--finished N` (default 20,000) messages already delivered. The folder is made in the
 * format of the oldest data folders (every message in `outbox.json`), so the same script measures any version: a
 * version that moves finished messages out does so when it opens the folder.
 *
 * `node --import tsx bench/outbox-cycle.ts [--finished 20000] [--cycles 40] [--runs 3]`
 * Prints each run's median and the median of the runs, in milliseconds; then the time to open the folder again, the
 * mail log's first page as a process
 * that has not read the outbox yet (another store opened on the folder) sees it, and the median of 20 reads of a page
 * deep in the list (page 500 of 20 messages).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openLowdbStore } from '../server/store/lowdb/lowdb-store.js';
import { OUTBOX_PRIORITY, type NewMessage, type OutboxMessage } from '../server/store/outbox.js';

const { values } = parseArgs({
  options: {
    finished: { type: 'string', default: '20000' },
    cycles: { type: 'string', default: '40' },
    runs: { type: 'string', default: '3' },
  },
});
const finished = Number(values.finished);
const cycles = Number(values.cycles);
const runs = Number(values.runs);

const median = (numbers: number[]): number => [...numbers].sort((a, b) => a - b)[numbers.length >> 1]!;

/** About the size of an order confirmation: a few kilobytes of HTML and its plain-text part. */
function newMessage(index: number, at: string): NewMessage {
  return {
    kind: 'order-received',
    to: `customer${index}@example.com`,
    reply_to: null,
    subject: `Your order VT-${String(index).padStart(6, '0')}`,
    text: `Thank you for your order.\n${'Line of the order, its price and quantity.\n'.repeat(30)}`,
    html: `<!doctype html><html lang="en"><body>${'<tr><td>Line of the order</td><td>12,00 zł</td><td>1</td></tr>'.repeat(70)}</body></html>`,
    message_id: `<bench-${index}-${Math.random().toString(36).slice(2)}@shop.test>`,
    redact: [],
    created_at: at,
  };
}

function delivered(index: number): OutboxMessage {
  const at = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
  return {
    ...newMessage(index, at),
    id: index,
    status: 'sent',
    priority: OUTBOX_PRIORITY.normal,
    attachments: [],
    attempts: 1,
    next_attempt_at: at,
    claimed_by: 'pid:1@bench',
    claimed_until: null,
    sent_at: at,
    last_response: '250 2.0.0 OK',
    updated_at: at,
  };
}

interface RunTimes {
  cycle: number;
  open: number;
  firstPage: number;
  deepPage: number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function oneRun(): Promise<RunTimes> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'vitrine-outbox-bench-'));
  try {
    const messages = Array.from({ length: finished }, (_, index) => delivered(index + 1));
    await writeFile(path.join(directory, 'outbox.json'), JSON.stringify({ revision: 1, last_id: finished, messages }));
    const store = await openLowdbStore(directory, { watch: false });
    const times: number[] = [];
    for (let cycle = 0; cycle < cycles; cycle++) {
      const started = performance.now();
      await store.outbox.enqueue([newMessage(finished + cycle + 1, new Date(Date.now() - 1000).toISOString())]);
      const claimed = await store.outbox.claimNext('pid:1@bench', new Date(), 60_000);
      if (!claimed) throw new Error('The message just queued was not due.');
      await store.outbox.settle(claimed.id, 'pid:1@bench', { status: 'sent', response: '250 2.0.0 OK' }, new Date());
      times.push(performance.now() - started);
    }
    await store.close();
    let reader!: Awaited<ReturnType<typeof openLowdbStore>>;
    const open = await timed(async () => (reader = await openLowdbStore(directory, { watch: false })));
    const firstPage = await timed(() => reader.outbox.list({ page: 1, perPage: 20 }));
    const deepPages: number[] = [];
    for (let read = 0; read < 20; read++)
      deepPages.push(await timed(() => reader.outbox.list({ page: 500, perPage: 20 })));
    await reader.close();
    return { cycle: median(times), open, firstPage, deepPage: median(deepPages) };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const results: RunTimes[] = [];
for (let run = 0; run < runs; run++) {
  const result = await oneRun();
  results.push(result);
  console.log(
    `run ${run + 1}: median of ${cycles} cycles ${result.cycle.toFixed(2)} ms; opening the folder ${result.open.toFixed(0)} ms; mail log: first page ${result.firstPage.toFixed(1)} ms, page 500 ${result.deepPage.toFixed(2)} ms`,
  );
}
const overRuns = (pick: (result: RunTimes) => number) => median(results.map(pick)).toFixed(2);
console.log(
  `${finished} finished messages, medians of ${runs} runs: one enqueue + claim + delivered cycle ${overRuns((result) => result.cycle)} ms; ` +
    `opening the folder ${overRuns((result) => result.open)} ms; ` +
    `mail log first page ${overRuns((result) => result.firstPage)} ms, page 500 ${overRuns((result) => result.deepPage)} ms`,
);
