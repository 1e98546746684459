// Conformance: `store.outbox`, the messages written with their causes, password resets and ending a user's sessions.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { OUTBOX_PRIORITY, type NewMessage } from '../../../../server/store/outbox.js';
import type { WithdrawalRequest } from '../../../../server/store/schema.js';
import type { Store } from '../../../../server/store/store.js';
import { newOrderFixture } from './shop-contract.js';
import { newUser, OpenedData, sessionOf, sha, type FreshLocation } from './fixtures.js';

const message = (to: string, id: string, kind = 'test'): NewMessage => ({
  kind,
  to,
  reply_to: null,
  subject: `Subject ${id}`,
  text: `Text ${id}`,
  html: `<p>${id}</p>`,
  message_id: `<${id}@shop.test>`,
  redact: [],
  created_at: new Date(Date.now() - 1000).toISOString(),
});

/** A withdrawal needs its order (PostgreSQL's foreign key); it takes no stock here. */
async function placeOrder(store: Store): Promise<number> {
  return (await store.orders.place(newOrderFixture('ewa@example.com'), [], () => ({ upsert: [], remove: [] }))).id;
}

const withdrawal = (
  email: string,
  orderId: number,
): Omit<WithdrawalRequest, 'id' | 'reference' | 'goods_received_on' | 'refund'> => ({
  order_id: orderId,
  order_number: 'VT-000001',
  email,
  items: [{ product_id: 3, title: 'Kubek', quantity: 1 }],
  reason: '',
  user_id: null,
  received_at: new Date().toISOString(),
});

const LEASE = 60_000;

