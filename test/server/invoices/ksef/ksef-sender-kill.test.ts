/**
 * A sender killed with SIGKILL after KSeF took its invoice but before it heard the answer: once its claim's lease
 * ends, another sender process sends the invoice again, KSeF recognises it by its hash, and the invoice is recorded
 * with the KSeF number it got the first time. KSeF holds it once.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { KsefStandIn } from '../../../support/ksef-stand-in.js';
import { makeTempDir } from '../../support/test-server.js';
import { fixtureInvoice } from '../pdf/invoice-fixture.js';
import { fa3Sample, hashOf } from './fa3-sample.js';
import { MemoryKsefOutbox } from './memory-ksef-outbox.js';

const NIP = '5260250274';
const TOKEN = 'kill-test-token';
const LEASE_MS = 1500;
const SENDER = fileURLToPath(new URL('./ksef-sender-process.ts', import.meta.url));

function startSender(standIn: KsefStandIn, outboxFile: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', SENDER], {
    env: {
      ...process.env,
      KSEF_TOKEN: TOKEN,
      KSEF_API_URL: standIn.url,
      KSEF_RETRY_SECONDS: '0.05',
      OUTBOX_FILE: outboxFile,
      LEASE_MS: String(LEASE_MS),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the KSeF sender killed while sending', () => {
  let standIn: KsefStandIn;
  before(async () => {
    standIn = await new KsefStandIn(TOKEN, NIP).start();
  });
  after(() => standIn.stop());

  test('the invoice reaches KSeF once and keeps its first KSeF number', async () => {
    const outboxFile = path.join(await makeTempDir(), 'outbox.json');
    const xml = fa3Sample('FV/2026/12/500', 50_000);
    const invoice = fixtureInvoice([], {
      id: 500,
      number: 'FV/2026/12/500',
      hash: hashOf(xml),
      ksef: {
        status: 'queued',
        number: null,
        sent_at: null,
        upo: null,
        errors: [],
        attempts: 0,
        next_attempt_at: null,
      },
    });
    await writeFile(outboxFile, '[]');
    new MemoryKsefOutbox(outboxFile).add(invoice, xml);

    let release!: () => void;
    standIn.holdAnswers = new Promise((resolve) => {
      release = resolve;
    });
    const first = startSender(standIn, outboxFile);
    const firstExit = once(first, 'exit');
    await until(() => standIn.accepted.some((each) => each.hash === invoice.hash), 'KSeF to take the invoice');
    first.kill('SIGKILL');
    const [, signal] = await firstExit;
    assert.equal(signal, 'SIGKILL');
    standIn.holdAnswers = null;
    release();
    assert.equal(
      new MemoryKsefOutbox(outboxFile).get(invoice.id).ksef.status,
      'queued',
      'the killed sender recorded nothing',
    );

    await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
    const second = startSender(standIn, outboxFile);
    const [code] = await once(second, 'exit');
    assert.equal(code, 0);

    const { ksef } = new MemoryKsefOutbox(outboxFile).get(invoice.id);
    const arrivals = standIn.received.filter((each) => each.hash === invoice.hash);
    const filed = arrivals.filter((each) => each.status.code === 200);
    assert.equal(filed.length, 1, 'KSeF holds the invoice once');
    assert.equal(arrivals.length, 2, 'sent again after the crash, and recognised');
    assert.equal(ksef.status, 'accepted');
    assert.equal(ksef.number, filed[0]!.ksefNumber);
  });
});
