/**
 * `wc/v3/orders` on a real server in WooCommerce's shapes: the list's filters checked against a
 * brute-force filter of the same orders, its paging headers, one order, updates validated whole (a refused one
 * changes nothing), notes, and who may do what (read-only keys read, customers get 403, nobody gets 401).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { canMoveOrder } from '../../../client/api/orders.js';
import { createUser } from '../../../server/auth/users.js';
import { createApiKey } from '../../../server/auth/woo-api-keys.js';
import { toLocalDateTime } from '../../../server/store/local-time.js';
import type { Order } from '../../../server/store/schema.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const DAY = 86_400_000;
const NAMES = [
  ['Anna', 'Nowak'],
  ['Zofia', 'Wójcik'],
  ['Jan', 'Kowalski'],
  ['Łukasz', 'Żak'],
] as const;
const MOVES = [
  [],
  ['processing'],
  ['processing', 'completed'],
  ['cancelled'],
  ['failed'],
  ['processing', 'refunded'],
] as const;

describe('wc/v3 orders API', () => {
  // Behind the shop's https proxy: a WooCommerce key sent in the clear (Basic) is believed over HTTPS only.
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });
  const call = (method: string, path: string, json?: unknown, authorization = suite.manager) =>
    fetchJson(suite.server.restUrl(path), { method, json, headers: { authorization, 'x-forwarded-proto': 'https' } });
  let orders: Order[] = [];
  let customerId = 0;
  const start = Date.parse('2026-03-01T10:00:00Z');

  before(async () => {
    const { store } = suite.server;
    await store.catalog.load();
    customerId = (await createUser(store, { login: 'buyer', role: 'customer', password: 'a-long-password' })).user.id;
    const product = stockedProduct(store, 40);
    for (let index = 0; index < 24; index++) {
      const [firstName, lastName] = NAMES[index % NAMES.length]!;
      const placed = await placeTestOrder(store, {
        product,
        quantity: 1,
        payment: index % 4 < 2 ? 'bank_transfer' : 'cash_on_delivery',
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${index}@example.com`,
        userId: index % 4 === 1 ? customerId : null,
        createdAt: new Date(start + (index * DAY) / 2).toISOString(),
      });
      let current = placed.status;
      for (const status of MOVES[index % MOVES.length]!) {
        // A cash order starts processing: moving it there again is no change, and it cannot fail any more.
        if (status !== current && !canMoveOrder(current, status)) continue;
        // Only money received can be refunded: a cash order's cash is recorded first.
        if (status === 'refunded')
          assert.equal((await call('PUT', `/wc/v3/orders/${placed.id}`, { set_paid: true })).status, 200);
        const moved = await call('PUT', `/wc/v3/orders/${placed.id}`, { status });
        assert.equal(moved.status, 200, `${current} -> ${status}: ${JSON.stringify(moved.body)}`);
        current = status;
      }
    }
    orders = await store.orders.list();
  });

  /** The reference: the same question answered by brute force over every stored order, as WooCommerce defines it. */
  function expected(query: {
    status?: string[];
    customer?: number;
    after?: string;
    before?: string;
    search?: string;
    order?: 'asc' | 'desc';
  }): number[] {
    const fold = (text: string) =>
      text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').toLowerCase();
    const found = orders.filter(
      (order) =>
        (!query.status || query.status.includes('any') || query.status.includes(order.status)) &&
        (query.customer === undefined || (order.user_id ?? 0) === query.customer) &&
        (!query.after || order.created_at > query.after) &&
        (!query.before || order.created_at < query.before) &&
        (!query.search ||
          [order.number, order.email, `${order.billing.first_name} ${order.billing.last_name}`].some((field) =>
            fold(field).includes(fold(query.search!)),
          )),
    );
    found.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
    if (query.order !== 'asc') found.reverse();
    return found.map((order) => order.id);
  }

  it('filters by status, customer, dates and search exactly as the brute-force reference, with paging headers', async () => {
    const after = new Date(start + 3 * DAY).toISOString();
    const before = new Date(start + 9 * DAY).toISOString();
    const cases: [string, Parameters<typeof expected>[0]][] = [
      ['', {}],
      ['status=any', { status: ['any'] }],
      ['status=processing', { status: ['processing'] }],
      ['status=cancelled,refunded', { status: ['cancelled', 'refunded'] }],
      ['status[]=on-hold&status[]=failed', { status: ['on-hold', 'failed'] }],
      [`customer=${customerId}`, { customer: customerId }],
      ['customer=0', { customer: 0 }],
      [`after=${after.slice(0, 19)}Z&before=${before.slice(0, 19)}Z`, { after, before }],
      [`after=${encodeURIComponent(toLocalDateTime(after, 'Europe/Warsaw'))}`, { after }],
      ['search=wojcik', { search: 'wojcik' }],
      ['search=ZAK', { search: 'zak' }],
      ['search=VT-00001', { search: 'VT-00001' }],
      ['search=anna.4%40example', { search: 'anna.4@example' }],
      ['search=jan%20kowalski&order=asc', { search: 'jan kowalski', order: 'asc' }],
      ['status=completed&order=asc', { status: ['completed'], order: 'asc' }],
    ];
    for (const [queryString, query] of cases) {
      const want = expected(query);
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const separator = queryString ? '&' : '';
        const { status, headers, body } = await call(
          'GET',
          `/wc/v3/orders?${queryString.replace('status[]', 'status%5B%5D').replace('status[]', 'status%5B%5D')}${separator}per_page=5&page=${page}`,
        );
        assert.equal(status, 200, `${queryString}: ${JSON.stringify(body)}`);
        assert.equal(headers.get('x-wp-total'), String(want.length), `${queryString}: X-WP-Total`);
        assert.equal(
          headers.get('x-wp-totalpages'),
          String(Math.ceil(want.length / 5)),
          `${queryString}: X-WP-TotalPages`,
        );
        seen.push(...body.map((order: any) => order.id));
        if (body.length < 5) break;
      }
      assert.deepEqual(seen, want, queryString);
    }
  });

  it("answers one order in WooCommerce's shape", async () => {
    const order = orders.find((candidate) => candidate.status === 'completed')!;
    const { status, body } = await call('GET', `/wc/v3/orders/${order.id}`);
    assert.equal(status, 200);
    assert.equal(body.id, order.id);
    assert.equal(body.number, order.number);
    assert.equal(body.status, 'completed');
    assert.equal(body.currency, 'PLN');
    assert.equal(body.total, order.total.toFixed(2));
    assert.equal(typeof body.total, 'string');
    assert.equal(body.customer_id, order.user_id ?? 0);
    assert.equal(body.billing.email, order.email);
    assert.equal(body.billing.first_name, order.billing.first_name);
    assert.equal(body.billing.address_1, 'Długa 1');
    assert.deepEqual(Object.keys(body.shipping).sort(), [
      'address_1',
      'address_2',
      'city',
      'company',
      'country',
      'first_name',
      'last_name',
      'phone',
      'postcode',
      'state',
    ]);
    // The goods go to the billing address: it is the shipping address too.
    assert.deepEqual(
      [body.shipping.first_name, body.shipping.address_1, body.shipping.city, body.shipping.country],
      [order.billing.first_name, 'Długa 1', 'Warszawa', 'PL'],
    );
    assert.equal(body.payment_method, order.payment_method === 'bank_transfer' ? 'bacs' : 'cod');
    assert.ok(body.payment_method_title);
    assert.equal(body.date_created, toLocalDateTime(order.created_at, 'Europe/Warsaw'));
    assert.equal(body.date_created_gmt, order.created_at.slice(0, 19));
    assert.ok(body.date_paid && body.date_completed, 'a completed order was paid and completed');
    assert.deepEqual(body.shipping_lines, []);
    assert.deepEqual(body.fee_lines, []);
    const [line] = body.line_items;
    assert.deepEqual(
      {
        product_id: line.product_id,
        variation_id: line.variation_id,
        quantity: line.quantity,
        sku: line.sku,
        name: line.name,
        price: line.price,
        total: line.total,
        subtotal: line.subtotal,
        gross: (Math.round(Number(line.total) * 100) + Math.round(Number(line.total_tax) * 100)) / 100,
      },
      {
        product_id: order.lines[0]!.product_id,
        variation_id: 0,
        quantity: 1,
        sku: order.lines[0]!.sku,
        name: order.lines[0]!.title,
        price: order.lines[0]!.unit_price,
        // Without VAT, as WooCommerce gives line amounts; the gross price is the net and its tax.
        total: ((order.lines[0]!.line_total * 100 - order.taxes.lines[0]!.total_tax) / 100).toFixed(2),
        subtotal: ((order.lines[0]!.line_total * 100 - order.taxes.lines[0]!.total_tax) / 100).toFixed(2),
        gross: order.lines[0]!.line_total,
      },
    );
    assert.deepEqual(line.meta_data, []);
    const missing = await call('GET', '/wc/v3/orders/999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'woocommerce_rest_shop_order_invalid_id');
  });

  it("lists a variation's chosen attributes as the line's meta_data", async () => {
    const { store } = suite.server;
    const variable = store.catalog.data.products.find(
      (product) => product.type === 'variable' && product.variations?.some((variation) => variation.stock_quantity > 0),
    )!;
    const variation = variable.variations!.find((candidate) => candidate.stock_quantity > 0)!;
    const placed = await store.orders.place(
      {
        ...(await placeLike(store)),
        lines: [
          {
            product_id: variable.id,
            variation_id: variation.id,
            title: variable.title,
            sku: variation.sku,
            unit_price: 10,
            quantity: 1,
            line_total: 10,
          },
        ],
      },
      [],
      () => ({ upsert: [], remove: [] }),
    );
    const { body } = await call('GET', `/wc/v3/orders/${placed.id}`);
    const [line] = body.line_items;
    assert.equal(line.variation_id, variation.id);
    assert.deepEqual(
      line.meta_data.map((meta: any) => [meta.key, meta.value]),
      Object.entries(variation.attributes).map(([name, value]) => [`pa_${name}`, value]),
    );
    // A line that kept its attributes when ordered shows those, whatever the variation is called now.
    const [name] = Object.keys(variation.attributes);
    const kept = await store.orders.place(
      {
        ...(await placeLike(store)),
        lines: [
          {
            product_id: variable.id,
            variation_id: variation.id,
            attributes: { [name!]: 'As ordered' },
            title: variable.title,
            sku: variation.sku,
            unit_price: 10,
            quantity: 1,
            line_total: 10,
          },
        ],
      },
      [],
      () => ({ upsert: [], remove: [] }),
    );
    const shown = (await call('GET', `/wc/v3/orders/${kept.id}`)).body.line_items[0].meta_data;
    assert.deepEqual(
      shown.map((meta: any) => [meta.key, meta.value, meta.display_value]),
      [[`pa_${name}`, 'As ordered', 'As ordered']],
    );
  });

  it('validates an update whole: one 400 names every bad field, and nothing changes', async () => {
    const order = orders.find((candidate) => candidate.status === 'on-hold')!;
    const before = (await call('GET', `/wc/v3/orders/${order.id}`)).body;
    const refused = await call('PUT', `/wc/v3/orders/${order.id}`, {
      status: 'shipped',
      customer_note: 'Please ring twice',
      billing: { first_name: 'Ola', email: 'not-an-e-mail', state: 'Mazowieckie' },
      set_paid: 'maybe',
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(refused.body.data.params).sort(), [
      'billing.email',
      'billing.state',
      'set_paid',
      'status',
    ]);
    assert.equal(refused.body.data.status, 400);
    assert.deepEqual((await call('GET', `/wc/v3/orders/${order.id}`)).body, before);
    const sentBack = await call('PUT', `/wc/v3/orders/${order.id}`, {
      ...before,
      customer_note: 'Please ring twice',
      billing: { ...before.billing, first_name: 'Ola' },
    });
    assert.equal(sentBack.status, 200, JSON.stringify(sentBack.body));
    assert.equal(sentBack.body.customer_note, 'Please ring twice');
    assert.equal(sentBack.body.billing.first_name, 'Ola');
    assert.equal(sentBack.body.status, before.status);
    const unknown = await call('PUT', '/wc/v3/orders/999999', { status: 'completed' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'woocommerce_rest_shop_order_invalid_id');
  });

  it('adds, lists, reads and deletes notes as WooCommerce does', async () => {
    const order = orders[0]!;
    const base = `/wc/v3/orders/${order.id}/notes`;
    const privateNote = await call('POST', base, { note: 'Packed by Ewa' });
    assert.equal(privateNote.status, 201);
    assert.equal(privateNote.headers.get('location'), suite.server.restUrl(`${base}/${privateNote.body.id}`));
    assert.deepEqual(
      [privateNote.body.note, privateNote.body.customer_note, privateNote.body.author],
      ['Packed by Ewa', false, 'system'],
    );
    const forCustomer = await call('POST', base, {
      note: 'Your parcel is on its way',
      customer_note: true,
      added_by_user: true,
    });
    assert.equal(forCustomer.body.customer_note, true);
    assert.match(forCustomer.body.author, /^shop-manager-\d+$/);
    const all = await call('GET', base);
    assert.deepEqual(
      all.body.map((note: any) => note.note),
      ['Your parcel is on its way', 'Packed by Ewa'],
      'newest first',
    );
    assert.deepEqual(
      (await call('GET', `${base}?type=customer`)).body.map((note: any) => note.id),
      [forCustomer.body.id],
    );
    assert.deepEqual((await call('GET', `${base}/${privateNote.body.id}`)).body, privateNote.body);
    assert.equal((await call('POST', base, { note: '   ' })).status, 400);
    assert.equal((await call('POST', base, {})).body.code, 'rest_missing_callback_param');
    const trash = await call('DELETE', `${base}/${privateNote.body.id}`);
    assert.equal(trash.status, 501);
    assert.equal(trash.body.code, 'woocommerce_rest_trash_not_supported');
    const deleted = await call('DELETE', `${base}/${privateNote.body.id}?force=true`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.id, privateNote.body.id);
    assert.equal((await call('GET', `${base}/${privateNote.body.id}`)).body.code, 'woocommerce_rest_invalid_id');
    assert.equal((await call('GET', '/wc/v3/orders/999999/notes')).body.code, 'woocommerce_rest_order_invalid_id');
    const detail = await call('GET', `/vitrine/v1/orders/${order.id}`);
    assert.deepEqual(
      detail.body.notes.map((note: any) => note.note),
      ['Your parcel is on its way'],
    );
  });

  it('answers the shipping and fee lines the order was placed with, and takes the order back as it was read', async () => {
    const { store } = suite.server;
    const placed = await store.orders.place(
      {
        ...(await placeLike(store)),
        payment_method: 'cash_on_delivery',
        subtotal: 100,
        total: 119.99,
        shipping_total: 14.99,
        lines: [{ product_id: 1, title: 'Mug', sku: 'MUG', unit_price: 50, quantity: 2, line_total: 100 }],
        shipping_lines: [{ method_id: 'flat_rate', instance_id: 3, method_title: 'Courier', total: 14.99 }],
        fee_lines: [{ name: 'Cash on delivery fee', total: 5 }],
      },
      [],
      () => ({ upsert: [], remove: [] }),
    );
    const { body } = await call('GET', `/wc/v3/orders/${placed.id}`);
    assert.equal(body.shipping_total, '14.99');
    assert.equal(body.total, '119.99');
    assert.deepEqual(
      body.shipping_lines.map((line: any) => [
        line.id,
        line.method_id,
        line.instance_id,
        line.method_title,
        line.total,
      ]),
      [[2, 'flat_rate', '3', 'Courier', '14.99']],
    );
    assert.deepEqual(
      body.fee_lines.map((fee: any) => [fee.id, fee.name, fee.total]),
      [[3, 'Cash on delivery fee', '5.00']],
    );
    // A client that reads an order, changes its note and sends the whole order back is not refused over the address.
    const saved = await call('PUT', `/wc/v3/orders/${placed.id}`, { ...body, customer_note: 'Ring twice' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.customer_note, 'Ring twice');
    const elsewhere = await call('PUT', `/wc/v3/orders/${placed.id}`, {
      shipping: { ...body.shipping, city: 'Kraków' },
      customer_note: 'Changed',
    });
    assert.equal(elsewhere.status, 400);
    assert.ok(elsewhere.body.data.params.shipping, JSON.stringify(elsewhere.body));
    assert.equal(
      (await call('GET', `/wc/v3/orders/${placed.id}`)).body.customer_note,
      'Ring twice',
      'nothing was changed',
    );
  });

  it('lets a read-only key read but not write; customers get 403 and nobody gets 401', async () => {
    const { store } = suite.server;
    await createUser(store, { login: 'erp-reader', role: 'shop_manager', password: 'a-long-password' });
    const key = await createApiKey(store, 'erp-reader', 'Reader', { permissions: 'read' });
    const reader = `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`;
    const order = orders.find((candidate) => candidate.status === 'on-hold')!;
    const before = (await call('GET', `/wc/v3/orders/${order.id}`)).body;
    assert.equal((await call('GET', '/wc/v3/orders', undefined, reader)).status, 200);
    assert.equal((await call('GET', `/wc/v3/orders/${order.id}/notes`, undefined, reader)).status, 200);
    for (const [method, path, json] of [
      ['PUT', `/wc/v3/orders/${order.id}`, { status: 'cancelled' }],
      ['POST', `/wc/v3/orders/${order.id}/notes`, { note: 'x' }],
    ] as const) {
      const refused = await call(method, path, json, reader);
      assert.equal(refused.status, 401, `${method} ${path}`);
      assert.equal(refused.body.code, 'woocommerce_rest_authentication_error');
    }
    const customer = await suite.server.basicAuthFor('customer');
    const asCustomer = await call('GET', '/wc/v3/orders', undefined, customer);
    assert.equal(asCustomer.status, 403);
    assert.equal(asCustomer.body.code, 'woocommerce_rest_cannot_view');
    assert.equal((await call('PUT', `/wc/v3/orders/${order.id}`, { status: 'cancelled' }, customer)).status, 403);
    assert.equal((await call('GET', `/vitrine/v1/orders/${order.id}`, undefined, customer)).status, 403);
    const anonymous = await fetchJson(suite.server.restUrl('/wc/v3/orders'));
    assert.equal(anonymous.status, 401);
    assert.deepEqual((await call('GET', `/wc/v3/orders/${order.id}`)).body, before, 'nothing was changed');
  });
});

/** The fields of a placed order, for an order stored directly with lines of the test's choosing. */
async function placeLike(store: Parameters<typeof placeTestOrder>[0]) {
  const { id: _id, number: _number, ...order } = (await store.orders.list())[0]!;
  return {
    ...order,
    history: order.history.slice(0, 1),
    status: order.history[0]!.to,
    notes: [],
    stock_returned: false,
    date_paid: null,
  };
}