export function describeOutboxContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('a withdrawal and its messages are stored together; the messages are made from the stored withdrawal', async () => {
    const store = await data.open();
    const stored = await store.withdrawals.create(withdrawal('ewa@example.com', await placeOrder(store)), (created) => [
      message(created.email, `ack-${created.reference}`),
    ]);
    const reopened = await data.reopen(store);
    const { messages, total } = await reopened.outbox.list({ page: 1, perPage: 10 });
    assert.equal(total, 1);
    assert.equal(messages[0]!.to, 'ewa@example.com');
    assert.equal(messages[0]!.message_id, `<ack-${stored.reference}@shop.test>`);
    assert.equal(messages[0]!.status, 'queued');
    assert.equal(messages[0]!.attempts, 0);
  });

  it('a cause whose messages cannot be made is not stored either', async () => {
    const store = await data.open();
    await assert.rejects(
      store.withdrawals.create(withdrawal('a@example.com', await placeOrder(store)), () => {
        throw new Error('template failed');
      }),
      /template failed/,
    );
    assert.deepEqual(await store.withdrawals.list(), []);
    assert.equal((await store.outbox.list({ page: 1, perPage: 10 })).total, 0);
  });

  it('an order and its confirmation are stored together, and a move with its message; a failing message stores no order', async () => {
    const store = await data.open();
    const noStock = () => ({ upsert: [], remove: [] });
    const order = await store.orders.place(newOrderFixture('ola@example.com'), [], noStock, (placed) => [
      message(placed.email, `confirm-${placed.number}`),
    ]);
    await store.orders.change(order.id, (stored) => ({
      order: { ...stored, status: 'processing' },
      result: null,
      outbox: [message(stored.email, 'paid')],
    }));
    await assert.rejects(
      store.orders.place(newOrderFixture('x@example.com'), [], noStock, () => {
        throw new Error('no template');
      }),
      /no template/,
    );
    assert.deepEqual(
      (await store.orders.list()).map((stored) => stored.email),
      ['ola@example.com'],
    );
    const reopened = await data.reopen(store);
    const ids = (await reopened.outbox.list({ page: 1, perPage: 10 })).messages
      .map((stored) => stored.message_id)
      .sort();
    assert.deepEqual(ids, [`<confirm-${order.number}@shop.test>`, '<paid@shop.test>']);
  });

  it('contact messages, DSA notices (received and decided) and registrations carry their messages', async () => {
    const store = await data.open();
    await store.messages.create(
      {
        name: 'Jan',
        email: 'jan@example.com',
        subject: 'Hi',
        message: 'Hello',
        user_id: null,
        created_at: new Date().toISOString(),
      },
      [],
      (stored) => [message('shop@example.com', `contact-${stored.id}`)],
    );
    const notice = await store.dsaNotices.create(
      {
        product_id: 0,
        url: 'http://shop.test/x',
        explanation: 'x'.repeat(30),
        name: 'N',
        email: 'n@example.com',
        good_faith: true,
        ip: '192.0.2.0',
        created_at: new Date().toISOString(),
      },
      (stored) => [message(stored.email, `notice-${stored.reference}`)],
    );
    await store.dsaNotices.setStatus(
      notice.id,
      { status: 'rejected', decision_note: 'Lawful.' },
      new Date().toISOString(),
      (stored) => [message(stored.email, `decided-${stored.status}`)],
    );
    await store.users.create(newUser('ola'), (user) => [message(user.email, `welcome-${user.login}`)]);
    const ids = (await store.outbox.list({ page: 1, perPage: 10 })).messages.map((stored) => stored.message_id).sort();
    assert.deepEqual(
      ids,
      [
        '<contact-1@shop.test>',
        `<decided-rejected@shop.test>`,
        `<notice-${notice.reference}@shop.test>`,
        '<welcome-ola@shop.test>',
      ].sort(),
    );
  });

  it('two senders claiming at once never get the same message; each claim counts an attempt', async () => {
    const first = await data.open();
    const second = await data.open();
    await first.outbox.enqueue(Array.from({ length: 12 }, (_, index) => message(`r${index}@example.com`, `m${index}`)));
    const claimed: number[] = [];
    const drain = async (store: typeof first, sender: string) => {
      for (;;) {
        const next = await store.outbox.claimNext(sender, new Date(), LEASE);
        if (!next) return;
        assert.equal(next.attempts, 1);
        claimed.push(next.id);
        await store.outbox.settle(next.id, sender, { status: 'sent', response: '250 OK' }, new Date());
      }
    };
    await Promise.all([drain(first, 'sender-a'), drain(second, 'sender-b')]);
    assert.equal(claimed.length, 12);
    assert.equal(new Set(claimed).size, 12);
    const { messages } = await first.outbox.list({ page: 1, perPage: 50, status: 'sent' });
    assert.equal(messages.length, 12);
    assert.ok(messages.every((stored) => stored.sent_at && stored.last_response === '250 OK'));
  });

  it('a retry waits for its pause; an expired claim is taken over with the same Message-ID; a stale sender cannot settle', async () => {
    const store = await data.open();
    const [queued] = await store.outbox.enqueue([message('a@example.com', 'retry-me')]);
    const now = new Date();
    const claim = (await store.outbox.claimNext('a', now, LEASE))!;
    assert.equal(claim.id, queued!.id);
    assert.equal(await store.outbox.claimNext('b', now, LEASE), null, 'claimed: not due for another sender');
    const later = new Date(now.getTime() + 5000);
    await store.outbox.settle(
      claim.id,
      'a',
      { status: 'retrying', response: 'connect ECONNREFUSED', next_attempt_at: later.toISOString() },
      now,
    );
    assert.equal(await store.outbox.claimNext('b', now, LEASE), null, 'the pause is not over');
    const retried = (await store.outbox.claimNext('b', later, LEASE))!;
    assert.equal(retried.attempts, 2);
    assert.equal(retried.last_response, 'connect ECONNREFUSED');
    const afterLease = new Date(later.getTime() + LEASE + 1);
    const takenOver = (await store.outbox.claimNext('c', afterLease, LEASE))!;
    assert.equal(takenOver.message_id, '<retry-me@shop.test>');
    assert.equal(
      await store.outbox.settle(takenOver.id, 'b', { status: 'sent', response: '250' }, afterLease),
      null,
      'b lost its claim',
    );
    const failed = await store.outbox.settle(
      takenOver.id,
      'c',
      { status: 'failed', response: '550 No such user' },
      afterLease,
    );
    assert.equal(failed!.status, 'failed');
    assert.equal(
      await store.outbox.claimNext('d', new Date(afterLease.getTime() + 10 * LEASE), LEASE),
      null,
      'failed is final',
    );
    const again = (await store.outbox.requeue(failed!.id, afterLease))!;
    assert.equal(again.status, 'queued');
    assert.equal(again.attempts, 0);
    assert.equal((await store.outbox.claimNext('d', afterLease, LEASE))!.message_id, '<retry-me@shop.test>');
  });

  it('claims the most urgent due message first, then the oldest; a message without a priority reads as normal', async () => {
    const store = await data.open();
    await store.outbox.enqueue([
      { ...message('shop@example.com', 'bulk-1'), priority: OUTBOX_PRIORITY.bulk },
      message('a@example.com', 'normal-1'),
      { ...message('b@example.com', 'bulk-2'), priority: OUTBOX_PRIORITY.bulk },
      { ...message('c@example.com', 'urgent-1'), priority: OUTBOX_PRIORITY.transactional },
      { ...message('d@example.com', 'urgent-2'), priority: OUTBOX_PRIORITY.transactional },
    ]);
    const order: string[] = [];
    for (
      let next = await store.outbox.claimNext('a', new Date(), LEASE);
      next;
      next = await store.outbox.claimNext('a', new Date(), LEASE)
    ) {
      order.push(next.message_id);
      await store.outbox.settle(next.id, 'a', { status: 'sent', response: '250 OK' }, new Date());
    }
    assert.deepEqual(order, [
      '<urgent-1@shop.test>',
      '<urgent-2@shop.test>',
      '<normal-1@shop.test>',
      '<bulk-1@shop.test>',
      '<bulk-2@shop.test>',
    ]);
    const listed = await store.outbox.list({ page: 1, perPage: 10 });
    assert.equal(
      listed.messages.find((stored) => stored.message_id === '<normal-1@shop.test>')!.priority,
      OUTBOX_PRIORITY.normal,
    );
  });

  it('a suppressed message is kept for the mail log with its reason, never claimed, and can be sent again', async () => {
    const store = await data.open();
    const [held] = await store.outbox.enqueue([
      { ...message('victim@example.com', 'held'), suppressed: 'Not sent: too many messages to this address.' },
    ]);
    assert.equal(held!.status, 'suppressed');
    assert.equal(held!.last_response, 'Not sent: too many messages to this address.');
    assert.equal(await store.outbox.claimNext('a', new Date(), LEASE), null);
    const reopened = await data.reopen(store);
    const { messages } = await reopened.outbox.list({ page: 1, perPage: 10, status: 'suppressed' });
    assert.deepEqual(
      messages.map((stored) => stored.message_id),
      ['<held@shop.test>'],
    );
    await reopened.outbox.requeue(held!.id, new Date());
    assert.equal((await reopened.outbox.claimNext('a', new Date(), LEASE))!.message_id, '<held@shop.test>');
  });

  it('list filters by status and part of the recipient, newest first, with the total', async () => {
    const store = await data.open();
    await store.outbox.enqueue([
      message('Ala@Example.com', 'a1'),
      message('bob@example.com', 'b1'),
      message('ala@example.com', 'a2'),
      message('x_y@example.com', 'c'),
    ]);
    const ala = await store.outbox.list({ page: 1, perPage: 1, recipient: 'ALA@' });
    assert.equal(ala.total, 2);
    assert.deepEqual(
      ala.messages.map((stored) => stored.message_id),
      ['<a2@shop.test>'],
    );
    assert.equal(
      (await store.outbox.list({ page: 2, perPage: 1, recipient: 'ala@' })).messages[0]!.message_id,
      '<a1@shop.test>',
    );
    assert.equal(
      (await store.outbox.list({ page: 1, perPage: 10, recipient: '_' })).total,
      1,
      'an underscore is a character, not a wildcard',
    );
    assert.equal((await store.outbox.list({ page: 1, perPage: 10, status: 'sent' })).total, 0);
    assert.equal((await store.outbox.list({ page: 1, perPage: 10, status: 'queued' })).total, 4);
  });

  describe('password resets', () => {
    it('a reset link sets the password once, before it expires; other open links of the user are used up with it', async () => {
      const store = await data.open();
      const user = await store.users.create(newUser('kasia'));
      const now = new Date();
      const inAnHour = new Date(now.getTime() + 3_600_000).toISOString();
      await store.users.createPasswordReset(
        { token_hash: sha('t1'), user_id: user.id, created_at: now.toISOString(), expires_at: inAnHour, used_at: null },
        (reset) => [message(user.email, `reset-${reset.token_hash.slice(0, 8)}`)],
      );
      await store.users.createPasswordReset(
        { token_hash: sha('t2'), user_id: user.id, created_at: now.toISOString(), expires_at: inAnHour, used_at: null },
        () => [],
      );
      assert.equal((await store.outbox.list({ page: 1, perPage: 10 })).total, 1);
      assert.equal(await store.users.isPasswordResetOpen(sha('t1'), now), true);
      assert.equal(await store.users.isPasswordResetOpen(sha('unknown'), now), false);
      assert.equal(
        await store.users.isPasswordResetOpen(sha('t1'), new Date(now.getTime() + 3_600_001)),
        false,
        'an expired link is closed',
      );
      assert.equal(await store.users.resetPassword(sha('unknown'), 'h1', now), null);
      assert.equal(
        await store.users.resetPassword(sha('t1'), 'h1', new Date(now.getTime() + 3_600_001)),
        null,
        'expired',
      );
      assert.equal((await store.users.resetPassword(sha('t1'), 'new-hash', now))!.password_hash, 'new-hash');
      assert.equal(await store.users.resetPassword(sha('t1'), 'other', now), null, 'used');
      assert.equal(await store.users.resetPassword(sha('t2'), 'other', now), null, 'the other link went with it');
      assert.equal(await store.users.isPasswordResetOpen(sha('t1'), now), false, 'a used link is closed');
      assert.equal(await store.users.isPasswordResetOpen(sha('t2'), now), false);
      assert.equal((await store.users.findById(user.id))!.password_hash, 'new-hash');
    });

    it("deleteOfUser ends every session of the user but the one kept, and no one else's", async () => {
      const store = await data.open();
      const a = await store.users.create(newUser('a'));
      const b = await store.users.create(newUser('b'));
      for (const [token, id] of [
        ['a1', a.id],
        ['a2', a.id],
        ['a3', a.id],
        ['b1', b.id],
      ] as const)
        await store.sessions.create(sessionOf(token, id));
      await store.sessions.deleteOfUser(a.id, sha('a2'));
      const left = (await store.sessions.list(new Date())).map((session) => session.token_hash).sort();
      assert.deepEqual(left, [sha('a2'), sha('b1')].sort());
      await store.sessions.deleteOfUser(a.id);
      assert.deepEqual(
        (await store.sessions.list(new Date())).map((session) => session.token_hash),
        [sha('b1')],
      );
    });
  });
}
