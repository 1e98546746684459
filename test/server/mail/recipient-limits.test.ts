// Mail that strangers can aim at an inbox: many senders (each from its own address, under every per-source limit)
// get at most the per-recipient limit delivered to one inbox, however they spell it; the rest is held back where a
// manager sees it. A stranger's long text is quoted only in part.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import type { ReceivedMail } from '../../support/test-smtp-server.js';
import { useMailTestServer } from '../support/mail-test-server.js';
import { placeOrderThroughShop, productsInStock } from '../support/storefront-order.js';
import { Visitor } from '../support/visitor.js';

const NOTIFY = 'orders@shop.example';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The default of `general.mail_per_recipient_limit`, which these tests leave as it is. */
const LIMIT = 5;

describe('per-recipient limits of the mail strangers can cause, through a real SMTP server', () => {
  // Each attempt claims another client address, as a botnet's would.
  const suite = useMailTestServer({ TRUST_PROXY: '1' });
  const { smtp } = suite;
  let source = 0;
  const fromAnotherAddress = () => ({ 'x-forwarded-for': `198.51.100.${++source}` });
  before(async () => {
    await suite.server.store.site.update((site) => {
      site.settings.general.notification_email = NOTIFY;
      site.settings.compliance.dsa_enabled = true;
    });
  });

  async function report(
    email: string,
    explanation = 'This listing sells counterfeit goods, see the logo on the box.',
  ): Promise<void> {
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/report-content');
    const sent = await visitor.post(
      '/report-content',
      { url: `${suite.server.url}/shop`, explanation, name: 'Someone', email, good_faith: 'yes' },
      { headers: fromAnotherAddress() },
    );
    assert.equal(sent.status, 201, sent.html.slice(0, 300));
  }

  const toVictim = (mail: ReceivedMail) =>
    mail.recipients.some((address) => /^v\.?ictim(\+\d+)?@g(oogle)?mail\.com$/i.test(address));

  it('twenty-five DSA notices from twenty-five addresses deliver at most the limit of receipts to one inbox; the rest are held back', async () => {
    const spellings = (index: number) =>
      [`victim+${index}@gmail.com`, `V.ictim@Gmail.com`, `victim@googlemail.com`][index % 3]!;
    for (let index = 0; index < 25; index++) await report(spellings(index));
    // Every notice still reaches the shop; once all 25 of its notifications are in, every receipt that was to go went.
    await smtp.waitFor((mail) => mail.recipients.includes(NOTIFY) && /DSA/.test(mail.parsed.subject!), 25, 60_000);
    await sleep(300);
    const receipts = smtp.received.filter(toVictim);
    assert.equal(receipts.length, LIMIT, `receipts delivered to the one inbox: ${receipts.length}`);
    const held = await suite.server.store.outbox.list({ page: 1, perPage: 50, status: 'suppressed' });
    assert.equal(held.total, 25 - LIMIT, 'the others are in the mail log, held back');
    assert.ok(
      held.messages.every(
        (message) => message.kind === 'dsa-notice-received' && /Not sent/.test(message.last_response ?? ''),
      ),
    );
    assert.equal((await suite.server.store.dsaNotices.list()).length, 25, 'every notice is taken');
  });

  it('twenty-five password-reset requests for one account from twenty-five addresses send at most the limit of links', async () => {
    await createUser(suite.server.store, {
      login: 'reset-victim@example.com',
      email: 'reset-victim@example.com',
      role: 'customer',
      password: 'victim-password-1',
    });
    const answers: number[] = [];
    for (let index = 0; index < 25; index++) {
      const visitor = new Visitor(suite.server.url);
      await visitor.get('/forgot-password');
      answers.push(
        (
          await visitor.post(
            '/forgot-password',
            { email: 'reset-victim@example.com' },
            { headers: fromAnotherAddress() },
          )
        ).status,
      );
    }
    assert.deepEqual(answers.filter((status) => status === 200).length, LIMIT, `answers: ${answers.join(' ')}`);
    assert.ok(
      answers.slice(LIMIT).every((status) => status === 429),
      'refused over the limit',
    );
    await smtp.waitFor((mail) => mail.recipients.includes('reset-victim@example.com'), LIMIT);
    await sleep(1000);
    assert.equal(smtp.to('reset-victim@example.com').length, LIMIT);
  });

  it('guest orders for one address are all placed, but only the limit of confirmations is sent; the shop hears of each', async () => {
    const orders = 7;
    const numbers: string[] = [];
    for (let index = 0; index < orders; index++) {
      numbers.push(
        (
          await placeOrderThroughShop(
            suite.server,
            `Order-Victim+${index}@example.com`,
            productsInStock(suite.server, 1, index, 2),
          )
        ).number,
      );
    }
    assert.equal(new Set(numbers).size, orders, 'every order is placed');
    await smtp.waitFor(
      (mail) => mail.recipients.includes(NOTIFY) && numbers.some((number) => mail.parsed.subject!.includes(number)),
      orders,
      60_000,
    );
    await sleep(500);
    const confirmations = smtp.received.filter((mail) =>
      mail.recipients.some((address) => /^order-victim(\+\d+)?@example\.com$/i.test(address)),
    );
    assert.equal(confirmations.length, LIMIT, `confirmations delivered: ${confirmations.length}`);
    const held = (
      await suite.server.store.outbox.list({ page: 1, perPage: 50, status: 'suppressed', recipient: 'order-victim' })
    ).messages;
    assert.deepEqual(
      held.map((message) => message.kind),
      Array(orders - LIMIT).fill('order-confirmation'),
      'held back, in the mail log',
    );
  });

  it('a DSA receipt quotes a few hundred characters of a 5,000-character explanation, with an ellipsis', async () => {
    const words = Array.from({ length: 1000 }, (_, index) => `w${String(index).padStart(3, '0')}`).join(' ');
    const explanation = words.slice(0, 5000);
    await report('long-text@example.com', explanation);
    const [receipt] = await smtp.waitFor((mail) => mail.recipients.includes('long-text@example.com'));
    for (const part of [receipt!.parsed.text!, String(receipt!.parsed.html)]) {
      assert.ok(part.includes(explanation.slice(0, 200)), 'enough to recognise the notice');
      assert.ok(!part.includes('w100'), 'not the rest of the text');
      assert.ok(part.includes('…'));
    }
    assert.ok(receipt!.parsed.text!.length < 3000, `the receipt is ${receipt!.parsed.text!.length} characters`);
  });
});
