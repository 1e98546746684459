/**
 * Invoices by e-mail, on both stores, through a real SMTP server: the payment e-mail of a company order paid through
 * `wc/v3` carries the invoice's PDF, whose text (read back with unpdf) states its number, both NIPs and the total due;
 * a consumer's payment e-mail carries none; a payment e-mail queued before its invoice was issued waits for it and
 * then carries it; a refund's correction reaches the customer with the correction's PDF, naming the original. A
 * consumer who ticks "I want a VAT invoice" in the checkout form (no script) gets one without a NIP, valid FA(3) with
 * `BrakID`, attached to the payment e-mail.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { issueOrderInvoice } from '../../../server/invoices/issue-invoice.js';
import { ShopMail } from '../../../server/mail/shop-mail.js';
import { orderInvoiceKey } from '../../../server/store/invoice-due.js';
import type { Order } from '../../../server/store/schema.js';
import { minorUnits } from '../../../server/tax/order-taxes.js';
import type { ReceivedMail } from '../../support/test-smtp-server.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { fetchJson } from '../support/test-server.js';
import { useFreshMailShop } from '../support/mail-test-server.js';
import { Visitor } from '../support/visitor.js';
import { publishLegalPages } from '../support/legal-pages.js';
import { fa3Problems, loadFa3Schema } from '../../../server/invoices/fa3/fa3-schema.js';
import { BUYER_NIP, SELLER_NIP } from './invoice-site.js';
import { readFa3 } from './read-fa3.js';

// The schema checker loads once, before the checks below read XML with it.
await loadFa3Schema();

/** The text without any white space, so that figures match however the PDF spaced or wrapped them. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

/** Grosz as Polish money, worked out digit by digit here, white space left out: 123456 → `1234,56zł`. */
function polishMoney(grosz: number): string {
  const magnitude = Math.abs(grosz);
  return `${grosz < 0 ? '-' : ''}${Math.floor(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}zł`;
}

/** The PDFs a received message carries, each with its name and its text read back. */
async function pdfsOf(mail: ReceivedMail): Promise<{ filename: string; text: string }[]> {
  const pdfs = mail.parsed.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
  return Promise.all(
    pdfs.map(async (attachment) => ({
      filename: attachment.filename ?? '',
      text: squeezed(
        (await extractText(await getDocumentProxy(new Uint8Array(attachment.content)), { mergePages: true })).text,
      ),
    })),
  );
}

