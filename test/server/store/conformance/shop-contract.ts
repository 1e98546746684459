// Conformance: `store.carts`, `orders`, `messages` and `withdrawals` — the storefront's records.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { CartLine } from '../../../../server/store/schema.js';
import type { NewOrder } from '../../../../server/store/store.js';
import { impliedTaxes } from '../../../../server/store/order-defaults.js';
import { defaultTaxes } from '../../../../server/store/tax-defaults.js';
import { orderTaxesOf } from '../../../../server/tax/order-taxes.js';
import { checkbox, consent, newUser, OpenedData, sha, type FreshLocation } from './fixtures.js';

const address = {
  first_name: 'Anna',
  last_name: 'Nowak',
  street: 'Długa 1',
  postcode: '00-001',
  city: 'Warszawa',
  country: 'PL',
  phone: '',
};

const order = (email: string, userId: number | null = null): NewOrder => ({
  user_id: userId,
  email,
  billing: address,
  company_tax_id: '',
  payment_method: 'bank_transfer',
  currency: 'PLN',
  lines: [{ product_id: 7, title: 'Wool blanket', sku: 'WB-1', unit_price: 129.99, quantity: 2, line_total: 259.98 }],
  subtotal: 259.98,
  total: 259.98,
  consent: [{ checkbox_id: 1, label: 'I agree to 1', accepted: true }],
  created_at: '2026-03-04T05:06:07.000Z',
  status: 'on-hold',
  customer_note: '',
  date_paid: null,
  stock_returned: false,
  notes: [],
  history: [
    {
      from: null,
      to: 'on-hold',
      by: { type: 'customer', id: userId, name: 'customer' },
      at: '2026-03-04T05:06:07.000Z',
    },
  ],
});

/** The orders of these tests take no stock (the catalog is empty). */
const noStock = () => ({ upsert: [], remove: [] });

/** Adds `from` to `into`, quantity by quantity, as the cart service merges a signed-in user's carts. */
const addLines = (into: CartLine[], from: CartLine[]) => {
  const merged = into.map((line) => ({ ...line }));
  for (const line of from) {
    const same = merged.find((candidate) => candidate.product_id === line.product_id);
    if (same) same.quantity += line.quantity;
    else merged.push({ ...line });
  }
  return merged;
};

export { order as newOrderFixture };

