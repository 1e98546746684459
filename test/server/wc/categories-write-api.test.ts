/**
 * `wc/v3/products/categories` writes on a real server, on both stores: create, read, update, delete (forced, children
 * moving up to the parent, products losing the category, as `wp_delete_term` does) and the batch, with WooCommerce's
 * term errors; a refused write changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { STORE_KINDS } from '../support/store-kinds.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';

for (const kind of STORE_KINDS) {
  describe(`wc/v3 product category writes (${kind.name})`, () => {
    let server: TestServer;
    let manager: string;
    const call = (method: string, path: string, json?: unknown, authorization = manager) =>
      fetchJson(server.restUrl(`/wc/v3${path}`), { method, json, headers: authorization ? { authorization } : {} });
    const stored = (id: number) => server.store.catalog.data.categories.find((category) => category.id === id);

    before(async () => {
      const env = await kind.freshShop();
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      manager = await server.basicAuthFor('shop_manager');
      await server.store.catalog.load();
    });
    after(() => server?.stop());

    it('creates categories (201, Location), with a slug made of the name, and reads one back', async () => {
      const top = await call('POST', '/products/categories', {
        name: 'Herbaty świata',
        description: 'not kept',
        menu_order: 3,
      });
      assert.equal(top.status, 201, JSON.stringify(top.body));
      assert.equal(top.headers.get('location'), server.restUrl(`/wc/v3/products/categories/${top.body.id}`));
      assert.deepEqual(top.body, {
        id: top.body.id,
        name: 'Herbaty świata',
        slug: 'herbaty-swiata',
        parent: 0,
        description: '',
        display: 'default',
        image: null,
        menu_order: 0,
        count: 0,
      });
      const child = await call('POST', '/products/categories', {
        name: 'Zielone',
        parent: top.body.id,
        slug: 'green-teas',
      });
      assert.equal(child.status, 201);
      assert.equal(child.body.slug, 'green-teas');
      assert.deepEqual(stored(child.body.id), {
        id: child.body.id,
        name: 'Zielone',
        slug: 'green-teas',
        parent: top.body.id,
      });
      const read = await call('GET', `/products/categories/${child.body.id}`);
      assert.deepEqual(read.body, child.body);
      const list = await call('GET', '/products/categories?per_page=100');
      assert.ok(list.body.some((category: { id: number }) => category.id === child.body.id));
    });

    it('refuses what WooCommerce refuses, with its codes, and stores nothing', async () => {
      const before = structuredClone(server.store.catalog.data.categories);
      const parent = before.find((category) => category.name === 'Herbaty świata')!;
      const cases: [string, string, unknown, number, string][] = [
        ['POST', '/products/categories', {}, 400, 'rest_missing_callback_param'],
        ['POST', '/products/categories', { name: '  ' }, 400, 'empty_term_name'],
        ['POST', '/products/categories', { name: 'zielone', parent: parent.id }, 400, 'term_exists'],
        ['POST', '/products/categories', { name: 'Other', slug: 'green-teas' }, 400, 'duplicate_term_slug'],
        ['POST', '/products/categories', { name: 'Orphan', parent: 999999 }, 404, 'woocommerce_rest_term_invalid'],
        ['POST', '/products/categories', { name: 5 }, 400, 'rest_invalid_param'],
        [
          'PUT',
          `/products/categories/${parent.id}`,
          { parent: before.find((category) => category.name === 'Zielone')!.id },
          400,
          'rest_invalid_param',
        ],
        ['PUT', `/products/categories/${parent.id}`, { parent: parent.id }, 400, 'rest_invalid_param'],
        ['PUT', '/products/categories/999999', { name: 'Ghost' }, 404, 'woocommerce_rest_term_invalid'],
        ['GET', '/products/categories/999999', undefined, 404, 'woocommerce_rest_term_invalid'],
        ['DELETE', `/products/categories/${parent.id}`, undefined, 501, 'woocommerce_rest_trash_not_supported'],
        ['DELETE', '/products/categories/999999?force=true', undefined, 404, 'woocommerce_rest_term_invalid'],
      ];
      for (const [method, path, body, status, code] of cases) {
        const refused = await call(method, path, body);
        assert.equal(
          refused.status,
          status,
          `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(refused.body)}`,
        );
        assert.equal(refused.body.code, code);
      }
      const existing = await call('POST', '/products/categories', { name: 'Zielone', parent: parent.id });
      assert.equal(
        existing.body.data.resource_id,
        before.find((category) => category.name === 'Zielone')!.id,
        'term_exists names the holder',
      );
      assert.deepEqual(server.store.catalog.data.categories, before);
      const customer = await server.basicAuthFor('customer');
      const forbidden = await call('POST', '/products/categories', { name: 'Nope' }, customer);
      assert.deepEqual([forbidden.status, forbidden.body.code], [403, 'woocommerce_rest_cannot_create']);
    });

    it('renames and moves a category', async () => {
      const zielone = server.store.catalog.data.categories.find((category) => category.name === 'Zielone')!;
      const moved = await call('PATCH', `/products/categories/${zielone.id}`, { name: 'Green teas', parent: 0 });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.deepEqual(stored(zielone.id), { id: zielone.id, name: 'Green teas', slug: 'green-teas', parent: 0 });
    });

    it('deletes with force=true: its children move up to its parent and its products lose it', async () => {
      const create = async (name: string, parent: number) =>
        (await call('POST', '/products/categories', { name, parent })).body.id as number;
      const top = await create('Akcesoria', 0);
      const usedId = await create('Kubki', top);
      const children = [await create('Kubki termiczne', usedId), await create('Kubki szklane', usedId)];
      const holders = server.store.catalog.data.products
        .filter((product) => product.type === 'simple')
        .slice(0, 2)
        .map((product) => product.id);
      for (const id of holders) {
        const current = server.store.catalog.data.products.find((product) => product.id === id)!.category_ids;
        assert.equal(
          (
            await call('PUT', `/products/${id}`, {
              categories: [...current, usedId].map((category) => ({ id: category })),
            })
          ).status,
          200,
        );
      }
      const used = stored(usedId)!;
      const deleted = await call('DELETE', `/products/categories/${used.id}?force=true`);
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      assert.equal(deleted.body.id, used.id);
      assert.equal(deleted.body.count, holders.length);
      assert.equal(stored(used.id), undefined);
      for (const child of children) assert.equal(stored(child)!.parent, used.parent);
      for (const id of holders) {
        const product = await call('GET', `/products/${id}`);
        assert.ok(!product.body.categories.some((category: { id: number }) => category.id === used.id));
      }
      assert.equal((await call('GET', `/products?category=${children[0]}&per_page=1`)).status, 200);
      assert.equal((await call('GET', `/products/categories/${used.id}`)).status, 404);
    });

    it('batches creates, updates and deletes, answering each failed item with its error', async () => {
      const green = server.store.catalog.data.categories.find((category) => category.name === 'Green teas')!;
      const batch = await call('POST', '/products/categories/batch', {
        create: [{ name: 'Kawy' }, { name: '' }],
        update: [
          { id: green.id, name: 'Zielone herbaty' },
          { id: 999999, name: 'Ghost' },
        ],
        delete: [999998],
      });
      assert.equal(batch.status, 200, JSON.stringify(batch.body));
      assert.equal(batch.body.create[0].name, 'Kawy');
      assert.equal(batch.body.create[1].error.code, 'empty_term_name');
      assert.equal(batch.body.update[0].name, 'Zielone herbaty');
      assert.deepEqual(
        [batch.body.update[1].id, batch.body.update[1].error.code],
        [999999, 'woocommerce_rest_term_invalid'],
      );
      assert.equal(batch.body.delete[0].error.code, 'woocommerce_rest_term_invalid');
      assert.equal(stored(batch.body.create[0].id)!.name, 'Kawy');
      assert.equal(stored(green.id)!.name, 'Zielone herbaty');
    });
  });
}
