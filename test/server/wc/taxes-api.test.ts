/**
 * `wc/v3/taxes` and `wc/v3/taxes/classes` through WooCommerce's own JavaScript client against a real server: the
 * Polish rates a shop starts with, filters, writes, and bad input refused in WooCommerce's shape with nothing changed.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
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

describe('wc/v3/taxes', () => {
  const suite = useTestServer();
  let api: WooCommerceClient;

  before(async () => {
    await createUser(suite.server.store, { login: 'books', role: 'shop_manager', password: 'a-long-password' });
    api = await wooCommerceClient(suite.server, 'books', 'Accounting');
  });

  it("lists the Polish VAT rates and classes a shop starts with, and the other member states' rates", async () => {
    const classes = await api.get('taxes/classes');
    assert.deepEqual(
      classes.data.map((taxClass: { slug: string }) => taxClass.slug),
      ['standard', 'reduced-rate', 'super-reduced-rate', 'zero-rate', 'zw', 'intra-community-supply'],
    );
    const rates = await api.get('taxes', { country: 'PL', per_page: 100 });
    assert.equal(rates.headers['x-wp-total'], '5');
    assert.deepEqual(
      rates.data.map((rate: any) => [rate.class, rate.rate, rate.name, rate.shipping, rate.compound]),
      [
        ['standard', '23.0000', 'VAT 23%', true, false],
        ['reduced-rate', '8.0000', 'VAT 8%', true, false],
        ['super-reduced-rate', '5.0000', 'VAT 5%', true, false],
        ['zero-rate', '0.0000', 'VAT 0%', true, false],
        ['zw', '0.0000', 'zw', true, false],
      ],
    );
    const reduced = await api.get('taxes', { class: 'reduced-rate', per_page: 100 });
    assert.equal(reduced.headers['x-wp-total'], '27', 'Poland and the 26 other member states');
    assert.equal(reduced.data[0].rate, '8.0000');
    assert.deepEqual(
      (await api.get('taxes', { country: 'DE' })).data.map((rate: any) => [rate.class, rate.rate, rate.name]),
      [
        ['standard', '19.0000', 'VAT 19% (DE)'],
        ['reduced-rate', '7.0000', 'VAT 7% (DE)'],
      ],
    );
    assert.deepEqual(
      (await api.get('taxes', { class: 'intra-community-supply' })).data.map((rate: any) => [rate.country, rate.rate]),
      [['', '0.0000']],
    );
  });

  it('creates, reads, updates and deletes a rate', async () => {
    const created = await answer(
      api.post('taxes', { country: 'de', rate: '19', name: 'MwSt. 19%', class: 'standard', postcodes: ['10*'] }),
    );
    assert.equal(created.status, 201, JSON.stringify(created.data));
    assert.equal(created.data.country, 'DE');
    assert.equal(created.data.rate, '19.0000');
    assert.equal(created.data.postcode, '10*');
    const read = await api.get(`taxes/${created.data.id}`);
    assert.deepEqual(read.data, created.data);
    const updated = await answer(api.put(`taxes/${created.data.id}`, { rate: '7', class: 'reduced-rate' }));
    assert.equal(updated.status, 200, JSON.stringify(updated.data));
    assert.deepEqual(
      [updated.data.rate, updated.data.class, updated.data.name],
      ['7.0000', 'reduced-rate', 'MwSt. 19%'],
    );
    assert.equal((await answer(api.delete(`taxes/${created.data.id}`))).status, 501, 'taxes have no trash');
    const deleted = await answer(api.delete(`taxes/${created.data.id}`, { force: true }));
    assert.equal(deleted.status, 200);
    const gone = await answer(api.get(`taxes/${created.data.id}`));
    assert.equal(gone.status, 404);
    assert.equal(gone.data.code, 'woocommerce_rest_invalid_id');
  });

  it('refuses a bad rate with a 400 naming every bad field, and changes nothing', async () => {
    const before = await api.get('taxes', { per_page: 100 });
    const refused = await answer(api.post('taxes', { country: 'XX', rate: '23%', class: 'luxury' }));
    assert.equal(refused.status, 400);
    assert.equal(refused.data.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(refused.data.data.params).sort(), ['class', 'country', 'rate']);
    const tooHigh = await answer(api.put(`taxes/${before.data[0].id}`, { rate: '230', name: 'Changed' }));
    assert.equal(tooHigh.status, 400);
    assert.equal((await answer(api.put('taxes/9999', { rate: '5' }))).status, 404);
    const after = await api.get('taxes', { per_page: 100 });
    assert.deepEqual(after.data, before.data);
  });

  it('creates and deletes a class, which takes its rates with it', async () => {
    const created = await answer(api.post('taxes/classes', { name: 'Książki i prasa' }));
    assert.equal(created.status, 201, JSON.stringify(created.data));
    assert.deepEqual(created.data, { slug: 'ksiazki-i-prasa', name: 'Książki i prasa' });
    const again = await answer(api.post('taxes/classes', { name: 'Książki i prasa' }));
    assert.equal(again.status, 400);
    assert.equal(again.data.code, 'woocommerce_rest_tax_class_exists');
    const rate = await api.post('taxes', { country: 'PL', rate: '5', class: 'ksiazki-i-prasa', name: 'VAT 5%' });
    const deleted = await answer(api.delete('taxes/classes/ksiazki-i-prasa', { force: true }));
    assert.equal(deleted.status, 200, JSON.stringify(deleted.data));
    assert.equal((await answer(api.get(`taxes/${rate.data.id}`))).status, 404);
    const standard = await answer(api.delete('taxes/classes/standard', { force: true }));
    assert.equal(standard.status, 400);
    assert.equal((await answer(api.delete('taxes/classes/nothing-here', { force: true }))).status, 404);
  });

  it("keeps a product's tax class and status, and refuses a class the shop does not have", async () => {
    const [product] = (await api.get('products', { per_page: 1 })).data;
    assert.deepEqual([product.tax_status, product.tax_class], ['taxable', ''], 'taxable at the standard rate');
    const changed = await answer(
      api.put(`products/${product.id}`, { tax_class: 'reduced-rate', tax_status: 'taxable' }),
    );
    assert.equal(changed.status, 200, JSON.stringify(changed.data));
    assert.equal((await api.get(`products/${product.id}`)).data.tax_class, 'reduced-rate');
    const refused = await answer(api.put(`products/${product.id}`, { tax_class: 'luxury', name: 'Renamed' }));
    assert.equal(refused.status, 400);
    assert.deepEqual(Object.keys(refused.data.data.params), ['tax_class']);
    const after = (await api.get(`products/${product.id}`)).data;
    assert.deepEqual([after.name, after.tax_class], [product.name, 'reduced-rate']);
    await api.put(`products/${product.id}`, { tax_class: 'standard', tax_status: 'none' });
    const back = (await api.get(`products/${product.id}`)).data;
    assert.deepEqual([back.tax_status, back.tax_class], ['none', '']);
  });
});
