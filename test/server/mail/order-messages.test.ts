// An order's messages through a real SMTP server: the confirmation on a durable medium (lines, shipping,
// total, the bank transfer's details, the delivery address, the accepted texts with the consent log's hashes and the
// legal pages in the accepted version, the withdrawal information and the model form), the shop's notification,
// status changes and notes written to the customer told to them, and an order placed while the SMTP server is down.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fetchJson } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';
import { outboxSettledFor, useMailTestServer } from '../support/mail-test-server.js';
import type { ReceivedMail } from '../../support/test-smtp-server.js';

const address = {
  first_name: 'Zofia',
  last_name: 'Wiśniewska',
  street: 'Lipowa 7',
  postcode: '30-001',
  city: 'Kraków',
  country: 'PL',
  phone: '',
};
const NOTIFY = 'orders@shop.example';
const TERMS_PHRASE = 'Paragraf siódmy: reklamacje rozpatrujemy w 14 dni <b>bez wyjątków</b>.';

describe('the messages of an order, through a real SMTP server', () => {
  const suite = useMailTestServer();
  const { smtp } = suite;
  before(async () => {
    assert.ok(
      [200, 201].includes(
        (
          await fetchJson(suite.server.restUrl('/compliance/v1/legal-pages/generate'), {
            method: 'POST',
            headers: { authorization: suite.manager },
          })
        ).status,
      ),
    );
    await suite.server.store.site.update((site) => {
      site.settings.general.notification_email = NOTIFY;
      site.settings.checkout.bank_iban = 'PL61109010140000071219812874';
      site.settings.checkout.bank_account_holder = 'Vitrine Sp. z o.o.';
      // Every order of this suite comes from the one test address by bank transfer; the limit of unpaid orders per
      // address is not what it tests (test/server/shop/checkout/guest-limits.test.ts does).
      site.settings.checkout.unpaid_orders_per_source = 100;
      const terms = site.pages.find((page) => page.legal_type === 'terms')!;
      terms.content = `<!-- wp:paragraph --><p>${TERMS_PHRASE.replace('<b>', '&lt;b&gt;').replace('</b>', '&lt;/b&gt;')}</p><!-- /wp:paragraph -->`;
      terms.status = 'publish';
      terms.modified_at = new Date().toISOString();
    });
  });

  const checkoutBoxes = () =>
    suite.server.store.site.data.checkboxes.filter((box) => box.location === 'checkout' && box.enabled);

  async function placeOrder(email: string, payment = 'bank_transfer'): Promise<string> {
    const product = suite.server.store.catalog.data.products.find(
      (candidate) => candidate.type !== 'variable' && candidate.in_stock && candidate.stock_quantity >= 3,
    )!;
    const visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${product.slug}`);
    await visitor.post('/cart/add', { product_id: String(product.id), quantity: '2' });
    await visitor.get('/checkout');
    const ticked = Object.fromEntries(checkoutBoxes().map((box) => [`legal_${box.id}`, '1']));
    const placed = await visitor.post('/checkout', { ...address, email, payment_method: payment, ...ticked });
    assert.equal(placed.status, 303, placed.html.slice(0, 500));
    return /VT-\d{6}/.exec(placed.location!)![0];
  }

  const both = (mail: ReceivedMail) => [mail.parsed.text!, String(mail.parsed.html)];

  /** An order placed, in processing, and withdrawn from whole by its customer through the form. */
  async function withdrawnOrder(email: string) {
    const number = await placeOrder(email);
    const order = (await suite.server.store.orders.findByNumber(number))!;
    await fetchJson(suite.server.restUrl(`/wc/v3/orders/${order.id}`), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: { status: 'processing' },
    });
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/withdraw');
    await visitor.post('/withdraw', { step: 'items', order: number, email });
    await visitor.post('/withdraw', { step: 'confirm', order: number, email });
    return { number, order };
  }

  /** The manager records a full refund of `amount` on the order's withdrawal, today. */
  async function refundWithdrawal(number: string, amount: number): Promise<void> {
    const withdrawal = (await suite.server.store.withdrawals.list()).find(
      (candidate) => candidate.order_number === number,
    )!;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    const refunded = await fetchJson(suite.server.restUrl(`/vitrine/v1/withdrawals/${withdrawal.id}`), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { refund: { amount, refunded_on: today, scope: 'full' } },
    });
    assert.equal(refunded.status, 200, JSON.stringify(refunded.body));
  }

  it('confirms an order with everything the contract needs, and tells the shop', async () => {
    const number = await placeOrder('zofia@example.com');
    const order = (await suite.server.store.orders.findByNumber(number))!;
    const [confirmation] = await smtp.waitFor((mail) => mail.recipients.includes('zofia@example.com'));
    assert.equal(confirmation!.parsed.subject, `Potwierdzenie zamówienia ${number}`);
    const money = (amount: number) =>
      new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(amount);
    const consentLog = (await suite.server.store.consent.log()).filter(
      (record) => record.reference === `order:${number}`,
    );
    assert.ok(consentLog.length > 0);
    for (const part of both(confirmation!)) {
      const text = part.replace(/&nbsp;|\u00a0/g, ' ');
      for (const expected of [
        order.lines[0]!.title,
        money(order.lines[0]!.unit_price),
        money(order.lines[0]!.line_total),
        money(order.total),
        'PL61 1090 1014 0000 0712 1981 2874',
        'Lipowa 7',
        '30-001 Kraków',
        'Polska',
      ]) {
        assert.ok(
          text.includes(expected.replace(/\u00a0/g, ' ')),
          `${expected} in the ${part === confirmation!.parsed.text ? 'text' : 'HTML'} part`,
        );
      }
      for (const line of order.shipping_lines) assert.ok(text.includes(line.method_title), 'the shipping method');
      assert.match(text, /Tytuł przelewu/);
      const company = String(suite.server.store.site.data.settings.general.company_name);
      assert.ok(
        company.endsWith('.') && text.includes(`umowy z ${company} Zachowaj`),
        'a company name ending in its own full stop ("Sp. z o.o.") gets no second one',
      );
      for (const record of consentLog) {
        assert.ok(text.includes(record.label_hash!), "each accepted text with the consent log's SHA-256");
      }
      assert.match(text, /Prawo odstąpienia od umowy/);
      assert.match(text, /Wzór formularza odstąpienia od umowy/);
      assert.match(text, /niniejszym informuję\/informujemy/);
    }
    assert.ok(confirmation!.parsed.text!.includes(TERMS_PHRASE), 'the accepted terms, as text');
    assert.ok(String(confirmation!.parsed.html).includes('bez wyjątków'), 'and in the HTML part');
    assert.doesNotMatch(String(confirmation!.parsed.html), /<b>bez/, "the page's text is escaped, not injected");
    const [notification] = await smtp.waitFor(
      (mail) => mail.recipients.includes(NOTIFY) && mail.parsed.subject!.includes(number),
    );
    assert.match(notification!.parsed.subject!, /^Nowe zamówienie/);
    assert.equal(notification!.parsed.replyTo?.value[0]?.address, 'zofia@example.com');
  });

  it('tells the customer when the payment arrives and when the order is cancelled, once each', async () => {
    const number = await placeOrder('adam@example.com');
    const order = (await suite.server.store.orders.findByNumber(number))!;
    assert.equal(order.status, 'on-hold');
    await smtp.waitFor((mail) => mail.recipients.includes('adam@example.com'));
    const put = (json: object) =>
      fetchJson(suite.server.restUrl(`/wc/v3/orders/${order.id}`), {
        method: 'PUT',
        headers: { authorization: suite.manager },
        json,
      });
    assert.equal((await put({ status: 'processing' })).status, 200);
    assert.equal((await put({ status: 'processing' })).status, 200, 'the same status again');
    assert.equal((await put({ customer_note: 'Leave at the door' })).status, 200, 'a change that is not a move');
    const [paid] = await smtp.waitFor(
      (mail) => mail.recipients.includes('adam@example.com') && /płatność/.test(mail.parsed.subject!),
    );
    assert.equal(paid!.parsed.subject, `Otrzymaliśmy płatność za zamówienie ${number}`);
    assert.equal((await put({ status: 'cancelled' })).status, 200);
    await smtp.waitFor(
      (mail) => mail.recipients.includes('adam@example.com') && /anulowane/.test(mail.parsed.subject!),
    );
    await outboxSettledFor(suite.server.store, 'adam@example.com');
    assert.deepEqual(
      smtp.to('adam@example.com').map((mail) => mail.parsed.subject),
      [
        `Potwierdzenie zamówienia ${number}`,
        `Otrzymaliśmy płatność za zamówienie ${number}`,
        `Zamówienie ${number} zostało anulowane`,
      ],
    );
  });

  it('sends the customer a note written to them, escaped in HTML, and keeps a private note to the shop', async () => {
    const number = await placeOrder('nota@example.com');
    const order = (await suite.server.store.orders.findByNumber(number))!;
    await smtp.waitFor((mail) => mail.recipients.includes('nota@example.com'));
    const addNote = (json: object) =>
      fetchJson(suite.server.restUrl(`/wc/v3/orders/${order.id}/notes`), {
        method: 'POST',
        headers: { authorization: suite.manager },
        json,
      });
    assert.equal((await addNote({ note: 'Wewnętrzna: sprawdzić adres' })).status, 201);
    assert.equal(
      (await addNote({ note: 'Paczka wyjdzie jutro <b>rano</b>.', customer_note: true, added_by_user: true })).status,
      201,
    );
    const [mail] = await smtp.waitFor(
      (candidate) =>
        candidate.recipients.includes('nota@example.com') && candidate.parsed.subject!.includes('Nowa informacja'),
    );
    assert.equal(mail!.parsed.subject, `Nowa informacja do zamówienia ${number}`, "in the shop's language");
    assert.equal(
      mail!.parsed.replyTo?.value[0]?.address,
      suite.server.store.site.data.settings.general.company_email,
      'an answer goes to the shop',
    );
    assert.ok(
      mail!.parsed.text!.includes('Paczka wyjdzie jutro <b>rano</b>.'),
      'the note as written, in the text part',
    );
    assert.ok(
      String(mail!.parsed.html).includes('Paczka wyjdzie jutro &lt;b&gt;rano&lt;/b&gt;.'),
      'escaped in the HTML part',
    );
    for (const part of both(mail!)) assert.ok(part.includes(number));
    await outboxSettledFor(suite.server.store, 'nota@example.com');
    assert.deepEqual(
      smtp.to('nota@example.com').map((sent) => sent.parsed.subject),
      [`Potwierdzenie zamówienia ${number}`, `Nowa informacja do zamówienia ${number}`],
      'the private note sent nothing, and the note was sent once',
    );
  });

  it('tells the customer of the refund when a full refund is recorded on their withdrawal', async () => {
    const { number, order } = await withdrawnOrder('refund@example.com');
    await refundWithdrawal(number, order.total);
    assert.equal((await suite.server.store.orders.find(order.id))!.status, 'refunded');
    const [mail] = await smtp.waitFor(
      (candidate) =>
        candidate.recipients.includes('refund@example.com') && /Zwrot płatności/.test(candidate.parsed.subject!),
    );
    assert.equal(mail!.parsed.subject, `Zwrot płatności za zamówienie ${number}`);
  });

  it('tells the customer the amount refunded, which a full refund may keep below the total', async () => {
    const { number, order } = await withdrawnOrder('mniej@example.com');
    // The shop keeps 1,00 zł of the total (say, the extra cost of a delivery dearer than its cheapest, CRD art. 13(2)).
    const amount = Math.round((order.total - 1) * 100) / 100;
    await refundWithdrawal(number, amount);
    const [mail] = await smtp.waitFor(
      (candidate) =>
        candidate.recipients.includes('mniej@example.com') && /Zwrot płatności/.test(candidate.parsed.subject!),
    );
    const money = (value: number) =>
      new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(value).replace(/\u00a0/g, ' ');
    for (const part of both(mail!)) {
      const text = part.replace(/&nbsp;|\u00a0/g, ' ');
      assert.ok(text.includes(money(amount)), `the amount refunded, ${money(amount)}`);
      assert.ok(!text.includes(money(order.total)), `not the order's total, ${money(order.total)}`);
    }
  });

  it('takes an order while the SMTP server is down, and sends its confirmation once the server is back', async () => {
    await smtp.stop();
    const before = Date.now();
    const number = await placeOrder('outage@example.com', 'cash_on_delivery');
    assert.ok(await suite.server.store.orders.findByNumber(number), 'the order is stored');
    const queued = await suite.server.store.outbox.list({ page: 1, perPage: 5, recipient: 'outage@example.com' });
    assert.equal(queued.total, 1);
    // The worker tries (within its second of polling), fails to connect, and keeps the message for a retry.
    let status = '';
    for (let tries = 0; tries < 100 && status !== 'retrying'; tries++) {
      status = (await suite.server.store.outbox.find(queued.messages[0]!.id))!.status;
      if (status !== 'retrying') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(status, 'retrying');
    await smtp.start();
    const [confirmation] = await smtp.waitFor((mail) => mail.recipients.includes('outage@example.com'));
    assert.ok(confirmation!.parsed.subject!.includes(number));
    assert.match(confirmation!.parsed.text!, /Płatność przy odbiorze/);
    console.log(
      `# outage: order placed while SMTP was down; its confirmation arrived ${Date.now() - before} ms after the order, after ${(await suite.server.store.outbox.find(queued.messages[0]!.id))!.attempts} attempts`,
    );
  });
});
