// No message is lost, whatever happens to the senders. A server killed with SIGKILL while it sends through
// a slow SMTP server sends everything after its restart (a message it was sending goes again, with the same
// Message-ID); two server processes on one PostgreSQL database send each of 100 messages exactly once.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openPostgresStore } from '../../server/store/postgres/index.js';
import type { NewMessage } from '../../server/store/outbox.js';
import { createTestDatabase } from '../support/postgres.js';
import { TestSmtpServer } from '../support/test-smtp-server.js';
import { startServerProcess, type ServerProcess } from '../server/support/processes.js';
import { makeTempDir } from '../server/support/test-server.js';
import { Visitor } from '../server/support/visitor.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await sleep(50);
  }
}

type StoredMessage = { id: number; message_id: string; status: string };

async function outboxJson(dataDir: string): Promise<{ messages: StoredMessage[] }> {
  return JSON.parse(await readFile(path.join(dataDir, 'outbox.json'), 'utf8'));
}

/**
 * The data folder's messages as its files hold them: the ones to do in outbox.json, the finished ones in
 * outbox-finished.ndjson (the last line of a message wins; outbox.json wins over the log, as for a message sent again).
 * Read from the files, not through the store, so a killed server's folder is seen as it left it.
 */
async function messagesOnDisk(dataDir: string): Promise<StoredMessage[]> {
  const byId = new Map<number, StoredMessage>();
  const log = await readFile(path.join(dataDir, 'outbox-finished.ndjson'), 'utf8').catch(() => '');
  for (const line of log.split('\n')) {
    try {
      const message = JSON.parse(line) as StoredMessage;
      byId.set(message.id, message);
    } catch {
      // An empty or torn last line: a move that did not happen.
    }
  }
  for (const message of (await outboxJson(dataDir)).messages) byId.set(message.id, message);
  return [...byId.values()];
}

/** Sends the contact form as a visitor would, ticking every consent box it shows. */
async function sendContactMessage(url: string, index: number): Promise<void> {
  const visitor = new Visitor(url);
  const form = await visitor.get('/contact');
  const boxes = Object.fromEntries([...form.html.matchAll(/name="(legal_\d+)"/g)].map((match) => [match[1]!, '1']));
  const sent = await visitor.post('/contact', {
    name: `Sender ${index}`,
    email: `sender${index}@example.com`,
    subject: `Question ${index}`,
    message: `Message number ${index}.`,
    ...boxes,
  });
  assert.equal(sent.status, 200, sent.html.slice(0, 300));
}

describe('mail delivery under crashes and with two instances', () => {
  const smtp = new TestSmtpServer();
  const servers: ServerProcess[] = [];
  after(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await smtp.stop();
  });

  it('a server killed with SIGKILL while sending delivers every queued message after its restart', async () => {
    await smtp.start();
    smtp.acceptDelayMs = 400;
    const env = { DATA_DIR: await makeTempDir(), SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0.2' };
    const first = await startServerProcess(env);
    servers.push(first);
    const count = 25;
    for (let index = 0; index < count; index++) await sendContactMessage(first.url, index);
    // Let it send a few through the slow server, then kill it in the middle of one.
    await until(() => smtp.received.length >= 3, 30_000, 'the first messages');
    await sleep(200);
    await first.kill();
    const receivedAtKill = smtp.received.length;
    const atKill = await messagesOnDisk(env.DATA_DIR);
    const expected = new Set(atKill.map((message) => message.message_id));
    assert.equal(expected.size, count, 'every message was queued with its cause');
    const unsentAtKill = atKill.filter((message) => message.status !== 'sent').length;

    const restartedAt = Date.now();
    const second = await startServerProcess(env);
    servers.push(second);
    const distinct = () => new Set(smtp.received.map((mail) => mail.parsed.messageId));
    await until(() => distinct().size === count, 60_000, `all ${count} messages`);
    const deliveredInMs = Date.now() - restartedAt;
    await sleep(1500);
    const ids = smtp.received.map((mail) => mail.parsed.messageId!);
    assert.ok(
      ids.every((id) => expected.has(id)),
      'nothing arrived that was not queued',
    );
    const duplicates = ids.length - new Set(ids).size;
    assert.ok(
      duplicates <= 1,
      `only the message being sent at the kill may arrive twice (got ${duplicates} duplicates)`,
    );
    const afterRestart = await messagesOnDisk(env.DATA_DIR);
    assert.equal(afterRestart.length, count, 'each message once');
    assert.ok(afterRestart.every((message) => message.status === 'sent'));
    assert.deepEqual((await outboxJson(env.DATA_DIR)).messages, [], 'sent messages leave outbox.json');
    console.log(
      `# kill -9: ${count} messages queued, ${receivedAtKill} received before the kill, ${unsentAtKill} unsent in the outbox at the kill; ` +
        `after the restart all ${count} arrived in ${deliveredInMs} ms (server start included, SMTP accepting one message per ${smtp.acceptDelayMs} ms); ` +
        `${duplicates} arrived twice, with the same Message-ID`,
    );
    await second.stop();
  });

  it('two instances on one PostgreSQL database send each of 100 messages exactly once', async () => {
    smtp.received.length = 0;
    smtp.acceptDelayMs = 10;
    const databaseUrl = await createTestDatabase();
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0.2' };
    // One after the other: the first seeds the empty database.
    const first = await startServerProcess({ ...env, DATA_DIR: await makeTempDir() });
    const second = await startServerProcess({ ...env, DATA_DIR: await makeTempDir() });
    servers.push(first, second);
    const store = await openPostgresStore(databaseUrl, { listen: false });
    try {
      const messages: NewMessage[] = Array.from({ length: 100 }, (_, index) => ({
        kind: 'stress',
        to: `customer${index}@example.com`,
        reply_to: null,
        subject: `Message ${index}`,
        text: `Text ${index}`,
        html: `<p>${index}</p>`,
        message_id: `<stress-${index}-${Date.now()}@shop.test>`,
        redact: [],
        created_at: new Date().toISOString(),
      }));
      const queuedAt = Date.now();
      await store.outbox.enqueue(messages);
      await until(() => smtp.received.length >= 100, 60_000, '100 messages');
      const deliveredInMs = Date.now() - queuedAt;
      await sleep(2500);
      const ids = smtp.received.map((mail) => mail.parsed.messageId);
      assert.equal(ids.length, 100, `exactly 100 arrived (got ${ids.length})`);
      assert.deepEqual(new Set(ids), new Set(messages.map((message) => message.message_id)), 'each message once');
      const { messages: stored } = await store.outbox.list({ page: 1, perPage: 100, status: 'sent' });
      const bySender = new Map<string, number>();
      for (const message of stored) bySender.set(message.claimed_by!, (bySender.get(message.claimed_by!) ?? 0) + 1);
      assert.equal(stored.length, 100);
      assert.equal(bySender.size, 2, `both instances sent: ${JSON.stringify([...bySender])}`);
      console.log(
        `# two instances: 100 messages delivered exactly once in ${deliveredInMs} ms; sent by instance: ${[...bySender.values()].join(' + ')}`,
      );
    } finally {
      await store.close();
    }
  });
});
