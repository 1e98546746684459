// The delivery worker against a real SMTP server (test/support/test-smtp-server.ts) and the .eml folder default.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { DeliveryWorker, isPermanentRefusal, retryPauseMs } from '../../../server/mail/delivery-worker.js';
import { emlFolderTransport, smtpTransport, type MailTransport } from '../../../server/mail/mail-transport.js';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import type { NewMessage } from '../../../server/store/outbox.js';
import type { Store } from '../../../server/store/store.js';
import { TestSmtpServer } from '../../support/test-smtp-server.js';

const message = (to: string, id: string): NewMessage => ({
  kind: 'test',
  to,
  reply_to: null,
  subject: `Zażółć ${id}`,
  text: `Plain ${id}`,
  html: `<p>Rich <b>${id}</b></p>`,
  message_id: `<${id}@shop.test>`,
  redact: [],
  created_at: new Date().toISOString(),
});

const FROM = { name: 'Sklep "Pod Lipą"', address: 'shop@shop.test' };

describe('the delivery worker', () => {
  let folder: string;
  let store: Store;
  const smtp = new TestSmtpServer();
  before(() => smtp.start());
  after(() => smtp.stop());
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'vitrine-mail-'));
    store = await openLowdbStore(folder, { watch: false });
    smtp.received.length = 0;
    smtp.refused.clear();
  });
  afterEach(async () => {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });
  const worker = (transport: MailTransport, retrySeconds = 0.2) =>
    new DeliveryWorker({ store, transport, from: () => FROM, retrySeconds, log: () => {} });

  it("sends a queued message with both parts, its recipient, sender and Message-ID, and records the server's answer", async () => {
    const [queued] = await store.outbox.enqueue([message('ewa@example.com', 'first')]);
    assert.equal(await worker(smtpTransport(smtp.url)).deliverNext(), true);
    const [mail] = await smtp.waitFor(() => true);
    assert.deepEqual(mail!.recipients, ['ewa@example.com']);
    assert.equal(mail!.parsed.subject, 'Zażółć first');
    assert.equal(mail!.parsed.messageId, '<first@shop.test>');
    assert.equal(mail!.parsed.text?.trim(), 'Plain first');
    assert.match(String(mail!.parsed.html), /<b>first<\/b>/);
    assert.deepEqual(mail!.parsed.from?.value, [{ name: 'Sklep "Pod Lipą"', address: 'shop@shop.test' }]);
    const stored = (await store.outbox.find(queued!.id))!;
    assert.equal(stored.status, 'sent');
    assert.match(stored.last_response!, /^250/);
    assert.equal(await worker(smtpTransport(smtp.url)).deliverNext(), false, 'nothing is sent twice');
  });

  it("keeps a permanent refusal (550) as failed with the server's answer, and does not try again", async () => {
    smtp.refused.add('nobody@example.com');
    const [queued] = await store.outbox.enqueue([message('nobody@example.com', 'refused')]);
    await worker(smtpTransport(smtp.url)).deliverNext();
    const stored = (await store.outbox.find(queued!.id))!;
    assert.equal(stored.status, 'failed');
    assert.match(stored.last_response!, /550.*no such mailbox/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await worker(smtpTransport(smtp.url)).deliverNext(), false);
    assert.equal(smtp.received.length, 0);
  });

  it('retries with growing pauses while the server is down, and delivers once it is back', async () => {
    const down = new TestSmtpServer();
    await down.start();
    const url = down.url;
    await down.stop();
    const [queued] = await store.outbox.enqueue([message('jan@example.com', 'outage')]);
    const running = worker(smtpTransport(url), 0.2);
    running.start();
    try {
      const pauses: number[] = [];
      while (pauses.length < 2) {
        const stored = (await store.outbox.find(queued!.id))!;
        if (stored.status === 'retrying' && stored.attempts > pauses.length) {
          pauses.push(new Date(stored.next_attempt_at).getTime() - new Date(stored.updated_at).getTime());
          assert.match(stored.last_response!, /ECONNREFUSED|connect/i);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.ok(pauses[1]! > pauses[0]!, `pauses grow: ${pauses.join(', ')} ms`);
      await down.start();
      const [mail] = await down.waitFor(() => true);
      assert.equal(mail!.parsed.messageId, '<outage@shop.test>');
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(down.received.length, 1, 'delivered once');
      assert.equal((await store.outbox.find(queued!.id))!.status, 'sent');
    } finally {
      await running.stop();
      await down.stop();
    }
  });

  it('without SMTP writes one .eml file per message, which mail programs read with both parts', async () => {
    const mailFolder = path.join(folder, 'mail');
    await store.outbox.enqueue([message('a@example.com', 'eml-1'), message('b@example.com', 'eml-2')]);
    const running = worker(emlFolderTransport(mailFolder));
    while (await running.deliverNext());
    const files = (await readdir(mailFolder)).sort();
    assert.equal(files.length, 2);
    assert.ok(
      files.every((file) => file.endsWith('.eml')),
      files.join(', '),
    );
    const parsed = await simpleParser(await readFile(path.join(mailFolder, files[0]!)));
    assert.equal(parsed.messageId, '<eml-1@shop.test>');
    assert.equal(parsed.text?.trim(), 'Plain eml-1');
    assert.match(String(parsed.html), /<b>eml-1<\/b>/);
    assert.equal((await store.outbox.list({ page: 1, perPage: 10, status: 'sent' })).total, 2);
  });
});

describe('what counts as a permanent refusal', () => {
  it('5xx replies but 503; never a 4xx or a connection error', () => {
    assert.equal(isPermanentRefusal({ responseCode: 550 }), true);
    assert.equal(isPermanentRefusal({ responseCode: 554 }), true);
    assert.equal(isPermanentRefusal({ responseCode: 503 }), false);
    assert.equal(isPermanentRefusal({ responseCode: 451 }), false);
    assert.equal(isPermanentRefusal(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })), false);
    assert.equal(isPermanentRefusal({ permanent: true, responseCode: 550 }), true);
  });

  it('pauses double from the configured start and stop growing at an hour', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((attempts) => retryPauseMs(attempts, 30)),
      [30_000, 60_000, 120_000, 240_000],
    );
    assert.equal(retryPauseMs(30, 30), 3_600_000);
  });
});
