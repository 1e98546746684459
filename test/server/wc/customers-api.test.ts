/**
 * `wc/v3/customers` on a real server, on both stores that keep users: WooCommerce's shape made of the user, their
 * address book (the one of their account page and checkout, read and written) or else their newest order's
 * addresses, the list's filters and paging, creation with WooCommerce's registration errors, updates, and that no
 * password hash, token or generated password ever leaves the server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { verifyPassword } from '../../../server/auth/passwords.js';
import { createUser } from '../../../server/auth/users.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { fetchJson, startTestServer, type TestServer } from '../support/test-server.js';
import { Visitor } from '../support/visitor.js';

for (const kind of STORE_KINDS) {
  describe(`wc/v3 customers (${kind.name})`, () => {
    let server: TestServer;
    let manager: string;
    const call = (method: string, path: string, json?: unknown, authorization = manager) =>
      fetchJson(server.restUrl(`/wc/v3${path}`), { method, json, headers: authorization ? { authorization } : {} });

    before(async () => {
      const env = await kind.freshShop();
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      manager = await server.basicAuthFor('shop_manager');
      await server.store.catalog.load();
    });
    after(() => server?.stop());

    it('creates a customer (201, Location) who can sign in with the password given, which is never answered', async () => {
      const created = await call('POST', '/customers', {
        email: 'Ewa.Lis@Example.com',
        first_name: 'Ewa',
        last_name: 'Lis Nowak',
        username: 'ewa.lis',
        password: 'a-secret-password',
        billing: {
          first_name: 'Ewa',
          last_name: 'Lis',
          address_1: 'Floriańska 3',
          postcode: '31-019',
          city: 'Kraków',
          country: 'PL',
          phone: '+48 600 000 001',
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.headers.get('location'), server.restUrl(`/wc/v3/customers/${created.body.id}`));
      assert.equal(created.body.email, 'Ewa.Lis@Example.com');
      assert.equal(created.body.username, 'ewa.lis');
      assert.equal(created.body.role, 'customer');
      assert.equal(created.body.first_name, 'Ewa');
      assert.equal(created.body.last_name, 'Lis Nowak');
      assert.equal(created.body.is_paying_customer, false);
      assert.equal(created.body.billing.city, 'Kraków');
      assert.equal(created.body.shipping.address_1, 'Floriańska 3', 'the goods go to the billing address');
      assert.match(created.body.date_created_gmt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      const text = JSON.stringify(created.body);
      assert.doesNotMatch(text, /password|a-secret-password|\$argon|\$scrypt|hash|token/i);
      const stored = (await server.store.users.findById(created.body.id))!;
      assert.deepEqual(stored.roles, ['customer']);
      assert.ok(await verifyPassword('a-secret-password', stored.password_hash));
      assert.deepEqual(
        stored.addresses,
        {
          billing: {
            first_name: 'Ewa',
            last_name: 'Lis',
            street: 'Floriańska 3',
            postcode: '31-019',
            city: 'Kraków',
            country: 'PL',
            phone: '+48 600 000 001',
          },
          shipping: null,
        },
        "kept in the customer's address book",
      );
    });

    it('generates a username from the e-mail and a password it never answers', async () => {
      const created = await call('POST', '/customers', { email: 'jan.kowalski@example.com' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.username, 'jan.kowalski');
      assert.deepEqual([created.body.first_name, created.body.last_name], ['', '']);
      assert.doesNotMatch(JSON.stringify(created.body), /password/i);
      const again = await call('POST', '/customers', { email: 'jan.kowalski@example.org' });
      assert.equal(again.status, 201);
      assert.equal(again.body.username, 'jan.kowalski-2', 'a taken username is numbered');
    });

    it('refuses what WooCommerce refuses, with its codes', async () => {
      const cases: [unknown, number, string][] = [
        [{ email: 'EWA.LIS@example.com' }, 400, 'registration-error-email-exists'],
        [{ email: 'other@example.com', username: 'ewa.lis' }, 400, 'registration-error-username-exists'],
        [{ email: 'not-an-address' }, 400, 'registration-error-invalid-email'],
        [{ email: 'x@example.com', username: 'no spaces allowed' }, 400, 'registration-error-invalid-username'],
        [{ email: 'y@example.com', id: 5 }, 400, 'woocommerce_rest_customer_exists'],
        [{ first_name: 'No e-mail' }, 400, 'rest_missing_callback_param'],
        [{ email: 'z@example.com', password: 'short' }, 400, 'rest_invalid_param'],
      ];
      for (const [body, status, code] of cases) {
        const refused = await call('POST', '/customers', body);
        assert.equal(refused.status, status, JSON.stringify(body));
        assert.equal(refused.body.code, code, JSON.stringify(refused.body));
      }
      assert.equal(await server.store.users.findByLogin('x@example.com'), null, 'nothing was created');
    });

    it('reads a customer with the addresses of their newest order, paying once an order is paid', async () => {
      const { user } = await createUser(server.store, {
        login: 'buyer',
        email: 'buyer@example.com',
        role: 'customer',
        password: 'a-long-password',
        displayName: 'Olga Buyer',
      });
      const product = stockedProduct(server.store, 3);
      await placeTestOrder(server.store, {
        product,
        userId: user.id,
        firstName: 'Old',
        lastName: 'Address',
        createdAt: '2026-01-01T10:00:00Z',
      });
      const newest = await placeTestOrder(server.store, {
        product,
        userId: user.id,
        firstName: 'Olga',
        lastName: 'Buyer',
        email: 'olga@example.com',
      });
      let read = await call('GET', `/customers/${user.id}`);
      assert.equal(read.status, 200);
      assert.equal(read.body.billing.first_name, 'Olga');
      assert.equal(read.body.billing.email, 'olga@example.com');
      assert.equal(read.body.billing.address_1, 'Długa 1');
      assert.equal(read.body.shipping.city, 'Warszawa');
      assert.equal('email' in read.body.shipping, false);
      assert.equal(read.body.is_paying_customer, false);
      const paid = await call('PUT', `/orders/${newest.id}`, { set_paid: true });
      assert.equal(paid.status, 200, JSON.stringify(paid.body));
      read = await call('GET', `/customers/${user.id}`);
      assert.equal(read.body.is_paying_customer, true);
      assert.equal((await call('GET', '/customers/999999')).body.code, 'woocommerce_rest_invalid_id');
    });

    it("reads and writes the address book the customer's account shows and their next checkout fills in", async () => {
      const { user } = await createUser(server.store, {
        login: 'marta@example.com',
        email: 'marta@example.com',
        role: 'customer',
        password: 'marta-password-1',
        displayName: 'Marta Wiśniewska',
      });
      const marta = new Visitor(server.url);
      await marta.get('/login');
      await marta.post('/login', { login: 'marta@example.com', password: 'marta-password-1', redirect_to: '/account' });
      await marta.get('/account');
      const saved = await marta.post('/account/addresses', {
        first_name: 'Marta',
        last_name: 'Wiśniewska',
        street: 'Rynek 7',
        postcode: '50-106',
        city: 'Wrocław',
        country: 'PL',
        phone: '+48 600 100 200',
      });
      assert.equal(saved.status, 303, 'the customer saves an address in their account');
      const read = await call('GET', `/customers/${user.id}`);
      assert.equal(read.body.billing.address_1, 'Rynek 7', 'wc/v3 reads the address book');
      assert.equal(read.body.billing.email, 'marta@example.com');
      assert.equal(read.body.shipping.city, 'Wrocław', 'no separate delivery address: the billing one');

      const sentBack = await call('PUT', `/customers/${user.id}`, read.body);
      assert.equal(sentBack.status, 200, `a customer sent back as read is taken: ${JSON.stringify(sentBack.body)}`);
      assert.deepEqual(sentBack.body.billing, read.body.billing);

      const moved = await call('PUT', `/customers/${user.id}`, {
        billing: { address_1: 'Świdnicka 12', phone: '+48 600 300 400' },
        shipping: {
          first_name: 'Jan',
          last_name: 'Wiśniewski',
          address_1: 'Ogrodowa 2',
          postcode: '80-001',
          city: 'Gdańsk',
        },
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.billing.city, 'Wrocław', 'fields not sent are kept');
      assert.equal(moved.body.shipping.city, 'Gdańsk');
      const account = await marta.get('/account');
      for (const shown of ['Świdnicka 12', '+48 600 300 400', 'Ogrodowa 2', 'Gdańsk'])
        assert.ok(account.html.includes(shown), `the account's address book shows ${shown}`);
      await marta.post('/cart/add', { product_id: String(stockedProduct(server.store, 2).id), quantity: '1' });
      const checkout = await marta.get('/checkout');
      assert.match(checkout.html, /name="street"[^>]*value="Świdnicka 12"/, 'the next checkout is filled in with it');
      assert.match(checkout.html, /name="shipping_city"[^>]*value="Gdańsk"/);

      const before = (await server.store.users.findById(user.id))!.addresses;
      const refused = await call('PUT', `/customers/${user.id}`, {
        first_name: 'Martha',
        billing: { postcode: '5010', address_2: 'flat 4' },
        shipping: { city: '' },
      });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.code, 'rest_invalid_param');
      assert.deepEqual(
        Object.keys(refused.body.data.params).sort(),
        ['billing.address_2', 'billing.postcode', 'shipping.city'],
        'every bad field under its WooCommerce name',
      );
      assert.match(refused.body.data.params['billing.postcode'], /postcode/i);
      const after = (await server.store.users.findById(user.id))!;
      assert.deepEqual(after.addresses, before, 'nothing saved');
      assert.equal(after.display_name, 'Marta Wiśniewska', 'nor the name sent with it');
    });

    it('lists customers only (unless asked), searched, filtered by e-mail, ordered and paged with totals', async () => {
      const all = await call('GET', '/customers?per_page=100');
      assert.equal(all.status, 200);
      assert.ok(all.body.every((customer: { role: string }) => customer.role === 'customer'));
      const customers = (await server.store.users.list()).filter((user) => user.roles.includes('customer'));
      assert.equal(all.headers.get('x-wp-total'), String(customers.length));
      const names = all.body.map(
        (customer: { id: number }) => customers.find((user) => user.id === customer.id)!.display_name,
      );
      assert.deepEqual(
        names,
        [...names].sort((a, b) => a.localeCompare(b)),
        'ordered by name by default',
      );

      const paged = await call('GET', '/customers?per_page=2&page=2&orderby=id&order=desc');
      assert.deepEqual(
        paged.body.map((customer: { id: number }) => customer.id),
        customers
          .map((user) => user.id)
          .sort((a, b) => b - a)
          .slice(2, 4),
      );
      assert.equal(paged.headers.get('x-wp-totalpages'), String(Math.ceil(customers.length / 2)));

      const searched = await call('GET', '/customers?search=KOWALSKI');
      assert.deepEqual(searched.body.map((customer: { username: string }) => customer.username).sort(), [
        'jan.kowalski',
        'jan.kowalski-2',
      ]);
      const byEmail = await call('GET', `/customers?email=${encodeURIComponent('ewa.lis@example.com')}`);
      assert.deepEqual(
        byEmail.body.map((customer: { username: string }) => customer.username),
        ['ewa.lis'],
      );
      const managers = await call('GET', '/customers?role=shop_manager');
      assert.ok(
        managers.body.length >= 1 && managers.body.every((user: { role: string }) => user.role === 'shop_manager'),
      );
      assert.equal((await call('GET', '/customers?role=king')).status, 400);
    });

    it('updates names, e-mail and password; refuses a new username, a taken e-mail and other roles', async () => {
      const id = (await server.store.users.findByLogin('ewa.lis'))!.id;
      const updated = await call('PUT', `/customers/${id}`, {
        first_name: 'Ewa Maria',
        email: 'ewa@example.net',
        username: 'ewa.lis',
        password: 'another-long-one',
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assert.equal(updated.body.email, 'ewa@example.net');
      assert.deepEqual(
        [updated.body.first_name, updated.body.last_name],
        ['Ewa', 'Maria Lis Nowak'],
        'the display name keeps both, split at its first space',
      );
      assert.ok(await verifyPassword('another-long-one', (await server.store.users.findById(id))!.password_hash));

      const cases: [number, unknown, number, string][] = [
        [id, { username: 'someone-else' }, 400, 'woocommerce_rest_customer_invalid_argument'],
        [id, { email: 'buyer@example.com' }, 400, 'registration-error-email-exists'],
        [id, { email: 'broken' }, 400, 'woocommerce_rest_customer_invalid_email'],
        [999999, { first_name: 'Nobody' }, 400, 'woocommerce_rest_invalid_id'],
        [
          (await server.store.users.findByLogin('admin'))?.id ?? 1,
          { email: 'taken-over@example.com' },
          403,
          'woocommerce_rest_cannot_edit',
        ],
      ];
      for (const [target, body, status, code] of cases) {
        const refused = await call('PATCH', `/customers/${target}`, body);
        assert.equal(refused.status, status, JSON.stringify(body));
        assert.equal(refused.body.code, code);
      }
      assert.equal((await server.store.users.findById(id))!.email, 'ewa@example.net', 'nothing changed');
    });

    it('is for shop managers: a customer gets 403, nobody 401', async () => {
      const customer = await server.basicAuthFor('customer');
      assert.equal((await call('GET', '/customers', undefined, customer)).body.code, 'woocommerce_rest_cannot_view');
      assert.equal((await call('GET', '/customers', undefined, customer)).status, 403);
      const anonymous = await call('POST', '/customers', { email: 'anon@example.com' }, '');
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.body.code, 'woocommerce_rest_cannot_create');
    });
  });
}
