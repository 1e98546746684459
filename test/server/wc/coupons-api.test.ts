/**
 * `wc/v3/coupons` through WooCommerce's own JavaScript client against a real server: create, read, list (paging,
 * `search`, `code`), update, delete, in WooCommerce's shapes; a taken code, bad amounts and dates refused in
 * WooCommerce's shape with nothing stored.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { toLocalDateTime } from '../../../server/store/local-time.js';
import { useTestServer } from '../support/test-server.js';
import { type WooCommerceClient, wooCommerceClient } from '../support/woocommerce-client.js';

type Answer = { status: number; data: any; headers: any };

/** The client rejects non-2xx answers; the test wants the answer either way. */
async function answer(request: Promise<Answer>): Promise<Answer> {
  try {
    return await request;
  } catch (error) {
    const response = (error as { response?: Answer }).response;
    if (!response) throw error;
    return response;
  }
}

describe('wc/v3/coupons', () => {
  const suite = useTestServer();
  let api: WooCommerceClient;
  const stored = () => suite.server.store.coupons.list();

  before(async () => {
    await createUser(suite.server.store, { login: 'promo', role: 'shop_manager', password: 'a-long-password' });
    api = await wooCommerceClient(suite.server, 'promo', 'Marketing');
  });

  it('creates a coupon in WooCommerce shape, reads it back, and refuses its code again in any case', async () => {
    const created = await answer(
      api.post('coupons', {
        code: 'Lato10',
        discount_type: 'percent',
        amount: '10',
        description: 'Summer sale',
        minimum_amount: '100.00',
        usage_limit: 50,
        usage_limit_per_user: 1,
        product_categories: [3],
        exclude_sale_items: true,
        email_restrictions: ['*@Example.com'],
        date_expires_gmt: '2030-06-30T21:59:59',
      }),
    );
    assert.equal(created.status, 201, JSON.stringify(created.data));
    const coupon = created.data;
    assert.equal(coupon.code, 'lato10');
    assert.equal(coupon.amount, '10.00');
    assert.equal(coupon.minimum_amount, '100.00');
    assert.equal(coupon.maximum_amount, '0.00');
    assert.equal(coupon.usage_limit, 50);
    assert.equal(coupon.usage_count, 0);
    assert.deepEqual(coupon.used_by, []);
    assert.deepEqual(coupon.email_restrictions, ['*@example.com']);
    assert.equal(coupon.date_expires_gmt, '2030-06-30T21:59:59');
    const zone = suite.server.store.site.data.settings.general.timezone ?? 'UTC';
    assert.equal(coupon.date_expires, toLocalDateTime('2030-06-30T21:59:59Z', zone));
    assert.match(created.headers.location, new RegExp(`/wc/v3/coupons/${coupon.id}$`));
    assert.deepEqual((await api.get(`coupons/${coupon.id}`)).data, coupon);

    const before = await stored();
    const again = await answer(api.post('coupons', { code: 'LATO10', amount: '5' }));
    assert.equal(again.status, 400);
    assert.equal(again.data.code, 'woocommerce_rest_coupon_code_already_exists');
    assert.deepEqual(await stored(), before);
  });

  it('refuses bad input naming every bad field, and stores nothing', async () => {
    const before = await stored();
    const bad = await answer(
      api.post('coupons', {
        code: 'broken',
        discount_type: 'percent',
        amount: '120',
        date_expires: 'next week',
        usage_limit: -3,
      }),
    );
    assert.equal(bad.status, 400);
    assert.equal(bad.data.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(bad.data.data.params).sort(), ['amount', 'date_expires', 'usage_limit']);
    for (const body of [
      { code: 'x', amount: '1,5' },
      { code: 'x', amount: '12345678' },
      { code: 'x', discount_type: 'half' },
      { code: 'a,b', amount: '5' },
      { amount: '5' },
    ]) {
      const refused = await answer(api.post('coupons', body));
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.match(refused.data.code, /^rest_(invalid|missing_callback)_param$/);
    }
    assert.deepEqual(await stored(), before);
  });

  it('lists newest first with paging, search and code', async () => {
    for (const code of ['zima-a', 'zima-b', 'wiosna']) {
      assert.equal(
        (await answer(api.post('coupons', { code, amount: '5', description: `${code} promo` }))).status,
        201,
      );
    }
    const all = await stored();
    const page = await api.get('coupons', { per_page: 2, page: 1 });
    assert.equal(page.headers['x-wp-total'], String(all.length));
    assert.equal(page.headers['x-wp-totalpages'], String(Math.ceil(all.length / 2)));
    assert.deepEqual(
      page.data.map((coupon: { id: number }) => coupon.id),
      all
        .map((coupon) => coupon.id)
        .reverse()
        .slice(0, 2),
    );
    const search = await api.get('coupons', { search: 'ZIMA' });
    assert.deepEqual(search.data.map((coupon: { code: string }) => coupon.code).sort(), ['zima-a', 'zima-b']);
    const byCode = await api.get('coupons', { code: 'Wiosna' });
    assert.deepEqual(
      byCode.data.map((coupon: { code: string }) => coupon.code),
      ['wiosna'],
    );
  });

  it('updates what the body names, keeps the count, and refuses another coupon code or an unknown id', async () => {
    const [first, second] = (await stored()).slice(-2);
    const updated = await api.put(`coupons/${first!.id}`, {
      amount: '7.50',
      discount_type: 'fixed_cart',
      free_shipping: true,
      usage_limit: null,
      meta_data: [{ key: '_vitrine_advertised', value: 'yes' }],
    });
    assert.equal(updated.data.amount, '7.50');
    assert.equal(updated.data.discount_type, 'fixed_cart');
    assert.equal(updated.data.free_shipping, true);
    assert.equal(updated.data.usage_limit, null);
    assert.equal(updated.data.code, first!.code);
    assert.equal((await suite.server.store.coupons.find(first!.id))!.advertised, true);
    const before = await stored();
    const taken = await answer(api.put(`coupons/${first!.id}`, { code: second!.code.toUpperCase(), amount: '1' }));
    assert.equal(taken.status, 400);
    assert.equal(taken.data.code, 'woocommerce_rest_coupon_code_already_exists');
    const unknown = await answer(api.put('coupons/99999', { amount: '1' }));
    assert.equal(unknown.status, 400);
    assert.equal(unknown.data.code, 'woocommerce_rest_shop_coupon_invalid_id');
    assert.deepEqual(await stored(), before, 'a refused update changed nothing');
  });

  it('deletes with force=true only, answering the coupon; then it is gone', async () => {
    const [last] = (await stored()).slice(-1);
    const trash = await answer(api.delete(`coupons/${last!.id}`));
    assert.equal(trash.status, 501);
    assert.equal(trash.data.code, 'woocommerce_rest_trash_not_supported');
    const deleted = await api.delete(`coupons/${last!.id}`, { force: true });
    assert.equal(deleted.data.id, last!.id);
    const gone = await answer(api.get(`coupons/${last!.id}`));
    assert.equal(gone.status, 404);
    assert.equal(gone.data.code, 'woocommerce_rest_shop_coupon_invalid_id');
  });

  it('runs a batch item by item: each refused item answers its error, the others are stored', async () => {
    const [kept, doomed] = await Promise.all([
      api.post('coupons', { code: 'batch-kept', amount: '1' }),
      api.post('coupons', { code: 'batch-doomed', amount: '1' }),
    ]);
    const { data } = await api.post('coupons/batch', {
      create: [{ code: 'batch-new', amount: '3' }, { code: 'BATCH-KEPT', amount: '3' }, { amount: '3' }],
      update: [
        { id: kept.data.id, amount: '2.50' },
        { id: 99_999, amount: '1' },
        { id: kept.data.id, amount: 'many' },
      ],
      delete: [doomed.data.id, 99_998],
    });
    assert.equal(data.create[0].code, 'batch-new');
    assert.equal(data.create[1].error.code, 'woocommerce_rest_coupon_code_already_exists');
    assert.equal(data.create[2].error.code, 'rest_missing_callback_param');
    assert.equal(data.update[0].amount, '2.50');
    assert.deepEqual(
      [data.update[1].id, data.update[1].error.code],
      [99_999, 'woocommerce_rest_shop_coupon_invalid_id'],
    );
    assert.equal(data.update[2].error.code, 'rest_invalid_param');
    assert.equal(data.delete[0].id, doomed.data.id);
    assert.equal(data.delete[1].error.data.status, 404);
    const codes = (await stored()).map((coupon) => coupon.code);
    assert.ok(codes.includes('batch-new') && !codes.includes('batch-doomed'));
    assert.equal((await suite.server.store.coupons.find(kept.data.id))!.amount, 250);
  });

  it('answers 401 without credentials', async () => {
    const response = await fetch(`${suite.server.restUrl('/wc/v3/coupons')}`);
    assert.equal(response.status, 401);
  });
});
