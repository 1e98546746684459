import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isValidKsefNumber } from 'ksef-client-ts';
import type { Invoice } from '../../../../client/api/invoices.js';
import { KsefCredentials, type KsefConfig } from '../../../../server/invoices/ksef/ksef-config.js';
import { KsefGateway } from '../../../../server/invoices/ksef/ksef-gateway.js';
import { KsefSender } from '../../../../server/invoices/ksef/ksef-sender.js';
import { startKsefSending } from '../../../../server/invoices/ksef/ksef-sending.js';
import { KsefStandIn } from '../../../support/ksef-stand-in.js';
import { fixtureInvoice } from '../pdf/invoice-fixture.js';
import { fa3Sample, hashOf } from './fa3-sample.js';
import { MemoryKsefOutbox } from './memory-ksef-outbox.js';

const NIP = '5260250274';
const TOKEN = '20261202-EC-0123456789-ABCDEF0123-45|nip-5260250274|0123456789abcdef';
const RETRY_SECONDS = 0.05;

let standIn: KsefStandIn;
let nextId = 1;

function config(token = TOKEN): KsefConfig {
  return {
    environment: 'test',
    apiUrl: standIn.url,
    qrUrl: 'https://qr-test.ksef.mf.gov.pl',
    credentials: KsefCredentials.token(token),
    retrySeconds: RETRY_SECONDS,
    offlineCertificate: null,
  };
}

function sender(outbox: MemoryKsefOutbox, name = 'sender-a', token = TOKEN): KsefSender {
  const submitter = new KsefGateway(config(token), { statusPollMs: 5, statusPolls: 50, requestTimeoutMs: 5000 });
  return new KsefSender({ invoices: outbox, submitter, retrySeconds: RETRY_SECONDS, sender: name, log: () => {} });
}

/** A queued invoice with its FA(3) XML, `xml` changed by `alter` (to make one the schema refuses). */
function queue(
  outbox: MemoryKsefOutbox,
  alter: (xml: string) => string = (xml) => xml,
): { invoice: Invoice; xml: string } {
  const id = nextId++;
  const xml = alter(fa3Sample(`FV/2026/12/${id}`, 1000 + id));
  const invoice = fixtureInvoice([], {
    id,
    number: `FV/2026/12/${id}`,
    hash: hashOf(xml),
    ksef: { status: 'queued', number: null, sent_at: null, upo: null, errors: [], attempts: 0, next_attempt_at: null },
  });
  outbox.add(invoice, xml);
  return { invoice, xml };
}

