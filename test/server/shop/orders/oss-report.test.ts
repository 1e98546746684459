// The One-Stop Shop report on both stores: consumers in Germany and France order through the checkout without
// JavaScript with OSS on, one order is refunded whole, and the report (REST CSV) must equal a brute-force sum over
// the orders worked out from the products' prices, the delivery and the member states' rates, with none of the
// shop's VAT code: each order's VAT inside its gross at its rate, rounded half away from zero, per country and rate.
// Polish sales and the refunded order are not in it; the quarter follows the shop's clock.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { itemPrice } from '../../../../server/catalog/model.js';
import { ossReport, quarterOf } from '../../../../server/shop/orders/oss-report.js';
import type { Product } from '../../../../server/store/catalog-types.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { productsInStock, requiredBoxes } from '../../support/storefront-order.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const STORES = [
  { name: 'lowdb files', env: async () => ({}) },
  { name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
];

const ADDRESSES = {
  DE: { street: 'Lindenstraße 3', postcode: '10969', city: 'Berlin', country: 'DE' },
  FR: { street: 'Rue de Rivoli 10', postcode: '75001', city: 'Paris', country: 'FR' },
  PL: { street: 'Długa 5', postcode: '00-001', city: 'Warszawa', country: 'PL' },
} as const;
type Country = keyof typeof ADDRESSES;

/** The member states' rates, written out here rather than read from the shop. */
const RATES: Record<Country, { standard: number; reduced: number }> = {
  DE: { standard: 19, reduced: 7 },
  FR: { standard: 20, reduced: 5.5 },
  PL: { standard: 23, reduced: 8 },
};
const DELIVERY: Record<Country, number> = { DE: 40, FR: 45, PL: 15 };

describe('quarterOf', () => {
  it("puts an instant in the quarter of the shop's clock", () => {
    assert.equal(quarterOf('2026-12-31T23:30:00.000Z', 'Europe/Warsaw'), '2027-Q1');
    assert.equal(quarterOf('2026-12-31T23:30:00.000Z', 'UTC'), '2026-Q4');
    assert.equal(quarterOf('2026-04-01T00:00:00.000Z', 'UTC'), '2026-Q2');
  });
});

for (const kind of STORES) {
  describe(`the OSS report on the ${kind.name} store`, () => {
    let server: TestServer;
    let manager: string;
    let productIndex = 0;
    /** Brute-force figures per `country|rate`, in grosz. */
    const expected = new Map<string, { net: number; vat: number }>();

    before(async () => {
      server = await startTestServer({ env: await kind.env() });
      manager = await server.basicAuthFor('shop_manager');
      await server.store.site.update((site) => {
        site.settings.checkout.unpaid_orders_per_source = 100;
        site.settings.checkout.oss_enabled = true;
      });
      const zones = await fetchJson(server.restUrl('/vitrine/v1/shipping/zones'), {
        method: 'PUT',
        headers: { authorization: manager },
        json: {
          zones: (Object.keys(ADDRESSES) as Country[]).map((country) => ({
            name: country,
            countries: [country],
            methods: [{ type: 'flat_rate', title: `Kurier ${country}`, cost: DELIVERY[country] }],
          })),
        },
      });
      assert.equal(zones.status, 200, JSON.stringify(zones.body));
    });
    after(() => server?.stop());

    /** One unit of a product of `taxClass` sent to `country` by a new visitor; answers the order and the product. */
    async function buy(country: Country, taxClass: 'standard' | 'reduced') {
      const [product] = productsInStock(server, 1, productIndex++) as [Product];
      const classed = await fetchJson(server.restUrl(`/wc/v3/products/${product.id}`), {
        method: 'PUT',
        headers: { authorization: manager },
        json: { tax_class: taxClass === 'reduced' ? 'reduced-rate' : '' },
      });
      assert.equal(classed.status, 200, JSON.stringify(classed.body));
      const visitor = new Visitor(server.url);
      await visitor.get(`/product/${product.slug}`);
      assert.equal((await visitor.post('/cart/add', { product_id: String(product.id), quantity: '1' })).status, 303);
      await visitor.get('/checkout');
      const placed = await visitor.post('/checkout', {
        first_name: 'Kim',
        last_name: 'Kunde',
        phone: '',
        email: `kim.${productIndex}@example.eu`,
        payment_method: 'bank_transfer',
        ...ADDRESSES[country],
        ...requiredBoxes(server, 'checkout'),
      });
      assert.equal(placed.status, 303, placed.html.slice(0, 800));
      const number = /VT-\d{6}/.exec(placed.location!)![0];
      const order = (await server.store.orders.findByNumber(number))!;
      return { order, gross: Math.round(itemPrice(product) * 100) + DELIVERY[country] * 100 };
    }

    /** Adds an order's figures to the brute-force reference: its VAT inside its gross at its one rate. */
    function count(country: Country, percent: number, gross: number) {
      const vat = Math.round((gross * percent) / (100 + percent));
      const key = `${country}|${percent}`;
      const sum = expected.get(key) ?? { net: 0, vat: 0 };
      expected.set(key, { net: sum.net + gross - vat, vat: sum.vat + vat });
    }

    it('sums the OSS orders per country and rate, refunds subtracted, as the brute-force reference does', async () => {
      for (const [country, taxClass] of [
        ['DE', 'standard'],
        ['DE', 'standard'],
        ['DE', 'reduced'],
        ['FR', 'standard'],
        ['FR', 'reduced'],
      ] as const) {
        const { gross } = await buy(country, taxClass);
        count(country, RATES[country][taxClass], gross);
      }
      // A Polish consumer's order is a domestic sale: not in the return.
      await buy('PL', 'standard');
      // An order refunded whole (its goods and its delivery) declares nothing.
      const { order: refunded } = await buy('DE', 'standard');
      const paid = await fetchJson(server.restUrl(`/wc/v3/orders/${refunded.id}`), {
        method: 'PUT',
        headers: { authorization: manager },
        json: { set_paid: true },
      });
      assert.equal(paid.status, 200, JSON.stringify(paid.body));
      const refund = await fetchJson(server.restUrl(`/vitrine/v1/orders/${refunded.id}/refunds`), {
        method: 'POST',
        headers: { authorization: manager },
        json: { lines: [{ index: 0, quantity: 1 }], delivery: true, reason: 'Zwrot' },
      });
      assert.ok(refund.status < 300, JSON.stringify(refund.body));

      const quarter = quarterOf(new Date().toISOString(), server.store.site.data.settings.general.timezone);
      const csv = await fetch(server.restUrl(`/vitrine/v1/taxes/oss-report?quarter=${quarter}`), {
        headers: { authorization: manager },
      });
      assert.equal(csv.status, 200);
      assert.match(csv.headers.get('content-type')!, /^text\/csv/);
      const [header, ...rows] = (await csv.text()).trim().split('\r\n');
      assert.equal(header, 'quarter,country,rate_percent,sales_net,sales_vat,refunds_net,refunds_vat,net,vat');
      const reported = new Map(
        rows.map((row) => {
          const [rowQuarter, country, percent, , , , , net, vat] = row.split(',');
          assert.equal(rowQuarter, quarter);
          return [
            `${country}|${Number(percent)}`,
            { net: Math.round(Number(net) * 100), vat: Math.round(Number(vat) * 100) },
          ];
        }),
      );
      assert.deepEqual(
        [...reported].sort(([a], [b]) => a.localeCompare(b)),
        [...expected].sort(([a], [b]) => a.localeCompare(b)),
      );
      // The refunded order's sale and its refund are both shown, and cancel out.
      const germany = ossReport(await server.store.orders.list(), 'UTC').find(
        (row) => row.country === 'DE' && row.rate_percent === 19,
      )!;
      assert.ok(germany.refunds_vat > 0);
      assert.equal(germany.sales_vat - germany.refunds_vat, expected.get('DE|19')!.vat);
    });

    it('refuses a quarter that is not one, in WordPress error shape', async () => {
      const answer = await fetchJson(server.restUrl('/vitrine/v1/taxes/oss-report?quarter=2026-Q5'), {
        headers: { authorization: manager },
      });
      assert.equal(answer.status, 400);
      assert.equal(answer.body.code, 'rest_invalid_param');
    });
  });
}