export function describeShopContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  describe('carts', () => {
    it('update creates, changes and (when emptied) deletes a cart, and find sees each state, also after reopen', async () => {
      let store = await data.open();
      assert.equal(await store.carts.find(sha('a')), null);
      await store.carts.update(sha('a'), (lines) => [...lines, { product_id: 1, quantity: 2 }]);
      await store.carts.update(sha('a'), (lines) => [...lines, { product_id: 3, quantity: 1 }]);
      store = await data.reopen(store);
      assert.deepEqual((await store.carts.find(sha('a')))?.lines, [
        { product_id: 1, quantity: 2 },
        { product_id: 3, quantity: 1 },
      ]);
      assert.equal(await store.carts.update(sha('a'), () => []), null);
      assert.equal(await store.carts.find(sha('a')), null);
    });

    it('loses no line when 20 changes to one cart run at once', async () => {
      const store = await data.open();
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          store.carts.update(sha('busy'), (lines) => [...lines, { product_id: index + 1, quantity: 1 }]),
        ),
      );
      const lines = (await store.carts.find(sha('busy')))!.lines;
      assert.deepEqual(
        lines.map((line) => line.product_id).sort((a, b) => a - b),
        Array.from({ length: 20 }, (_, index) => index + 1),
      );
    });

    it('claim gives the cart to a user and merges in the lines of their cart from another device', async () => {
      const store = await data.open();
      const user = await store.users.create(newUser('shopper'));
      await store.carts.update(sha('phone'), () => [
        { product_id: 1, quantity: 1 },
        { product_id: 2, quantity: 1 },
      ]);
      await store.carts.claim(sha('phone'), user.id, addLines);
      await store.carts.update(sha('laptop'), () => [{ product_id: 2, quantity: 3 }]);
      const claimed = await store.carts.claim(sha('laptop'), user.id, addLines);
      assert.equal(claimed?.user_id, user.id);
      assert.deepEqual(claimed?.lines, [
        { product_id: 2, quantity: 4 },
        { product_id: 1, quantity: 1 },
      ]);
      assert.equal(await store.carts.find(sha('phone')), null, "the other device's cart was merged away");
    });
  });

  describe('orders', () => {
    it('place numbers orders in sequence and logs the consent with the order as its reference', async () => {
      let store = await data.open();
      await store.site.update((draft) => {
        draft.checkboxes.push(checkbox(1));
        draft.last_ids.checkbox = 1;
      });
      const first = await store.orders.place(order('a@example.com'), [consent(1, true, 1)], noStock);
      const second = await store.orders.place(order('b@example.com', 9), [consent(1, false, 2)], noStock);
      assert.equal(first.number, 'VT-000001');
      assert.equal(second.number, 'VT-000002');
      assert.deepEqual(
        { ...first, id: 0 },
        {
          ...order('a@example.com'),
          shipping_lines: [],
          fee_lines: [],
          shipping_total: 0,
          shipping_address: null,
          // Placed without its taxes: taxed as an order stored before taxes were kept.
          taxes: impliedTaxes({ lines: order('a@example.com').lines, shipping_lines: [], fee_lines: [] }),
          shipments: [],
          refunds: [],
          coupon_lines: [],
          // Placed without them: no invoice asked for, and the shop's language.
          invoice_requested: false,
          language: '',
          id: 0,
          number: 'VT-000001',
        },
      );
      store = await data.reopen(store);
      assert.deepEqual(await store.orders.findByNumber('VT-000002'), second);
      assert.equal(await store.orders.findByNumber('VT-999999'), null);
      assert.deepEqual(
        (await store.orders.listByUser(9)).map((placed) => placed.number),
        ['VT-000002'],
      );
      assert.deepEqual(
        (await store.orders.list()).map((placed) => placed.number),
        ['VT-000002', 'VT-000001'],
      );
      assert.deepEqual(
        (await store.consent.log()).map((record) => [record.reference, record.accepted]),
        [
          ['order:VT-000001', true],
          ['order:VT-000002', false],
        ],
      );
      assert.deepEqual((await store.consent.counters())['1'], { shown: 2, accepted: 1 });
    });

    it("keeps an order's shipping line, fees, shipping total and taxes, also after reopen", async () => {
      let store = await data.open();
      const base = order('c@example.com');
      const shipped: NewOrder = {
        ...base,
        payment_method: 'cash_on_delivery',
        shipping_lines: [{ method_id: 'flat_rate', instance_id: 3, method_title: 'Courier', total: 14.99 }],
        fee_lines: [{ name: 'Cash on delivery fee', total: 5 }],
        shipping_total: 14.99,
        total: 279.97,
        // At the reduced rate, so that what is kept is not what an order without taxes would read as.
        taxes: orderTaxesOf({
          rates: defaultTaxes().rates,
          pricesIncludeTax: true,
          deliveryRule: 'proportional',
          place: { country: 'PL', postcode: '' },
          lines: base.lines.map((line) => ({ amount: Math.round(line.line_total * 100), tax_class: 'reduced-rate' })),
          shipping: [{ amount: 1499, taxable: true }],
          fees: [{ amount: 500, taxable: true }],
        }),
      };
      const placed = await store.orders.place(shipped, [], noStock);
      assert.deepEqual(
        { ...placed, id: 0, number: '' },
        {
          ...shipped,
          shipping_address: null,
          shipments: [],
          refunds: [],
          coupon_lines: [],
          invoice_requested: false,
          language: '',
          id: 0,
          number: '',
        },
      );
      store = await data.reopen(store);
      assert.deepEqual(await store.orders.findByNumber(placed.number), placed);
    });

    it("keeps a company buyer's name and tax number and a separate delivery address, also after reopen", async () => {
      let store = await data.open();
      const base = order('firma@example.com');
      const company: NewOrder = {
        ...base,
        billing: { ...base.billing, company: 'Przykład Sp. z o.o.' },
        company_tax_id: '1234563218',
        shipping_address: {
          first_name: 'Anna',
          last_name: 'Magazyn',
          company: '',
          street: 'Dostawcza 5',
          postcode: '80-001',
          city: 'Gdańsk',
          country: 'PL',
          phone: '',
        },
      };
      const placed = await store.orders.place(company, [], noStock);
      assert.deepEqual(
        { ...placed, id: 0, number: '' },
        {
          ...company,
          shipping_lines: [],
          fee_lines: [],
          shipping_total: 0,
          taxes: impliedTaxes({ lines: company.lines, shipping_lines: [], fee_lines: [] }),
          shipments: [],
          refunds: [],
          coupon_lines: [],
          // Placed without them: no invoice asked for, and the shop's language.
          invoice_requested: false,
          language: '',
          id: 0,
          number: '',
        },
      );
      store = await data.reopen(store);
      assert.deepEqual(await store.orders.findByNumber(placed.number), placed);
    });

    it("keeps an order's parcels through a change and a reopen, in order", async () => {
      let store = await data.open();
      const placed = await store.orders.place(order('p@example.com'), [], noStock);
      const parcels = [
        {
          tracking_id: 'a'.repeat(32),
          tracking_provider: 'inpost' as const,
          custom_tracking_provider: '',
          custom_tracking_link: '',
          tracking_number: '6200 1',
          date_shipped: '2026-07-10',
        },
        {
          tracking_id: 'b'.repeat(32),
          tracking_provider: '' as const,
          custom_tracking_provider: 'Kurier „Żółw”',
          custom_tracking_link: 'https://kurier.example/t/%1$s',
          tracking_number: 'Z-2',
          date_shipped: '2026-07-11',
        },
      ];
      await store.orders.change(placed.id, (current) => ({ order: { ...current, shipments: parcels }, result: null }));
      store = await data.reopen(store);
      assert.deepEqual((await store.orders.find(placed.id))!.shipments, parcels);
    });

    it("keeps an order's refunds with their VAT per rate through a change and a reopen", async () => {
      let store = await data.open();
      const placed = await store.orders.place(order('r@example.com'), [], noStock);
      const rateId = placed.taxes.tax_lines[0]!.rate_id;
      const refunds = [
        {
          id: 1,
          created_at: '2026-07-12T10:00:00.000Z',
          amount: 1230,
          reason: 'Zwrot „częściowy”',
          refunded_by: { type: 'api_key' as const, id: 3, name: 'ERP' },
          api_refund: true,
          withdrawal_id: 7,
          whole_order: false,
          items: [
            {
              kind: 'line' as const,
              index: 0,
              quantity: 1,
              total: 1230,
              tax: 230,
              taxes: [{ rate_id: rateId, tax: 230 }],
            },
          ],
          rates: [{ rate_id: rateId, label: 'VAT 23%', rate_percent: 23, net: 1000, tax: 230, gross: 1230 }],
          tax: 230,
        },
      ];
      await store.orders.change(placed.id, (current) => ({ order: { ...current, refunds }, result: null }));
      store = await data.reopen(store);
      assert.deepEqual((await store.orders.find(placed.id))!.refunds, refunds);
    });

    it('gives 30 orders placed at once 30 different numbers', async () => {
      const store = await data.open();
      const placed = await Promise.all(
        Array.from({ length: 30 }, (_, index) => store.orders.place(order(`o${index}@example.com`), [], noStock)),
      );
      assert.equal(new Set(placed.map((one) => one.number)).size, 30);
      assert.equal((await store.orders.list()).length, 30);
    });
  });

  describe('messages and withdrawals', () => {
    it('stores contact messages with their consent, and withdrawals with references', async () => {
      let store = await data.open();
      await store.site.update((draft) => {
        draft.checkboxes.push(checkbox(1));
        draft.last_ids.checkbox = 1;
      });
      const message = await store.messages.create(
        {
          name: 'Anna',
          email: 'anna@example.com',
          subject: 'Size',
          message: 'Is M true to size?',
          user_id: null,
          created_at: '2026-03-04T05:06:07.000Z',
        },
        [consent(1, true, 3)],
      );
      const placed = await store.orders.place(order('anna@example.com'), [], noStock);
      const withdrawal = await store.withdrawals.create({
        order_id: placed.id,
        order_number: placed.number,
        email: 'anna@example.com',
        items: [{ product_id: 7, title: 'Wool blanket', quantity: 1 }],
        reason: '',
        user_id: null,
        received_at: '2026-03-05T08:00:00.000Z',
      });
      assert.equal(withdrawal.reference, 'WD-000001');
      store = await data.reopen(store);
      assert.deepEqual(await store.messages.list(), [message]);
      assert.deepEqual(await store.withdrawals.list(), [withdrawal]);
      assert.deepEqual(
        (await store.consent.log()).map((record) => record.reference),
        [`message:${message.id}`],
      );
    });

    it('processes a withdrawal in one operation: what `decide` answers is stored, a refusal stores nothing', async () => {
      let store = await data.open();
      const placed = await store.orders.place(order('ewa@example.com'), [], noStock);
      const created = await store.withdrawals.create({
        order_id: placed.id,
        order_number: placed.number,
        email: 'ewa@example.com',
        items: [{ product_id: 7, title: 'Wool blanket', quantity: 2 }],
        reason: '',
        user_id: null,
        received_at: '2026-03-05T08:00:00.000Z',
      });
      assert.equal(created.goods_received_on, null);
      assert.equal(created.refund, null);
      assert.deepEqual(await store.withdrawals.find(created.id), created);
      assert.equal(await store.withdrawals.find(created.id + 1), null);

      const goods = await store.withdrawals.process(created.id, (current) => ({
        goods_received_on: '2026-03-09',
        refund: current.refund,
      }));
      assert.equal(goods.goods_received_on, '2026-03-09');
      await assert.rejects(
        store.withdrawals.process(created.id, () => {
          throw new Error('refused');
        }),
        /refused/,
      );
      const refund = {
        amount: 129.99,
        refunded_on: '2026-03-10',
        scope: 'lines' as const,
        recorded_at: '2026-03-10T09:00:00.000Z',
        recorded_by: 1,
        lines: [{ product_id: 7, title: 'Wool blanket', quantity: 1, amount: 129.99 }],
      };
      // `decide` sees the freshest state: what the first change stored.
      const settled = await store.withdrawals.process(created.id, (current) => ({
        goods_received_on: current.goods_received_on,
        refund,
      }));
      assert.deepEqual(settled, { ...created, goods_received_on: '2026-03-09', refund });
      await assert.rejects(
        store.withdrawals.process(999, (current) => current),
        (error: Error) => error.name === 'StoreNotFoundError',
      );
      store = await data.reopen(store);
      assert.deepEqual(await store.withdrawals.find(created.id), settled);
      assert.deepEqual(await store.withdrawals.list(), [settled]);
    });

    it('processes a withdrawal together with its order: `decide` sees the order and its withdrawals, and the order change is stored with the refund or not at all', async () => {
      let store = await data.open();
      const placed = await store.orders.place(order('jan@example.com'), [], noStock);
      const elsewhere = await store.orders.place(order('ola@example.com'), [], noStock);
      const withdrawalOf = (ordered: typeof placed) =>
        store.withdrawals.create({
          order_id: ordered.id,
          order_number: ordered.number,
          email: ordered.email,
          items: [{ product_id: 7, title: 'Wool blanket', quantity: 1 }],
          reason: '',
          user_id: null,
          received_at: '2026-03-05T08:00:00.000Z',
        });
      const first = await withdrawalOf(placed);
      await withdrawalOf(elsewhere);
      const second = await withdrawalOf(placed);
      const refund = {
        amount: 10,
        refunded_on: '2026-03-10',
        scope: 'full' as const,
        recorded_at: '2026-03-10T09:00:00.000Z',
        recorded_by: 1,
        lines: [],
      };
      const refunded = {
        ...placed,
        status: 'refunded' as const,
        history: [
          ...placed.history,
          {
            from: placed.status,
            to: 'refunded' as const,
            by: { type: 'system' as const, id: null, name: 'system' },
            at: '2026-03-10T09:00:00.000Z',
          },
        ],
      };

      let seen: { order: string | undefined; withdrawals: number[] } | null = null;
      await assert.rejects(
        store.withdrawals.process(first.id, (_current, state) => {
          seen = {
            order: state.order?.number,
            withdrawals: state.withdrawals.map((withdrawal) => withdrawal.id).sort(),
          };
          assert.equal(state.catalog, null, 'no catalog without withCatalog');
          throw new Error('refused');
        }),
        /refused/,
      );
      assert.deepEqual(
        seen,
        { order: placed.number, withdrawals: [first.id, second.id] },
        'the order and its own withdrawals only',
      );

      const stored = await store.withdrawals.process(first.id, (_current) => ({
        goods_received_on: null,
        refund,
        orderChange: { order: refunded },
      }));
      assert.deepEqual(stored.refund, refund);
      assert.equal((await store.orders.find(placed.id))!.status, 'refunded');
      assert.equal((await store.orders.find(elsewhere.id))!.status, elsewhere.status);

      // The second withdrawal decides on the first one's refund, as stored.
      await store.withdrawals.process(
        second.id,
        (_current, state) => {
          assert.deepEqual(state.withdrawals.find((withdrawal) => withdrawal.id === first.id)!.refund, refund);
          assert.equal(state.order!.status, 'refunded');
          return { goods_received_on: '2026-03-09', refund: null };
        },
        { withCatalog: true },
      );
      store = await data.reopen(store);
      assert.equal((await store.orders.find(placed.id))!.status, 'refunded');
      assert.deepEqual((await store.withdrawals.find(first.id))!.refund, refund);
      assert.equal((await store.withdrawals.find(second.id))!.goods_received_on, '2026-03-09');
    });
  });
}
