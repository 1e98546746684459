// EU sales through the checkout without JavaScript, on both stores, with VIES played by a local stand-in: with the
// One-Stop Shop on, a consumer in Germany pays German VAT (19% on a standard-rated product), with it off Polish VAT
// (23%); a German company whose VAT number VIES confirms pays 0% and its order says it is an intra-Community supply
// (page, e-mail, wc/v3); one VIES says is not registered is refused with the form kept; with VIES down the order is
// kept at 0% with the number marked unverified, and no invoice is issued for it by itself.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Order } from '../../../../server/store/schema.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { TestSmtpServer } from '../../../support/test-smtp-server.js';
import { ViesStandIn } from '../../../support/vies-stand-in.js';
import { SELLER_NIP } from '../../invoices/invoice-site.js';
import { productsInStock, requiredBoxes } from '../../support/storefront-order.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const STORES = [
  { name: 'lowdb files', env: async () => ({}) },
  { name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
];

const GERMAN_CONSUMER = {
  first_name: 'Anna',
  last_name: 'Schmidt',
  street: 'Lindenstraße 3',
  postcode: '10969',
  city: 'Berlin',
  country: 'DE',
  phone: '',
  payment_method: 'bank_transfer',
};
const GERMAN_COMPANY = { company_buyer: '1', company: 'Beispiel GmbH', company_tax_id: 'DE 136 695 976' };

/** The VAT inside a gross amount in grosz at `percent`, rounded half away from zero: the reference of the rule. */
const vatInside = (gross: number, percent: number) => Math.round((gross * percent) / (100 + percent));

const grossOf = (order: Order) => Math.round(order.total * 100);

