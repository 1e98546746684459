// An invoice a manager issues by hand after the payment e-mail reaches the customer by e-mail with its PDF, once, and
// not when a message already carries it or is still to; the PDF of a German customer's order from a Polish shop is
// bilingual, Polish first with the law's own words ("Faktura VAT", "NIP") and German beside them, wherever it comes
// from (the e-mail, the admin's download). On both stores, through a real SMTP server; the PDFs read back with unpdf.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { translator } from '../../../server/i18n/translator.js';
import { ShopMail } from '../../../server/mail/shop-mail.js';
import { orderInvoiceKey } from '../../../server/store/invoice-due.js';
import type { Order } from '../../../server/store/schema.js';
import type { ReceivedMail } from '../../support/test-smtp-server.js';
import { publishLegalPages } from '../support/legal-pages.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { fetchJson } from '../support/test-server.js';
import { outboxSettledFor, useFreshMailShop } from '../support/mail-test-server.js';
import { BUYER_NIP, SELLER_NIP } from './invoice-site.js';

const de = translator('de');
const pl = translator('pl');

const squeezed = (text: string) => text.replace(/\s+/g, '');

async function textOf(pdf: Uint8Array): Promise<string> {
  return squeezed((await extractText(await getDocumentProxy(pdf), { mergePages: true })).text);
}

const pdfsOf = (mail: ReceivedMail) =>
  mail.parsed.attachments.filter((attachment) => attachment.contentType === 'application/pdf');

