// The invoice repository on both stores: gapless numbering per period under concurrency (two PostgreSQL instances,
// two processes on one lowdb folder), idempotency by key, a failed build that uses no number, and the KSeF outbox.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import type { Invoice } from '../../../client/api/invoices.js';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import { openPostgresStore } from '../../../server/store/postgres/index.js';
import type { Store } from '../../../server/store/store.js';
import { createTestDatabase } from '../../support/postgres.js';
import { fixtureDocument, queuedKsef } from '../invoices/invoice-fixture.js';

const execFileAsync = promisify(execFile);
const CHILD = path.resolve(import.meta.dirname, '../invoices/issue-in-child.ts');

/** The sequence numbers of a period's invoices, read back from their numbers, sorted. */
async function sequencesOf(store: Store, period: string): Promise<number[]> {
  const { invoices } = await store.invoices.list({ page: 1, perPage: 10_000 });
  return invoices
    .filter((invoice) => invoice.number.startsWith(`${period}/`))
    .map((invoice) => Number(invoice.number.slice(period.length + 1)))
    .sort((a, b) => a - b);
}

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const issueMany = (stores: Store[], period: string, firstOrder: number, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => {
      const order = firstOrder + i;
      return stores[i % stores.length]!.invoices.issue(`order:${order}:VAT`, period, (sequence) =>
        fixtureDocument(period, sequence, order),
      );
    }),
  );

interface Backend {
  name: string;
  /** Two store instances on the same data. */
  open(): Promise<[Store, Store]>;
  /** Issues `count` invoices from another process at the same time as `alongside` runs, when the store allows it. */
  issueElsewhere?(period: string, firstOrder: number, count: number): Promise<void>;
  dispose(): Promise<void>;
}

function lowdbBackend(): Backend {
  let folder = '';
  return {
    name: 'lowdb',
    async open() {
      folder = await mkdtemp(path.join(tmpdir(), 'invoices-store-'));
      const options = { watch: false, lazyCatalog: true };
      return [await openLowdbStore(folder, options), await openLowdbStore(folder, options)];
    },
    async issueElsewhere(period, firstOrder, count) {
      await execFileAsync(
        process.execPath,
        ['--import', 'tsx', CHILD, folder, period, String(firstOrder), String(count)],
        {
          env: { ...process.env, NODE_ENV: 'test' },
        },
      );
    },
    dispose: () => rm(folder, { recursive: true, force: true }),
  };
}

function postgresBackend(): Backend {
  return {
    name: 'PostgreSQL',
    async open() {
      const url = await createTestDatabase();
      const a = await openPostgresStore(url, { listen: false, lazyCatalog: true });
      return [a, await openPostgresStore(url, { listen: false, lazyCatalog: true })];
    },
    dispose: async () => undefined,
  };
}

