// The embedded default: without SMTP_URL a server writes every message as an .eml file into the data
// folder's mail/, and says where in one line at start.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';

describe('mail without SMTP_URL', () => {
  let server: TestServer;
  const logged: string[] = [];
  before(async () => {
    const log = console.log;
    console.log = (...parts: unknown[]) => logged.push(parts.join(' '));
    try {
      server = await startTestServer();
    } finally {
      console.log = log;
    }
  });
  after(() => server?.stop());

  it("writes a contact message's notification as an .eml file in <data>/mail/ and says so at start", async () => {
    const folder = path.join(server.dataDir, 'mail');
    assert.ok(
      logged.some((line) => line.includes(`written as an .eml file into ${folder}/`)),
      logged.join('\n'),
    );
    const visitor = new Visitor(server.url);
    const form = await visitor.get('/contact');
    const boxes = Object.fromEntries([...form.html.matchAll(/name="(legal_\d+)"/g)].map((match) => [match[1]!, '1']));
    const sent = await visitor.post('/contact', {
      name: 'Iga',
      email: 'iga@example.com',
      subject: 'Gift wrap',
      message: 'Do you wrap gifts?',
      ...boxes,
    });
    assert.equal(sent.status, 200);
    let files: string[] = [];
    for (let tries = 0; tries < 100 && files.length === 0; tries++) {
      // A message is written under a temporary name and renamed into place: only the finished file counts.
      files = (await readdir(folder).catch(() => [])).filter((file) => file.endsWith('.eml'));
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(files.length, 1, files.join(', '));
    assert.match(files[0]!, /^\d{8}T\d{6}Z-\d{6}-shop-contact\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(folder, files[0]!)));
    assert.equal(
      parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]!.address : '',
      server.store.site.data.settings.general.company_email,
    );
    assert.equal(parsed.replyTo?.value[0]?.address, 'iga@example.com');
    assert.match(parsed.text!, /Do you wrap gifts\?/);
    assert.match(String(parsed.html), /Do you wrap gifts\?/);
    const [stored] = (await server.store.outbox.list({ page: 1, perPage: 1 })).messages;
    assert.equal(parsed.messageId, stored!.message_id);
    assert.equal(stored!.status, 'sent');
  });
});