for (const kind of STORES) {
  describe(`EU sales on the ${kind.name} store`, () => {
    const vies = new ViesStandIn();
    const smtp = new TestSmtpServer();
    let server: TestServer;
    let manager: string;
    let productIndex = 0;

    before(async () => {
      await vies.start();
      await smtp.start();
      vies.registered.set('DE136695976', 'Beispiel GmbH');
      server = await startTestServer({ env: { ...(await kind.env()), ...vies.env(), SMTP_URL: smtp.url } });
      manager = await server.basicAuthFor('shop_manager');
      await server.store.site.update((site) => {
        // Every order here comes from one address by bank transfer; the limit of unpaid orders is not what this tests.
        site.settings.checkout.unpaid_orders_per_source = 100;
        // A VAT payer that invoices: the seller's NIP is what an invoice needs.
        site.settings.general.company_tax_id = SELLER_NIP;
      });
      const zones = await fetchJson(server.restUrl('/vitrine/v1/shipping/zones'), {
        method: 'PUT',
        headers: { authorization: manager },
        json: {
          zones: [
            { name: 'Polska', countries: ['PL'], methods: [{ type: 'flat_rate', title: 'Kurier', cost: 15 }] },
            { name: 'Niemcy', countries: ['DE'], methods: [{ type: 'flat_rate', title: 'DHL', cost: 40 }] },
          ],
        },
      });
      assert.equal(zones.status, 200, JSON.stringify(zones.body));
    });
    after(async () => {
      await server?.stop();
      await vies.close();
      await smtp.stop();
    });

    const setOss = (on: boolean) =>
      server.store.site.update((site) => {
        site.settings.checkout.oss_enabled = on;
      });

    /** A standard-rated product bought by a new visitor with `fields`; the answer to the order button. */
    async function order(fields: Record<string, string>) {
      const product = productsInStock(server, 1, productIndex++).find((candidate) => !candidate.tax_class)!;
      assert.ok(product, 'a standard-rated product in stock');
      const visitor = new Visitor(server.url);
      await visitor.get(`/product/${product.slug}`);
      assert.equal((await visitor.post('/cart/add', { product_id: String(product.id), quantity: '1' })).status, 303);
      await visitor.get('/checkout');
      const answer = await visitor.post('/checkout', { ...requiredBoxes(server, 'checkout'), ...fields });
      return { visitor, answer };
    }

    async function placed(fields: Record<string, string>) {
      const { visitor, answer } = await order(fields);
      assert.equal(answer.status, 303, answer.html.slice(0, 800));
      const number = /VT-\d{6}/.exec(answer.location!)![0];
      const stored = (await server.store.orders.list()).find((candidate) => candidate.number === number)!;
      return { order: stored, page: await visitor.open(answer.location!) };
    }

    it('charges a consumer in Germany 19% German VAT on a standard-rated product with OSS on', async () => {
      await setOss(true);
      const { order: placedOrder, page } = await placed({ ...GERMAN_CONSUMER, email: 'anna@example.de' });
      const { taxes } = placedOrder;
      assert.deepEqual(taxes.scheme, { kind: 'oss', country: 'DE' });
      assert.deepEqual(
        taxes.tax_lines.map((line) => [line.rate_code, line.rate_percent]),
        [['DE-VAT 19% (DE)-1', 19]],
      );
      assert.equal(taxes.total_tax, vatInside(grossOf(placedOrder), 19));
      assert.match(page.html, /w tym VAT 19% \(DE\)/);
      assert.doesNotMatch(page.html, /VAT 23%/);
    });

    it('invoices a consumer in Germany who asked for it at the German rate, as an OSS supply', async () => {
      await setOss(true);
      const { order: placedOrder } = await placed({
        ...GERMAN_CONSUMER,
        email: 'jonas@example.de',
        invoice_requested: '1',
      });
      assert.equal(placedOrder.invoice_requested, true);
      const issued = await fetchJson(server.restUrl(`/vitrine/v1/orders/${placedOrder.id}/invoice`), {
        method: 'POST',
        headers: { authorization: manager },
      });
      assert.equal(issued.status, 201, JSON.stringify(issued.body));
      const tax = vatInside(grossOf(placedOrder), 19);
      assert.deepEqual(
        issued.body.totals.map((total: { rate: string; rate_percent: number; tax: number }) => [
          total.rate,
          total.rate_percent,
          total.tax,
        ]),
        [['OSS', 19, tax]],
      );
      const xml = await fetch(server.restUrl(`/vitrine/v1/invoices/${issued.body.id}/xml`), {
        headers: { authorization: manager },
      }).then((answer) => answer.text());
      assert.match(xml, /<P_12_XII>19<\/P_12_XII>/);
      assert.doesNotMatch(xml, /<P_12>/);
      assert.match(
        xml,
        new RegExp(`<P_14_5>${Math.floor(tax / 100)}\\.${String(tax % 100).padStart(2, '0')}</P_14_5>`),
      );
    });

    it('charges the same consumer 23% Polish VAT with OSS off', async () => {
      await setOss(false);
      const { order: placedOrder, page } = await placed({ ...GERMAN_CONSUMER, email: 'anna@example.de' });
      assert.equal(placedOrder.taxes.scheme, undefined);
      assert.deepEqual(
        placedOrder.taxes.tax_lines.map((line) => [line.rate_code, line.rate_percent]),
        [['PL-VAT 23%-1', 23]],
      );
      assert.equal(placedOrder.taxes.total_tax, vatInside(grossOf(placedOrder), 23));
      assert.match(page.html, /w tym VAT 23%/);
    });

    it('charges a German company with a VAT number VIES confirms 0%, and says it is an intra-Community supply', async () => {
      await setOss(true);
      const asked = vies.asked.length;
      const { order: placedOrder, page } = await placed({
        ...GERMAN_CONSUMER,
        ...GERMAN_COMPANY,
        email: 'einkauf@beispiel.de',
      });
      assert.deepEqual(vies.asked.slice(asked), ['DE136695976']);
      assert.deepEqual(placedOrder.taxes.scheme, {
        kind: 'intra_community_supply',
        vat_number: 'DE136695976',
        vies: 'valid',
      });
      assert.equal(placedOrder.taxes.total_tax, 0);
      assert.deepEqual(
        placedOrder.taxes.tax_lines.map((line) => [line.label, line.rate_percent, line.net]),
        [['WDT 0%', 0, grossOf(placedOrder)]],
      );
      const reverseCharge = /VAT 0% – wewnątrzwspólnotowa dostawa towarów \(WDT\), odwrotne obciążenie/;
      assert.match(page.html, reverseCharge);
      const [mail] = await smtp.waitFor(
        (candidate) =>
          candidate.recipients.includes('einkauf@beispiel.de') &&
          String(candidate.parsed.subject).includes(placedOrder.number),
      );
      assert.match(mail!.parsed.text!, reverseCharge);
      const wc = await fetchJson(server.restUrl(`/wc/v3/orders/${placedOrder.id}`), {
        headers: { authorization: manager },
      });
      const meta = Object.fromEntries(wc.body.meta_data.map((entry: any) => [entry.key, entry.value]));
      assert.equal(meta.is_vat_exempt, 'yes');
      assert.equal(meta._vat_number_is_validated, 'true');
      assert.equal(wc.body.total_tax, '0.00');
    });

    it('refuses a VAT number VIES says is not registered, keeps the form, and orders nothing', async () => {
      const before = (await server.store.orders.list()).length;
      const { answer } = await order({
        ...GERMAN_CONSUMER,
        ...GERMAN_COMPANY,
        company_tax_id: 'DE811569869',
        email: 'einkauf@beispiel.de',
      });
      assert.equal(answer.status, 400);
      assert.match(answer.html, /Według VIES ten numer VAT nie jest zarejestrowany/);
      assert.match(answer.html, /value="DE811569869"/);
      assert.equal((await server.store.orders.list()).length, before);
    });

    it('keeps the order at 0% with the number marked unverified when VIES is down, and holds its invoice', async () => {
      vies.down = true;
      try {
        const { order: placedOrder } = await placed({
          ...GERMAN_CONSUMER,
          ...GERMAN_COMPANY,
          email: 'einkauf@beispiel.de',
        });
        assert.deepEqual(placedOrder.taxes.scheme, {
          kind: 'intra_community_supply',
          vat_number: 'DE136695976',
          vies: 'unverified',
        });
        assert.equal(placedOrder.taxes.total_tax, 0);
        const wc = await fetchJson(server.restUrl(`/wc/v3/orders/${placedOrder.id}`), {
          headers: { authorization: manager },
        });
        const meta = Object.fromEntries(wc.body.meta_data.map((entry: any) => [entry.key, entry.value]));
        assert.equal(meta._vat_number_is_validated, 'false');
        assert.equal(meta._billing_vat_number, 'DE136695976');
      } finally {
        vies.down = false;
      }
    });

    it('charges a Polish company Polish VAT on goods delivered to Germany, without asking VIES', async () => {
      const asked = vies.asked.length;
      const { order: placedOrder } = await placed({
        ...GERMAN_CONSUMER,
        company_buyer: '1',
        company: 'Przykład Sp. z o.o.',
        company_tax_id: '123-456-32-18',
        email: 'zakupy@przyklad.pl',
      });
      assert.equal(vies.asked.length, asked);
      assert.deepEqual(
        placedOrder.taxes.tax_lines.map((line) => line.rate_percent),
        [23],
      );
    });
  });
}
