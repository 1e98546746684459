// Conformance: `store.dsaNotices`: stored with an id and reference, listed, decided, kept across
// restarts, and never lost or given the same id when instances write at once.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import { StoreNotFoundError, type NewDsaNotice } from '../../../../server/store/store.js';
import { OpenedData, type FreshLocation } from './fixtures.js';

const notice = (n: number, createdAt = '2026-11-23T10:00:00.000Z'): NewDsaNotice => ({
  product_id: n,
  url: `https://shop.example/product/p-${n}`,
  explanation: `Counterfeit goods, case ${n}. Zażółć gęślą jaźń.`,
  name: `Notifier ${n}`,
  email: `n${n}@example.com`,
  good_faith: true,
  ip: '203.0.113.0',
  created_at: createdAt,
});

export function describeDsaNoticesContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('create() assigns ids and references DSA-<year>-<id>, status received; list() and find() return them after a restart', async () => {
    let store = await data.open();
    assert.deepEqual(await store.dsaNotices.list(), []);
    const first = await store.dsaNotices.create(notice(1));
    const second = await store.dsaNotices.create(notice(2, '2027-01-02T03:04:05.678Z'));
    assert.deepEqual(first, {
      ...notice(1),
      id: 1,
      reference: 'DSA-2026-000001',
      status: 'received',
      updated_at: notice(1).created_at,
      decision_note: '',
    });
    assert.equal(second.id, 2);
    assert.equal(second.reference, 'DSA-2027-000002');
    store = await data.reopen(store);
    assert.deepEqual(await store.dsaNotices.list(), [first, second]);
    assert.deepEqual(await store.dsaNotices.find(2), second);
    assert.equal(await store.dsaNotices.find(3), null);
  });

  it('setStatus() records the decision and its time, keeps the note when none is given, and names a missing notice', async () => {
    let store = await data.open();
    const created = await store.dsaNotices.create(notice(7));
    const reviewed = await store.dsaNotices.setStatus(created.id, { status: 'in_review' }, '2026-11-24T08:00:00.000Z');
    assert.equal(reviewed.status, 'in_review');
    assert.equal(reviewed.decision_note, '');
    await store.dsaNotices.setStatus(
      created.id,
      { status: 'actioned', decision_note: 'Listing removed.' },
      '2026-11-25T08:00:00.000Z',
    );
    await store.dsaNotices.setStatus(created.id, { status: 'actioned' }, '2026-11-26T08:00:00.000Z');
    store = await data.reopen(store);
    const stored = await store.dsaNotices.find(created.id);
    assert.deepEqual(stored, {
      ...created,
      status: 'actioned',
      decision_note: 'Listing removed.',
      updated_at: '2026-11-26T08:00:00.000Z',
    });
    await assert.rejects(
      store.dsaNotices.setStatus(99, { status: 'rejected' }, '2026-11-26T08:00:00.000Z'),
      StoreNotFoundError,
    );
  });

  it('two instances creating at once lose no notice and never share an id or reference', async () => {
    const [a, b] = [await data.open({ watch: false }), await data.open({ watch: false })];
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, n) => (n % 2 ? a : b).dsaNotices.create(notice(n + 1))),
    );
    assert.equal(new Set(created.map((entry) => entry.id)).size, 20);
    assert.equal(new Set(created.map((entry) => entry.reference)).size, 20);
    const listed = await a.dsaNotices.list();
    assert.deepEqual(
      listed.map((entry) => entry.product_id).sort((x, y) => x - y),
      Array.from({ length: 20 }, (_, n) => n + 1),
    );
  });
}
