/**
 * WordPress's `_fields` on every route: the fields picked match a plain reference over random answers, and on a real
 * server wpapi and WooCommerce's own client get only what they named (nested fields by dots, per item of a list),
 * while errors and answers made as bytes come whole.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import WPAPI from 'wpapi';
import { createUser } from '../../../server/auth/users.js';
import { fieldTree, withFields } from '../../../server/rest/response-fields.js';
import { fetchJson, useTestServer } from '../support/test-server.js';
import { type WooCommerceClient, wooCommerceClient } from '../support/woocommerce-client.js';

describe('_fields, as a function', () => {
  it('keeps exactly the top-level fields named that exist, with their values, per item of a list', () => {
    const name = fc.constantFrom('id', 'name', 'price', 'meta', 'sku', '__proto__', 'constructor');
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(name, fc.jsonValue()), { minLength: 1, maxLength: 4 }),
        fc.uniqueArray(name, { minLength: 1 }),
        (items, asked) => {
          const picked = withFields(items, fieldTree(asked.join(','))!) as Record<string, unknown>[];
          items.forEach((item, index) => {
            const expected = Object.fromEntries(
              Object.entries(item).filter(([key]) => (asked as string[]).includes(key)),
            );
            assert.deepEqual(Object.entries(picked[index]!), Object.entries(expected));
          });
        },
      ),
    );
  });

  it('follows dots into objects and lists, and a field asked whole wins over a part of it', () => {
    const order = {
      id: 7,
      total: '10.00',
      billing: { city: 'Kraków', email: 'a@b.pl' },
      line_items: [{ id: 1, sku: 'A' }],
    };
    assert.deepEqual(withFields(order, fieldTree('id,billing.city,line_items.sku')!), {
      id: 7,
      billing: { city: 'Kraków' },
      line_items: [{ sku: 'A' }],
    });
    assert.deepEqual(withFields(order, fieldTree(['billing.city', 'billing'])!), { billing: order.billing });
    assert.deepEqual(withFields(order, fieldTree('billing,billing.city')!), { billing: order.billing });
    assert.equal(fieldTree(''), null, 'nothing named: the whole answer');
    assert.equal(fieldTree(' , '), null);
  });
});

describe('_fields on a real server', () => {
  const suite = useTestServer();
  let woo: WooCommerceClient;
  before(async () => {
    await createUser(suite.server.store, { login: 'erp', role: 'shop_manager', password: 'a-long-password' });
    woo = await wooCommerceClient(suite.server, 'erp', 'ERP');
  });

  it("gives wpapi's pages only the fields named, nested ones by dots", async () => {
    const wp = new WPAPI({ endpoint: suite.server.restUrl('') });
    const whole = await wp.pages();
    const picked = await wp.pages().param('_fields', 'id,title.rendered');
    assert.ok(whole.length > 0);
    // wpapi hangs its `_paging` on the list itself: the items are compared.
    assert.deepEqual(
      [...picked],
      whole.map((page: { id: number; title: { rendered: string } }) => ({
        id: page.id,
        title: { rendered: page.title.rendered },
      })),
    );
  });

  it("gives WooCommerce's client the products' ids and prices alone, signed as it always signs", async () => {
    const whole = await woo.get('products', { per_page: 5 });
    const picked = await woo.get('products', { per_page: 5, _fields: 'id,price' });
    assert.equal(picked.status, 200);
    assert.deepEqual(
      picked.data,
      whole.data.map((product: { id: number; price: string }) => ({ id: product.id, price: product.price })),
    );
    assert.equal(picked.headers['x-wp-total'], whole.headers['x-wp-total'], 'the list headers stay');
  });

  it('answers errors whole, in their own shape, and `_fields[]` as a list', async () => {
    const missing = await fetchJson(suite.server.restUrl('/wp/v2/pages/987654?_fields=id'));
    assert.equal(missing.status, 404);
    assert.equal(typeof missing.body.code, 'string');
    assert.equal(typeof missing.body.message, 'string');
    const listed = await fetchJson(suite.server.restUrl('/wp/v2/pages?_fields[]=id&_fields[]=slug'));
    assert.equal(listed.status, 200);
    for (const page of listed.body as Record<string, unknown>[]) assert.deepEqual(Object.keys(page), ['id', 'slug']);
  });
});