for (const kind of STORE_KINDS) {
  describe(`invoices by e-mail (${kind.name})`, () => {
    const suite = useFreshMailShop(kind);
    const { smtp } = suite;
    const call = (method: string, path: string, json?: unknown) =>
      fetchJson(suite.server.restUrl(path), { method, json, headers: { authorization: suite.manager } });
    const mailTo = (address: string, subject: RegExp) =>
      smtp.waitFor((mail) => mail.recipients.includes(address) && subject.test(mail.parsed.subject ?? ''));

    before(async () => {
      await suite.server.store.catalog.load();
      await suite.server.store.site.update((draft) => {
        draft.settings.general.company_tax_id = SELLER_NIP;
        draft.settings.general.locale = 'pl-PL';
      });
      await publishLegalPages(suite.server);
    });

    async function paidCompanyOrder(email: string): Promise<Order> {
      const product = stockedProduct(suite.server.store, 4);
      const order = await placeTestOrder(suite.server.store, {
        product,
        quantity: 2,
        email,
        companyTaxId: BUYER_NIP,
        company: 'Hurtownia Żak',
      });
      assert.equal((await call('PUT', `/wc/v3/orders/${order.id}`, { set_paid: true })).status, 200);
      return order;
    }

    it('the payment e-mail of a company order carries its invoice as a PDF stating its number, NIPs and total', async () => {
      const order = await paidCompanyOrder('firma@example.com');
      const [mail] = await mailTo('firma@example.com', /płatność/);
      const invoice = (await suite.server.store.invoices.findByKey(orderInvoiceKey(order.id)))!;
      assert.ok(invoice, 'the invoice was issued');
      const [pdf, ...more] = await pdfsOf(mail!);
      assert.equal(more.length, 0, 'one PDF');
      assert.equal(pdf!.filename, `${invoice.number.replaceAll('/', '-')}.pdf`);
      assert.ok(pdf!.text.includes(squeezed(invoice.number)), 'the invoice number');
      assert.ok(pdf!.text.includes(`NIP:${SELLER_NIP}`) && pdf!.text.includes(`NIP:${BUYER_NIP}`), 'both NIPs');
      assert.equal(invoice.total_gross, minorUnits(order.total));
      assert.ok(pdf!.text.includes(`Dozapłaty:${polishMoney(minorUnits(order.total))}`), 'the total due');
      assert.match(mail!.parsed.text ?? '', /w załączniku/);
    });

    it('the payment e-mail of a consumer who asked for no invoice carries none', async () => {
      const order = await placeTestOrder(suite.server.store, {
        product: stockedProduct(suite.server.store, 2),
        email: 'konsument@example.com',
      });
      assert.equal((await call('PUT', `/wc/v3/orders/${order.id}`, { set_paid: true })).status, 200);
      const [mail] = await mailTo('konsument@example.com', /.+/);
      assert.deepEqual(await pdfsOf(mail!), []);
      assert.doesNotMatch(mail!.parsed.text ?? '', /w załączniku/);
      assert.equal(await suite.server.store.invoices.findByKey(orderInvoiceKey(order.id)), null);
    });

    it('a payment e-mail queued before its invoice was issued waits for it, then carries it', async () => {
      const { store } = suite.server;
      const placed = await placeTestOrder(store, {
        product: stockedProduct(store, 2),
        email: 'czeka@example.com',
        companyTaxId: BUYER_NIP,
        company: 'Czekająca Sp. z o.o.',
      });
      // Paid in the store alone, with its payment e-mail, as an online provider's message leaves it: no invoice yet.
      const paid = await store.orders.change(placed.id, (stored) => {
        const changed: Order = { ...stored, status: 'processing', date_paid: new Date().toISOString() };
        return { order: changed, result: changed };
      });
      const shopMail = new ShopMail(store, suite.server.url);
      await store.outbox.enqueue(shopMail.orderStatusChanged(paid, 'on-hold', new Date().toISOString()));
      assert.equal(await store.invoices.findByKey(orderInvoiceKey(paid.id)), null);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // The shop's own sweep (2 s after its start, then every half minute) may issue the invoice meanwhile, and the
      // message then leaves with it: what must not happen is a message sent while there is no invoice yet.
      const sentMeanwhile = smtp.to('czeka@example.com').length;
      if ((await store.invoices.findByKey(orderInvoiceKey(paid.id))) === null)
        assert.equal(sentMeanwhile, 0, 'not sent without its invoice');
      const invoice = await issueOrderInvoice(store, paid.id);
      const [mail] = await mailTo('czeka@example.com', /.+/);
      const [pdf] = await pdfsOf(mail!);
      assert.ok(pdf?.text.includes(squeezed(invoice.number)), 'the invoice issued after the message was queued');
    });

    it('a payment e-mail whose invoice is not issued within its wait leaves without it, and the mail log says so', async () => {
      const { store } = suite.server;
      const order = await placeTestOrder(store, {
        product: stockedProduct(store, 2),
        email: 'bez-faktury@example.com',
        companyTaxId: BUYER_NIP,
      });
      const [message] = new ShopMail(store, suite.server.url).orderStatusChanged(
        { ...order, status: 'processing' },
        'on-hold',
        new Date().toISOString(),
      );
      assert.deepEqual(message!.attachments, [{ invoice_key: orderInvoiceKey(order.id) }]);
      // Queued eleven minutes ago, for an invoice that is never issued (a key no order has).
      const [queued] = await store.outbox.enqueue([
        {
          ...message!,
          created_at: new Date(Date.now() - 11 * 60_000).toISOString(),
          attachments: [{ invoice_key: 'order:999999:VAT' }],
        },
      ]);
      const [mail] = await mailTo('bez-faktury@example.com', /płatność/);
      assert.deepEqual(await pdfsOf(mail!), []);
      let stored = await store.outbox.find(queued!.id);
      for (let wait = 0; stored?.status !== 'sent' && wait < 40; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        stored = await store.outbox.find(queued!.id);
      }
      assert.match(stored!.last_response ?? '', /Sent without the invoice order:999999:VAT/);
    });

    it('a refund’s correction reaches the customer with its PDF, naming the corrected invoice', async () => {
      const order = await paidCompanyOrder('zwrot@example.com');
      const wcOrder = (await call('GET', `/wc/v3/orders/${order.id}`)).body;
      const refunded = await call('POST', `/wc/v3/orders/${order.id}/refunds`, {
        reason: 'Uszkodzony',
        api_refund: false,
        line_items: [{ id: wcOrder.line_items[0].id, quantity: 1 }],
      });
      assert.equal(refunded.status, 201, JSON.stringify(refunded.body));
      const [mail] = await mailTo('zwrot@example.com', /korygująca/);
      const original = (await suite.server.store.invoices.findByKey(orderInvoiceKey(order.id)))!;
      const correction = (await suite.server.store.invoices.list({ order: order.id, type: 'KOR', page: 1, perPage: 1 }))
        .invoices[0]!;
      assert.ok(mail!.parsed.subject?.includes(correction.number));
      const [pdf] = await pdfsOf(mail!);
      assert.ok(pdf, 'the correction is attached');
      assert.ok(pdf.text.includes(squeezed(correction.number)), 'the correction number');
      assert.ok(pdf.text.includes(squeezed(original.number)), 'the corrected invoice');
      assert.ok(correction.total_gross < 0);
      assert.ok(pdf.text.includes(polishMoney(-correction.total_gross)), 'the amount refunded');
      // Sent once, however often the sweep looks at the refund again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(
        smtp.to('zwrot@example.com').filter((each) => /korygująca/.test(each.parsed.subject ?? '')).length,
        1,
      );
    });

    it('a consumer who asks for an invoice in the form without a script gets one without a NIP, by e-mail', async () => {
      const { store } = suite.server;
      const product = stockedProduct(store, 2);
      const visitor = new Visitor(suite.server.url);
      await visitor.get(`/product/${product.slug}`);
      assert.equal((await visitor.post('/cart/add', { product_id: String(product.id), quantity: '1' })).status, 303);
      const form = await visitor.get('/checkout');
      assert.match(form.html, /<input type="checkbox" id="invoice_requested" name="invoice_requested" value="1"/);
      assert.match(
        form.html,
        /<label for="invoice_requested">Chcę fakturę VAT jako osoba prywatna \(bez NIP\)<\/label>/,
      );
      const legal = Object.fromEntries(
        store.site.data.checkboxes
          .filter((box) => box.location === 'checkout' && box.enabled)
          .map((box) => [`legal_${box.id}`, '1']),
      );
      const placed = await visitor.post('/checkout', {
        email: 'prywatna@example.com',
        first_name: 'Ola',
        last_name: 'Źdźbło',
        street: 'Polna 3',
        postcode: '30-001',
        city: 'Kraków',
        country: 'PL',
        payment_method: 'bank_transfer',
        invoice_requested: '1',
        ...legal,
      });
      assert.equal(placed.status, 303, placed.html.slice(0, 800));
      const order = (await store.orders.findByNumber(/VT-\d{6}/.exec(placed.location!)![0]))!;
      assert.equal(order.invoice_requested, true);
      assert.equal(order.company_tax_id, '');
      const wcOrder = (await call('GET', `/wc/v3/orders/${order.id}`)).body;
      assert.deepEqual(
        wcOrder.meta_data.map((meta: { key: string; value: string }) => [meta.key, meta.value]),
        [
          ['_billing_invoice_ask', '1'],
          ['wpml_language', 'pl'],
        ],
      );

      assert.equal((await call('PUT', `/wc/v3/orders/${order.id}`, { set_paid: true })).status, 200);
      const invoice = (await store.invoices.findByKey(orderInvoiceKey(order.id)))!;
      assert.ok(invoice, 'issued when paid, as a company order’s');
      assert.equal(invoice.buyer.tax_id, '');
      const xml = (await store.invoices.xml(invoice.id))!;
      assert.deepEqual(fa3Problems(xml), []);
      assert.match(xml, /<Podmiot2>[\s\S]*<BrakID>1<\/BrakID>[\s\S]*<\/Podmiot2>/);
      assert.ok(readFa3(xml).fa.P_15);
      const [mail] = await mailTo('prywatna@example.com', /płatność/);
      const [pdf] = await pdfsOf(mail!);
      assert.ok(pdf?.text.includes(squeezed(invoice.number)));
      assert.ok(pdf.text.includes(squeezed('Ola Źdźbło')), 'the consumer as the buyer');
      assert.ok(!pdf.text.includes(`NIP:${BUYER_NIP}`));
    });
  });
}
