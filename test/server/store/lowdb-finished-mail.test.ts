/**
 * The data folder's outbox keeps only the messages still to do in `outbox.json`; sent and finally failed ones move to
 * the append-only `outbox-finished.ndjson`, so that the file rewritten at every step of a delivery stops growing with
 * the shop's age. Here: they move; the mail log still lists every message once, newest first, paged and filtered;
 * a crash between the log's append and the rewrite (the files put back as it leaves them) neither loses a message nor
 * sends one twice through a real SMTP server; a folder of the older format moves over on opening, also when that
 * move itself was interrupted.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { after, before, describe, it } from 'node:test';
import { DeliveryWorker } from '../../../server/mail/delivery-worker.js';
import { smtpTransport } from '../../../server/mail/mail-transport.js';
import {
  OUTBOX_PRIORITY,
  type NewMessage,
  type OutboxFilter,
  type OutboxMessage,
} from '../../../server/store/outbox.js';
import type { Store } from '../../../server/store/store.js';
import { TestSmtpServer } from '../../support/test-smtp-server.js';
import { useCrashFolder } from './conformance/journal-crash.js';
import { newOrderFixture } from './conformance/shop-contract.js';

const LEASE = 60_000;
const SENT = { status: 'sent', response: '250 2.0.0 OK' } as const;

const message = (to: string, id: string): NewMessage => ({
  kind: 'test',
  to,
  reply_to: null,
  subject: `Subject ${id}`,
  text: `Text ${id}`,
  html: `<p>${id}</p>`,
  message_id: `<${id}@shop.test>`,
  redact: [],
  created_at: new Date(Date.now() - 1000).toISOString(),
});

/** The name a sender that has died had: its claim is taken over at once (lowdb-outbox.ts). */
const deadSender = () => `pid:${spawnSync(process.execPath, ['-e', '']).pid}@${os.hostname()}`;

async function claimAndSettle(
  store: Store,
  sender: string,
  outcome: Parameters<Store['outbox']['settle']>[2],
): Promise<OutboxMessage> {
  const claimed = await store.outbox.claimNext(sender, new Date(), LEASE);
  assert.ok(claimed, 'a message was due');
  assert.ok(await store.outbox.settle(claimed.id, sender, outcome, new Date()));
  return claimed;
}

/** Every page of the mail log, in order. */
async function allPages(
  store: Store,
  perPage: number,
  filter: Omit<OutboxFilter, 'page' | 'perPage'> = {},
): Promise<OutboxMessage[]> {
  const listed: OutboxMessage[] = [];
  for (let page = 1; ; page++) {
    const { messages, total } = await store.outbox.list({ ...filter, page, perPage });
    listed.push(...messages);
    if (messages.length < perPage) {
      assert.equal(listed.length, total, 'the pages hold the total');
      return listed;
    }
  }
}

/** Ids newest first, the order the mail log promises, worked out from what the test did. */
const newestFirst = (expected: Map<number, string>, keep: (status: string) => boolean = () => true) =>
  [...expected]
    .filter(([, status]) => keep(status))
    .map(([id]) => id)
    .sort((a, b) => b - a);