for (const kind of STORE_KINDS) {
  describe(`invoices issued by hand, e-mailed in the order's language (${kind.name})`, () => {
    const suite = useFreshMailShop(kind);
    const { smtp } = suite;
    const call = (method: string, path: string, json?: unknown) =>
      fetchJson(suite.server.restUrl(path), { method, json, headers: { authorization: suite.manager } });
    const invoiceMails = (address: string) => smtp.to(address).filter((mail) => pdfsOf(mail).length > 0);

    before(async () => {
      await suite.server.store.catalog.load();
      await suite.server.store.site.update((draft) => {
        draft.settings.general.company_tax_id = SELLER_NIP;
        draft.settings.general.locale = 'pl-PL';
        draft.settings.general.storefront_languages = 'de';
      });
      await publishLegalPages(suite.server);
    });

    async function order(
      email: string,
      { language, ...changes }: Partial<Order> = {},
      companyTaxId?: string,
    ): Promise<Order> {
      const placed = await placeTestOrder(suite.server.store, {
        product: stockedProduct(suite.server.store, 2),
        email,
        ...(language ? { language } : {}),
        ...(companyTaxId ? { companyTaxId, company: 'Hurtownia Żak' } : {}),
      });
      return suite.server.store.orders.change(placed.id, (stored) => {
        const changed = { ...stored, ...changes };
        return { order: changed, result: changed };
      });
    }

    it("e-mails a German customer's invoice issued after the payment e-mail, bilingual, once", async () => {
      const placed = await order('jonas@example.com', { language: 'de' });
      assert.equal((await call('PUT', `/wc/v3/orders/${placed.id}`, { set_paid: true })).status, 200);
      const [payment] = await smtp.waitFor((mail) => mail.recipients.includes('jonas@example.com'));
      assert.equal(pdfsOf(payment!).length, 0, 'a consumer who asked for none: the payment e-mail carries none');

      const issued = await call('POST', `/vitrine/v1/orders/${placed.id}/invoice`);
      assert.equal(issued.status, 201, JSON.stringify(issued.body));
      const subject = de.t('mailInvoice.issuedSubject', { number: issued.body.number, order: placed.number });
      const [mail] = await smtp.waitFor(
        (candidate) => candidate.recipients.includes('jonas@example.com') && candidate.parsed.subject === subject,
      );
      const [pdf, ...more] = pdfsOf(mail!);
      assert.equal(more.length, 0);
      const text = await textOf(new Uint8Array(pdf!.content));
      for (const key of ['invoices.pdfTitleVat', 'invoices.pdfSeller', 'invoices.pdfBuyer', 'invoices.pdfTotalDue'])
        assert.ok(text.includes(squeezed(`${pl.t(key)} / ${de.t(key)}`)), `${key}, Polish then German: ${text}`);
      assert.ok(text.includes(`NIP:${SELLER_NIP}`), 'the NIP named as the law names it');
      assert.ok(!text.includes(squeezed(de.t('invoices.pdfTaxId', { taxId: SELLER_NIP }))), 'in Polish alone');

      const download = await fetch(suite.server.restUrl(`/vitrine/v1/invoices/${issued.body.id}/pdf`), {
        headers: { authorization: suite.manager },
      });
      assert.equal(download.status, 200);
      assert.equal(await textOf(new Uint8Array(await download.arrayBuffer())), text, 'the admin downloads the same');

      assert.equal((await call('POST', `/vitrine/v1/orders/${placed.id}/invoice`)).status, 200);
      await outboxSettledFor(suite.server.store, 'jonas@example.com');
      assert.equal(invoiceMails('jonas@example.com').length, 1, 'e-mailed once');
    });

    it('prints a Polish order’s invoice in Polish alone', async () => {
      const placed = await order('ola@example.com', { language: 'pl', status: 'processing' });
      const issued = await call('POST', `/vitrine/v1/orders/${placed.id}/invoice`);
      assert.equal(issued.status, 201);
      const subject = pl.t('mailInvoice.issuedSubject', { number: issued.body.number, order: placed.number });
      const [mail] = await smtp.waitFor(
        (candidate) => candidate.recipients.includes('ola@example.com') && candidate.parsed.subject === subject,
      );
      const text = await textOf(new Uint8Array(pdfsOf(mail!)[0]!.content));
      assert.ok(text.includes(squeezed(pl.t('invoices.pdfTitleVat'))));
      assert.ok(!text.includes(squeezed(de.t('invoices.pdfSeller'))), 'no German on it');
    });

    it('sends nothing more when the payment e-mail still waits for the invoice, which it then carries', async () => {
      const placed = await order(
        'czeka@example.com',
        { status: 'processing', date_paid: new Date().toISOString() },
        BUYER_NIP,
      );
      await suite.server.store.outbox.enqueue(
        new ShopMail(suite.server.store, suite.server.url).orderStatusChanged(
          placed,
          'on-hold',
          new Date().toISOString(),
        ),
      );
      assert.equal((await call('POST', `/vitrine/v1/orders/${placed.id}/invoice`)).status, 201);
      await smtp.waitFor((mail) => mail.recipients.includes('czeka@example.com') && pdfsOf(mail).length > 0);
      await outboxSettledFor(suite.server.store, 'czeka@example.com');
      const mails = invoiceMails('czeka@example.com');
      assert.equal(mails.length, 1, 'the invoice arrives once');
      assert.match(
        mails[0]!.parsed.subject!,
        /płatność|opłacone|Płatność/i,
        `with the payment e-mail: ${mails[0]!.parsed.subject}`,
      );
    });

    it('e-mails it when the payment e-mail left without it', async () => {
      const placed = await order('bez@example.com', { status: 'processing' }, BUYER_NIP);
      const [message] = new ShopMail(suite.server.store, suite.server.url).orderStatusChanged(
        placed,
        'on-hold',
        new Date().toISOString(),
      );
      const [queued] = await suite.server.store.outbox.enqueue([
        { ...message!, created_at: new Date(Date.now() - 11 * 60_000).toISOString() },
      ]);
      let stored = await suite.server.store.outbox.find(queued!.id);
      for (let wait = 0; stored?.status !== 'sent' && wait < 100; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        stored = await suite.server.store.outbox.find(queued!.id);
      }
      assert.match(stored!.last_response ?? '', new RegExp(`Sent without the invoice ${orderInvoiceKey(placed.id)}`));
      const issued = await call('POST', `/vitrine/v1/orders/${placed.id}/invoice`);
      assert.equal(issued.status, 201);
      const [mail] = await smtp.waitFor(
        (candidate) => candidate.recipients.includes('bez@example.com') && pdfsOf(candidate).length > 0,
      );
      assert.equal(
        mail!.parsed.subject,
        pl.t('mailInvoice.issuedSubject', { number: issued.body.number, order: placed.number }),
      );
    });
  });
}
