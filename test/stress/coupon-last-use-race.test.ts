// A hundred shoppers race for the last use of a coupon through the real checkout: each has it applied in the cart,
// then all press the order button at once. Exactly one order is placed with the coupon, its use counted once; every
// other shopper is told in the shop's language that the coupon is used up, once (by the checkout's own check, or by
// the store's when both read it before the winner's order was stored), and no refused checkout took stock or stored an
// order. On both stores. (The store's own race, on two instances, is in
// test/server/store/conformance/coupons-contract.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml } from '../../client/html/escape.js';
import { translatorOfLocale } from '../../server/i18n/translator.js';
import { blankCoupon } from '../../server/wc/wc-coupon-input.js';
import { productsInStock, requiredBoxes, SHOPPER_ADDRESS } from '../server/support/storefront-order.js';
import { startTestServer } from '../server/support/test-server.js';
import { Visitor } from '../server/support/visitor.js';
import { createTestDatabase } from '../support/postgres.js';

const SHOPPERS = 100;
const STORES = [
  { name: 'lowdb files', env: async () => ({}) },
  { name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
];

for (const kind of STORES) {
  describe(`${SHOPPERS} shoppers and a coupon's last use on the ${kind.name} store`, () => {
    it('gives the last use to exactly one of them', { timeout: 600_000 }, async () => {
      // Behind a trusted proxy, so that each shopper posts from an address of their own and the per-address limit of
      // form posts does not answer instead.
      const server = await startTestServer({ env: { ...(await kind.env()), TRUST_PROXY: '1' } });
      try {
        const { store } = server;
        const [product] = productsInStock(server, 1, 0, 1);
        const stockBefore = product!.stock_quantity;
        const coupon = await store.coupons.create({
          ...blankCoupon(new Date().toISOString()),
          code: 'ostatni',
          discount_type: 'percent',
          amount: 1000,
          usage_limit: 1,
        });
        const { t } = translatorOfLocale(store.site.data.settings.general.locale);
        const usedUp = escapeHtml(t('coupon.usageLimitReached', { code: 'ostatni' }));
        const changed = escapeHtml(t('coupon.changed', { code: 'ostatni' }));

        // Every shopper has the coupon in the cart, applied while it still had its use.
        const shoppers = await Promise.all(
          Array.from({ length: SHOPPERS }, async (_, index) => {
            const visitor = new Visitor(server.url);
            const from = { headers: { 'x-forwarded-for': `10.0.${index >> 8}.${(index & 255) + 1}` } };
            await visitor.get(`/product/${product!.slug}`);
            await visitor.post('/cart/add', { product_id: String(product!.id), quantity: '1' }, from);
            const applied = await visitor.post('/cart/coupon', { coupon_code: 'OSTATNI', back: '/checkout' }, from);
            assert.equal(applied.status, 303, `shopper ${index} has the coupon applied`);
            const checkout = await visitor.get('/checkout');
            const shownTotal = /name="shown_total" value="([^"]+)"/.exec(checkout.html)![1]!;
            return { visitor, from, email: `racer${index}@example.com`, shownTotal };
          }),
        );
        const answers = await Promise.all(
          shoppers.map(({ visitor, from, email, shownTotal }) =>
            visitor.post(
              '/checkout',
              {
                ...SHOPPER_ADDRESS,
                email,
                payment_method: 'bank_transfer',
                shown_total: shownTotal,
                ...requiredBoxes(server, 'checkout'),
              },
              from,
            ),
          ),
        );

        const placed = answers.filter((answer) => answer.status === 303);
        assert.equal(
          placed.length,
          1,
          `${placed.length} shoppers got the last use; answers ${answers.map((answer) => answer.status).join(' ')}`,
        );
        for (const refused of answers.filter((answer) => answer.status !== 303)) {
          assert.equal(refused.status, 409);
          const said = [usedUp, changed].map((text) => refused.html.split(text).length - 1);
          assert.equal(
            said[0]! + said[1]!,
            1,
            `the shopper is told why, once (used up ×${said[0]}, changed ×${said[1]})`,
          );
        }
        const orders = await store.orders.list();
        assert.equal(orders.length, 1, 'only the winner has an order');
        assert.deepEqual(
          orders[0]!.coupon_lines.map((line) => line.code),
          ['ostatni'],
        );
        const counted = (await store.coupons.find(coupon.id))!;
        assert.equal(counted.usage_count, 1);
        assert.deepEqual(counted.used_by, [orders[0]!.email]);
        const now = store.catalog.data.products.find((each) => each.id === product!.id)!;
        assert.equal(now.stock_quantity, stockBefore - 1, 'the refused checkouts took no stock');
      } finally {
        await server.stop();
      }
    });
  });
}