describe('lowdb: finished messages leave outbox.json for the append-only finished log', () => {
  const { open, file, fileNow, putBack } = useCrashFolder('vitrine-finished-mail-');
  const outboxFile = async () =>
    JSON.parse((await fileNow('outbox.json'))!) as { messages: OutboxMessage[]; finished_log_bytes: number };
  const finishedLines = async () =>
    ((await fileNow('outbox-finished.ndjson')) ?? '')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxMessage);

  const smtp = new TestSmtpServer();
  before(() => smtp.start());
  after(() => smtp.stop());
  /** What a restarted server's delivery worker does first: sends every due message through the SMTP server. */
  async function deliverEverythingDue(store: Store): Promise<void> {
    const transport = smtpTransport(smtp.url);
    const worker = new DeliveryWorker({
      store,
      transport,
      from: () => ({ name: 'Shop', address: 'shop@shop.test' }),
      retrySeconds: 0.2,
      log: () => {},
    });
    try {
      while (await worker.deliverNext());
    } finally {
      transport.close();
    }
  }

  it('keeps only the messages to do in outbox.json; the mail log lists every one, newest first, paged and filtered', async () => {
    const store = await open();
    const queued = await store.outbox.enqueue(
      Array.from({ length: 23 }, (_, index) =>
        message(index % 3 ? `ala${index}@example.com` : `Bob${index}@Example.com`, `m${index}`),
      ),
    );
    const expected = new Map(queued.map((stored) => [stored.id, 'queued']));
    for (let index = 0; index < 16; index++) {
      const outcome =
        index < 12
          ? SENT
          : index < 15
            ? ({ status: 'failed', response: '550 No such user' } as const)
            : ({
                status: 'retrying',
                response: '421 Busy',
                next_attempt_at: new Date(Date.now() + LEASE).toISOString(),
              } as const);
      expected.set((await claimAndSettle(store, 'sender-a', outcome)).id, outcome.status);
    }

    const onDisk = await outboxFile();
    assert.deepEqual(
      onDisk.messages.map((stored) => stored.id).sort((a, b) => a - b),
      newestFirst(expected, (status) => status === 'queued' || status === 'retrying').reverse(),
    );
    assert.deepEqual(
      (await finishedLines()).map((line) => line.id).sort((a, b) => a - b),
      newestFirst(expected, (status) => status === 'sent' || status === 'failed').reverse(),
    );

    const listed = await allPages(store, 5);
    assert.deepEqual(
      listed.map((stored) => stored.id),
      newestFirst(expected),
    );
    assert.deepEqual(
      listed.map((stored) => stored.status),
      newestFirst(expected).map((id) => expected.get(id)),
    );
    assert.ok(
      listed
        .filter((stored) => stored.status === 'sent')
        .every((stored) => stored.sent_at && stored.last_response === '250 2.0.0 OK' && stored.html.startsWith('<p>m')),
    );
    assert.deepEqual(
      (await allPages(store, 4, { status: 'sent' })).map((stored) => stored.id),
      newestFirst(expected, (status) => status === 'sent'),
    );
    const bob = await allPages(store, 2, { recipient: 'bob1' });
    assert.deepEqual(
      bob.map((stored) => stored.to),
      ['Bob18@Example.com', 'Bob15@Example.com', 'Bob12@Example.com'],
    );
    assert.equal((await store.outbox.find(queued[0]!.id))!.status, 'sent', 'one message, from the log');

    // Another process delivers one more: this one's mail log notices the log's growth.
    const other = await open();
    expected.set((await claimAndSettle(other, 'sender-b', SENT)).id, 'sent');
    assert.deepEqual(
      (await allPages(store, 7, { status: 'sent' })).map((stored) => stored.id),
      newestFirst(expected, (status) => status === 'sent'),
    );
    assert.deepEqual(
      (await allPages(await open(), 6)).map((stored) => stored.id),
      newestFirst(expected),
    );
  });

  it('after a crash between the append and the rewrite, the message is listed once as sent and never sent again', async () => {
    const store = await open();
    const [crashed, waiting] = await store.outbox.enqueue([
      message('crash@example.com', 'crashed'),
      message('next@example.com', 'waiting'),
    ]);
    const sender = deadSender();
    const claimed = (await store.outbox.claimNext(sender, new Date(), LEASE))!;
    assert.equal(claimed.id, crashed!.id);
    // The crash: the finished line is on disk, outbox.json is as it was (the message being sent, by a process now
    // gone).
    const beforeSettle = await fileNow('outbox.json');
    await store.outbox.settle(claimed.id, sender, SENT, new Date());
    await putBack('outbox.json', beforeSettle);
    assert.equal((await outboxFile()).messages.find((stored) => stored.id === crashed!.id)!.status, 'sending');

    smtp.received.length = 0;
    const restarted = await open();
    await deliverEverythingDue(restarted);
    await smtp.waitFor((mail) => mail.parsed.messageId === waiting!.message_id);
    assert.deepEqual(
      smtp.received.map((mail) => mail.parsed.messageId),
      [waiting!.message_id],
      'the crashed message was not sent again',
    );
    const listed = await allPages(restarted, 10);
    assert.deepEqual(
      listed.map((stored) => [stored.id, stored.status]),
      [
        [waiting!.id, 'sent'],
        [crashed!.id, 'sent'],
      ],
    );
    assert.deepEqual((await outboxFile()).messages, []);
    assert.deepEqual(
      (await finishedLines()).map((line) => line.id),
      [crashed!.id, waiting!.id],
      'each line once',
    );
  });

  it('a crash in the middle of the append leaves the message to do: it is sent again once, with its Message-ID', async () => {
    const store = await open();
    const [torn] = await store.outbox.enqueue([message('torn@example.com', 'torn')]);
    const sender = deadSender();
    await store.outbox.claimNext(sender, new Date(), LEASE);
    const beforeSettle = await fileNow('outbox.json');
    await store.outbox.settle(torn!.id, sender, SENT, new Date());
    const line = (await fileNow('outbox-finished.ndjson'))!;
    await putBack('outbox-finished.ndjson', line.slice(0, line.length >> 1));
    await putBack('outbox.json', beforeSettle);

    smtp.received.length = 0;
    const restarted = await open();
    await deliverEverythingDue(restarted);
    assert.deepEqual(
      smtp.received.map((mail) => mail.parsed.messageId),
      [torn!.message_id],
    );
    assert.deepEqual(
      (await finishedLines()).map((stored) => [stored.id, stored.status, stored.attempts]),
      [[torn!.id, 'sent', 2]],
      'the torn line is gone',
    );
    assert.deepEqual(
      (await allPages(restarted, 10)).map((stored) => stored.id),
      [torn!.id],
    );
  });

  it('a message its cause still holds after it was taken over and sent (a relay cut short) is not queued again', async () => {
    const store = await open();
    const order = await store.orders.place(
      newOrderFixture('ola@example.com'),
      [],
      () => ({ upsert: [], remove: [] }),
      (placed) => [message(placed.email, `confirm-${placed.id}`)],
    );
    // orders.json with the confirmation still waiting in it, as a relay that died before removing it leaves the file.
    const withPending = await fileNow('orders.json');
    const sent = await claimAndSettle(store, 'sender-a', SENT);
    assert.equal(sent.message_id, `<confirm-${order.id}@shop.test>`);
    await putBack('orders.json', withPending);

    smtp.received.length = 0;
    const restarted = await open();
    await deliverEverythingDue(restarted);
    assert.deepEqual(smtp.received, [], 'sent once only');
    assert.deepEqual(
      (await allPages(restarted, 10)).map((stored) => [stored.id, stored.status]),
      [[sent.id, 'sent']],
    );
  });

  it('"Send again" brings a finished message back; it is listed once, survives a restart, and is sent again', async () => {
    const store = await open();
    const [first, second] = await store.outbox.enqueue([
      message('a@example.com', 'again'),
      message('b@example.com', 'other'),
    ]);
    await claimAndSettle(store, 'sender-a', { status: 'failed', response: '550 No such user' });
    await claimAndSettle(store, 'sender-a', SENT);
    const requeued = (await store.outbox.requeue(first!.id, new Date()))!;
    assert.equal(requeued.status, 'queued');
    assert.equal(requeued.message_id, first!.message_id);
    assert.deepEqual(
      (await outboxFile()).messages.map((stored) => stored.id),
      [first!.id],
    );

    const restarted = await open();
    assert.deepEqual(
      (await allPages(restarted, 10)).map((stored) => [stored.id, stored.status]),
      [
        [second!.id, 'sent'],
        [first!.id, 'queued'],
      ],
      'a message back in outbox.json is not taken for a move a crash interrupted',
    );
    const resent = await claimAndSettle(restarted, 'sender-b', SENT);
    assert.equal(resent.id, first!.id);
    const listed = await allPages(await open(), 10);
    assert.deepEqual(
      listed.map((stored) => [stored.id, stored.status, stored.attempts]),
      [
        [second!.id, 'sent', 1],
        [first!.id, 'sent', 1],
      ],
    );
    assert.equal((await finishedLines()).length, 3, 'the log keeps the failed attempt as well');
    assert.equal(await restarted.outbox.requeue(999, new Date()), null);
  });

  describe('a data folder of the older format, with every message in outbox.json', () => {
    /** The older format had no priorities and no attachments. */
    type OldFormatMessage = Omit<OutboxMessage, 'priority' | 'attachments'>;
    /** How the store reads them: each field as it was, the priority they lacked as normal, and no attachments. */
    const readAsNormal = (messages: OldFormatMessage[]) =>
      messages.map((stored) => ({ ...stored, priority: OUTBOX_PRIORITY.normal, attachments: [] }));
    /** 30 messages: every third still queued, the others sent or failed. */
    const oldMessages = (): OldFormatMessage[] =>
      Array.from({ length: 30 }, (_, index) => {
        const id = index + 1;
        const at = new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString();
        const status = id % 3 === 0 ? 'queued' : id % 7 === 0 ? 'failed' : 'sent';
        return {
          ...message(`c${id}@example.com`, `old-${id}`),
          created_at: at,
          id,
          status,
          attempts: status === 'queued' ? 0 : 1,
          next_attempt_at: at,
          claimed_by: status === 'queued' ? null : 'pid:1@old',
          claimed_until: null,
          sent_at: status === 'sent' ? at : null,
          last_response: status === 'queued' ? null : status === 'sent' ? '250 OK' : '550 No',
          updated_at: at,
        };
      });
    const writeOldOutbox = (messages: OldFormatMessage[]) =>
      writeFile(file('outbox.json'), JSON.stringify({ revision: 4, last_id: 30, messages }));
    const finishedIds = (messages: OldFormatMessage[]) =>
      messages.filter((stored) => stored.status !== 'queued').map((stored) => stored.id);

    it('moves its finished messages to the log on opening; the mail log shows the same list as before', async () => {
      const messages = oldMessages();
      await writeOldOutbox(messages);
      const store = await open();
      assert.deepEqual(
        (await outboxFile()).messages.map((stored) => stored.id),
        messages.filter((stored) => stored.status === 'queued').map((stored) => stored.id),
      );
      assert.deepEqual(
        (await finishedLines()).map((line) => line.id),
        finishedIds(messages),
      );
      assert.deepEqual(
        await allPages(store, 7),
        readAsNormal(messages).reverse(),
        'every field of every message, newest first',
      );
      assert.equal(
        (await store.outbox.list({ page: 1, perPage: 1, status: 'failed' })).total,
        messages.filter((stored) => stored.status === 'failed').length,
      );
      const [next] = await store.outbox.enqueue([message('new@example.com', 'new')]);
      assert.equal(next!.id, 31, 'ids go on from the old file');
    });

    it('a move interrupted after the append (or in its middle) ends with each message once', async () => {
      const messages = oldMessages();
      await writeOldOutbox(messages);
      await open();
      const log = (await fileNow('outbox-finished.ndjson'))!;
      for (const leftOnDisk of [log, log.slice(0, log.length >> 1)]) {
        await writeOldOutbox(messages);
        await putBack('outbox-finished.ndjson', leftOnDisk);
        const store = await open();
        assert.deepEqual(
          (await finishedLines()).map((line) => line.id).sort((a, b) => a - b),
          finishedIds(messages),
          'each finished message has one line',
        );
        assert.deepEqual(await allPages(store, 9), readAsNormal(messages).reverse());
        assert.equal((await outboxFile()).messages.length, 10);
      }
    });
  });
});