const arrivals = (hash: string) => standIn.received.filter((each) => each.hash === hash);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the KSeF sender, against the KSeF stand-in', () => {
  before(async () => {
    standIn = await new KsefStandIn(TOKEN, NIP).start();
  });
  after(() => standIn.stop());

  test('sends a queued invoice once and records its KSeF number, UPO and time', async () => {
    const outbox = new MemoryKsefOutbox();
    const { invoice, xml } = queue(outbox);
    assert.equal(await sender(outbox).sendNext(), true);
    const [arrived, ...again] = arrivals(invoice.hash);
    assert.equal(again.length, 0);
    assert.equal(arrived!.offlineMode, false, 'sent in time: an online invoice');
    assert.equal(arrived!.xml, xml, 'KSeF decrypted exactly the stored XML');
    const { ksef } = outbox.get(invoice.id);
    assert.equal(ksef.status, 'accepted');
    assert.equal(ksef.number, arrived!.ksefNumber);
    assert.ok(isValidKsefNumber(ksef.number!), ksef.number!);
    assert.match(ksef.upo!, new RegExp(`<NumerKSeFDokumentu>${ksef.number}</NumerKSeFDokumentu>`));
    assert.ok(ksef.sent_at && ksef.attempts === 1 && ksef.next_attempt_at === null);
    assert.equal(await sender(outbox).sendNext(), false, 'nothing is left to send');
  });

  for (const outage of ['down', 'error'] as const) {
    test(`waits offline while KSeF is ${outage === 'down' ? 'unreachable' : 'failing (503)'}, and sends once it answers`, async () => {
      const outbox = new MemoryKsefOutbox();
      const { invoice } = queue(outbox);
      const worker = sender(outbox);
      standIn.outage = outage;
      const tried = Date.now();
      try {
        assert.equal(await worker.sendNext(), true);
      } finally {
        standIn.outage = null;
      }
      const waiting = outbox.get(invoice.id).ksef;
      assert.equal(waiting.status, 'offline');
      assert.equal(waiting.attempts, 1);
      assert.ok(waiting.errors[0]);
      assert.ok(Date.parse(waiting.next_attempt_at!) >= tried + RETRY_SECONDS * 1000 - 5, 'retried after the pause');
      assert.equal(arrivals(invoice.hash).length, 0);
      await pause(RETRY_SECONDS * 1000 + 20);
      assert.equal(await worker.sendNext(), true);
      assert.equal(outbox.get(invoice.id).ksef.status, 'accepted');
      assert.equal(outbox.get(invoice.id).ksef.attempts, 2);
      assert.equal(arrivals(invoice.hash).length, 1);
      assert.equal(arrivals(invoice.hash)[0]!.offlineMode, true, 'KSeF learns it was issued offline');
    });
  }

  test('records KSeF’s refusal of an invoice the schema refuses, and does not retry it', async () => {
    const outbox = new MemoryKsefOutbox();
    const { invoice } = queue(outbox, (xml) => xml.replace(/<P_15>([^<]*)<\/P_15>/, '<P_99>$1</P_99>'));
    const worker = sender(outbox);
    assert.equal(await worker.sendNext(), true);
    const { ksef } = outbox.get(invoice.id);
    assert.equal(ksef.status, 'rejected');
    assert.match(ksef.errors[0]!, /^450 /);
    assert.ok(
      ksef.errors.some((reason) => reason.includes('P_99')),
      'KSeF’s reason names the element',
    );
    assert.equal(ksef.number, null);
    assert.equal(await worker.sendNext(), false);
  });

  test('an invoice KSeF accepted but whose answer was lost gets its first KSeF number, and is filed once', async () => {
    const outbox = new MemoryKsefOutbox();
    const { invoice } = queue(outbox);
    const worker = sender(outbox);
    standIn.dropAnswersAfterAccepting = 1;
    assert.equal(await worker.sendNext(), true);
    assert.equal(outbox.get(invoice.id).ksef.status, 'offline');
    await pause(RETRY_SECONDS * 1000 + 20);
    assert.equal(await worker.sendNext(), true);
    const { ksef } = outbox.get(invoice.id);
    const filed = arrivals(invoice.hash).filter((each) => each.status.code === 200);
    assert.equal(filed.length, 1, 'KSeF holds it once');
    assert.equal(ksef.status, 'accepted');
    assert.equal(ksef.number, filed[0]!.ksefNumber);
    assert.match(ksef.upo ?? '', new RegExp(filed[0]!.ksefNumber!));
  });

  test('two senders racing send each invoice to KSeF exactly once', async () => {
    const outbox = new MemoryKsefOutbox();
    const queued = Array.from({ length: 10 }, () => queue(outbox));
    const drain = async (worker: KsefSender) => {
      while (await worker.sendNext());
    };
    await Promise.all([drain(sender(outbox, 'sender-a')), drain(sender(outbox, 'sender-b'))]);
    for (const { invoice } of queued) {
      assert.equal(arrivals(invoice.hash).length, 1, invoice.number);
      assert.equal(outbox.get(invoice.id).ksef.status, 'accepted');
      assert.equal(outbox.get(invoice.id).ksef.number, arrivals(invoice.hash)[0]!.ksefNumber);
    }
  });

  test('a token KSeF refuses leaves the invoice waiting, with the reason, and sends nothing', async () => {
    const outbox = new MemoryKsefOutbox();
    const { invoice } = queue(outbox);
    assert.equal(await sender(outbox, 'sender-a', 'a-revoked-token').sendNext(), true);
    const { ksef } = outbox.get(invoice.id);
    assert.equal(ksef.status, 'queued');
    assert.match(ksef.errors[0]!, /sign in/);
    assert.ok(ksef.next_attempt_at);
    assert.equal(arrivals(invoice.hash).length, 0);
  });

  test('XML that does not match the invoice’s hash is not sent', async () => {
    const outbox = new MemoryKsefOutbox();
    const { invoice, xml } = queue(outbox);
    outbox.add(invoice, xml.replace('Lampa Żółta', 'Lampa Zielona'));
    assert.equal(await sender(outbox).sendNext(), true);
    assert.equal(outbox.get(invoice.id).ksef.status, 'rejected');
    assert.equal(standIn.received.filter((each) => each.xml.includes('Lampa Zielona')).length, 0);
  });

  test('startKsefSending runs a sender from the environment, and none without credentials', async () => {
    const outbox = new MemoryKsefOutbox();
    assert.equal(startKsefSending({ KSEF_API_URL: standIn.url }, outbox), null);
    const worker = startKsefSending(
      { KSEF_TOKEN: TOKEN, KSEF_API_URL: standIn.url, KSEF_RETRY_SECONDS: '0.05' },
      outbox,
      () => {},
    )!;
    try {
      const { invoice } = queue(outbox);
      worker.wake();
      for (let waited = 0; outbox.get(invoice.id).ksef.status !== 'accepted' && waited < 10_000; waited += 20)
        await pause(20);
      assert.equal(outbox.get(invoice.id).ksef.status, 'accepted');
      assert.equal(arrivals(invoice.hash).length, 1);
    } finally {
      await worker.stop();
    }
  });

  test('the running sender picks up what is queued while it runs', async () => {
    const outbox = new MemoryKsefOutbox();
    const worker = sender(outbox);
    worker.start();
    try {
      const { invoice } = queue(outbox);
      worker.wake();
      for (let waited = 0; outbox.get(invoice.id).ksef.status !== 'accepted' && waited < 5000; waited += 20)
        await pause(20);
      assert.equal(outbox.get(invoice.id).ksef.status, 'accepted');
    } finally {
      await worker.stop();
    }
  });
});