for (const backend of [lowdbBackend(), postgresBackend()]) {
  describe(`invoices on ${backend.name}`, () => {
    let a: Store;
    let b: Store;
    before(async () => {
      [a, b] = await backend.open();
    });
    after(async () => {
      await Promise.all([a.close(), b.close()]);
      await backend.dispose();
    });

    it('numbers concurrent issues through two instances 1..N per period, without gaps or duplicates', async () => {
      const issued = await Promise.all([
        issueMany([a, b], 'FV/2026/11', 1, 40),
        issueMany([b, a], 'FV/2026/12', 1001, 40),
      ]);
      assert.deepEqual(await sequencesOf(a, 'FV/2026/11'), oneToN(40));
      assert.deepEqual(await sequencesOf(b, 'FV/2026/12'), oneToN(40));
      const ids = issued.flat().map((invoice) => invoice.id);
      assert.equal(new Set(ids).size, 80, 'every invoice has its own id');
    });

    if (backend.issueElsewhere)
      it('numbers without gaps when another process issues in the same period at the same time', async () => {
        await Promise.all([issueMany([a], 'FV/2027/01', 2001, 25), backend.issueElsewhere!('FV/2027/01', 3001, 25)]);
        assert.deepEqual(await sequencesOf(a, 'FV/2027/01'), oneToN(50));
      });

    it('answers the stored invoice for a key issued before, and builds nothing', async () => {
      const first = await a.invoices.issue('order:77:VAT', 'FV/2026/10', (n) => fixtureDocument('FV/2026/10', n, 77));
      let built = false;
      const again = await Promise.all([
        b.invoices.issue('order:77:VAT', 'FV/2026/10', (n) => {
          built = true;
          return fixtureDocument('FV/2026/10', n, 77);
        }),
        a.invoices.issue('order:77:VAT', 'FV/2026/10', (n) => fixtureDocument('FV/2026/10', n, 77)),
      ]);
      assert.equal(built, false);
      assert.deepEqual(again, [first, first]);
      assert.deepEqual(await b.invoices.findByKey('order:77:VAT'), first);
    });

    it('issues one invoice when two instances issue one key at once', async () => {
      const both = await Promise.all([
        a.invoices.issue('order:88:VAT', 'FV/2026/09', (n) => fixtureDocument('FV/2026/09', n, 88)),
        b.invoices.issue('order:88:VAT', 'FV/2026/09', (n) => fixtureDocument('FV/2026/09', n, 88)),
      ]);
      assert.equal(both[0].id, both[1].id);
      assert.deepEqual(await sequencesOf(a, 'FV/2026/09'), [1]);
    });

    it('stores nothing and uses no number when the build throws', async () => {
      await assert.rejects(
        a.invoices.issue('order:9005:VAT', 'FV/2026/08', () => {
          throw new Error('the XML does not fit the schema');
        }),
        /does not fit the schema/,
      );
      assert.equal(await a.invoices.findByKey('order:9005:VAT'), null);
      const next = await b.invoices.issue('order:9006:VAT', 'FV/2026/08', (n) => fixtureDocument('FV/2026/08', n, 6));
      assert.equal(next.number, 'FV/2026/08/1');
      assert.equal(await a.invoices.xml(next.id), '<Faktura n="1"/>');
    });

    it('lists by order and issue time, newest first, with the total', async () => {
      const period = 'FV/2025/01';
      const at = (day: number) => `2025-01-${String(day).padStart(2, '0')}T10:00:00.000Z`;
      const made: Invoice[] = [];
      for (const day of [3, 5, 7])
        made.push(await a.invoices.issue(`day:${day}`, period, (n) => fixtureDocument(period, n, 500 + day, at(day))));
      const window = await b.invoices.list({ after: at(4), before: at(8), page: 1, perPage: 1 });
      assert.equal(window.total, 2);
      assert.deepEqual(
        window.invoices.map((invoice) => invoice.id),
        [made[2]!.id],
      );
      const ofOrder = await b.invoices.list({ order: 505, page: 1, perPage: 10 });
      assert.deepEqual(
        ofOrder.invoices.map((invoice) => invoice.id),
        [made[1]!.id],
      );
      assert.equal((await b.invoices.list({ order: 505, page: 2, perPage: 10 })).total, 1);
    });

    it('hands each due invoice to one sender at a time, settles only the holder, and requeues a refusal', async () => {
      const now = new Date('2030-01-01T00:00:00.000Z');
      // The invoices issued above are not for KSeF: this one alone waits in the outbox.
      const issued = await a.invoices.issue('ksef:1', 'FV/2029/12', (n) =>
        fixtureDocument('FV/2029/12', n, 900, '2029-12-01T10:00:00.000Z', queuedKsef()),
      );
      const claims = await Promise.all([
        a.invoices.claimKsefDue('sender-a', now, 60_000),
        b.invoices.claimKsefDue('sender-b', now, 60_000),
      ]);
      const holders = claims.filter((claim) => claim !== null);
      assert.equal(holders.length, 1, 'one sender holds it');
      assert.equal(holders[0]!.id, issued.id);
      const holder = claims[0] ? 'sender-a' : 'sender-b';
      const other = holder === 'sender-a' ? 'sender-b' : 'sender-a';
      const refused = { ...issued.ksef, status: 'rejected' as const, errors: ['NIP nabywcy'], attempts: 1 };
      assert.equal(await b.invoices.settleKsef(issued.id, other, refused), null, 'not the holder: ignored');
      const later = new Date(now.getTime() + 120_000);
      assert.equal((await a.invoices.claimKsefDue('sender-c', later, 60_000))?.id, issued.id, 'an expired claim');
      assert.equal(await a.invoices.settleKsef(issued.id, holder, refused), null, 'the claim moved on');
      const settled = await a.invoices.settleKsef(issued.id, 'sender-c', refused);
      assert.deepEqual(settled?.ksef, refused);
      assert.equal(await b.invoices.claimKsefDue('sender-a', later, 60_000), null, 'a refusal is not due');
      const requeued = await b.invoices.requeueKsef(issued.id, later);
      assert.equal(requeued?.ksef.status, 'queued');
      assert.equal((await a.invoices.claimKsefDue('sender-a', later, 60_000))?.id, issued.id);
      const accepted = { ...refused, status: 'accepted' as const, number: 'X', errors: [] };
      await a.invoices.settleKsef(issued.id, 'sender-a', accepted);
      assert.equal(await a.invoices.requeueKsef(issued.id, later), null, 'an accepted invoice is not sent again');
      assert.deepEqual((await b.invoices.find(issued.id))?.ksef, accepted);
    });

    it('keeps an invoice issued offline offline when a manager sends it again', async () => {
      const now = new Date('2030-02-01T00:00:00.000Z');
      const issued = await a.invoices.issue('ksef:offline', 'FV/2030/01', (n) =>
        fixtureDocument('FV/2030/01', n, 700, '2030-01-15T10:00:00.000Z', { ...queuedKsef(), status: 'offline' }),
      );
      const requeued = await b.invoices.requeueKsef(issued.id, now);
      assert.equal(requeued?.ksef.status, 'offline', 'still sent as an offline invoice');
      assert.equal((await a.invoices.claimKsefDue('sender-a', now, 60_000))?.id, issued.id);
    });
  });
}
