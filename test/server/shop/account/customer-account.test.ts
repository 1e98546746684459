// The customer's account as a shopper without JavaScript uses it, on both stores: their orders with status and page,
// the address book the checkout fills in, a new password (other sessions end), a new e-mail address confirmed from
// that address, the download of their data and the request to erase the account (confirmed by e-mail), which the
// manager finds listed with its deadline and carries out, leaving the orders tax law requires and nothing to sign in
// with; and a manager's export and erasure through vitrine/v1.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { verifyPassword } from '../../../../server/auth/passwords.js';
import { createUser } from '../../../../server/auth/users.js';
import type { Store } from '../../../../server/store/store.js';
import { publishLegalPages } from '../../support/legal-pages.js';
import { placeTestOrder, stockedProduct } from '../../support/orders.js';
import { postLogin } from '../../support/login.js';
import { STORE_KINDS } from '../../support/store-kinds.js';
import { checkOut, productsInStock, SHOPPER_ADDRESS } from '../../support/storefront-order.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const POLISH = {
  ...JSON.parse(readFileSync('server/i18n/messages/pl/account.json', 'utf8')),
  ...JSON.parse(readFileSync('server/i18n/messages/pl/order.json', 'utf8')),
} as Record<string, string>;
const STATUS_WORDS: Record<string, string> = {
  pending: POLISH['order.statusPending']!,
  processing: POLISH['order.statusProcessing']!,
  'on-hold': POLISH['order.statusOnHold']!,
};

/** The link of kind `kind` last queued for `to`, as a path. */
async function linkFor(store: Store, to: string, kind: string, path: string): Promise<string> {
  const { messages } = await store.outbox.list({ page: 1, perPage: 50, recipient: to });
  const message = messages.find((candidate) => candidate.kind === kind);
  assert.ok(message, `a ${kind} message was queued for ${to}`);
  const url = new RegExp(`https?://[^\\s]+${path}\\?token=[\\w%.-]+`).exec(message.text)?.[0];
  assert.ok(url, 'the message carries the link');
  return new URL(url).pathname + new URL(url).search;
}

/** The same day of the next month (or its last day), counted on a calendar by hand. */
function sameDayNextMonth(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const daysInNext = [31, nextYear % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][nextMonth - 1]!;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${nextYear}-${pad(nextMonth)}-${pad(Math.min(date, daysInNext))}`;
}

async function signedIn(server: TestServer, login: string, password: string): Promise<Visitor> {
  const visitor = new Visitor(server.url);
  await visitor.get('/login');
  const answer = await visitor.post('/login', { login, password, redirect_to: '/account' });
  assert.equal(answer.status, 303, 'the customer signs in');
  return visitor;
}

for (const kind of STORE_KINDS) {
  describe(`the customer's account (${kind.name})`, () => {
    let server: TestServer;
    let anna: Visitor;
    let annaId: number;
    let annaOrder: string;
    let bobOrder: string;
    const annaEmail = 'anna.kowalska@example.com';
    const bobEmail = 'bob.nowak@example.com';

    before(async () => {
      const env = await kind.freshShop();
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      await server.store.catalog.load();
      await publishLegalPages(server);
      ({
        user: { id: annaId },
      } = await createUser(server.store, {
        login: annaEmail,
        email: annaEmail,
        role: 'customer',
        password: 'anna-password-1',
        displayName: 'Anna Kowalska',
      }));
      await createUser(server.store, {
        login: bobEmail,
        email: bobEmail,
        role: 'customer',
        password: 'bob-password-1',
        displayName: 'Bob Nowak',
      });
      const [first, second] = productsInStock(server, 2);
      anna = await signedIn(server, annaEmail, 'anna-password-1');
      annaOrder = await checkOut(anna, server, annaEmail, [first!]);
      bobOrder = await checkOut(await signedIn(server, bobEmail, 'bob-password-1'), server, bobEmail, [second!]);
    });
    after(() => server?.stop());

    it('lists the orders with their status and a link to each order page, and only the customer’s own', async () => {
      const page = await anna.get('/account');
      assert.equal(page.status, 200);
      const order = (await server.store.orders.findByNumber(annaOrder))!;
      const row = new RegExp(`<a href="/order-received/${annaOrder}">${annaOrder}</a>[\\s\\S]*?</tr>`).exec(page.html);
      assert.ok(row, 'the order links to its page');
      assert.ok(row[0].includes(STATUS_WORDS[order.status]!), `the row says ${STATUS_WORDS[order.status]}`);
      assert.ok(!page.html.includes(bobOrder), "another customer's order is not listed");
      assert.equal((await anna.get(`/order-received/${annaOrder}`)).status, 200, 'the link opens the order');
    });

    it('refuses a bad address form whole, then saves the addresses the checkout fills in', async () => {
      await anna.get('/account');
      const bad = await anna.post('/account/addresses', { ...SHOPPER_ADDRESS, city: '', postcode: 'ABC' });
      assert.equal(bad.status, 400);
      assert.match(bad.html, /id="city-error"/);
      assert.match(bad.html, /id="postcode-error"/);
      assert.equal((await server.store.users.findById(annaId))!.addresses, undefined, 'nothing saved');

      const delivery = {
        shipping_first_name: 'Jan',
        shipping_last_name: 'Kowalski',
        shipping_street: 'Krótka 7',
        shipping_postcode: '30-001',
        shipping_city: 'Kraków',
        shipping_country: 'PL',
      };
      const saved = await anna.post('/account/addresses', { ...SHOPPER_ADDRESS, ship_elsewhere: '1', ...delivery });
      assert.equal(saved.status, 303, saved.html.slice(0, 300));
      const stored = (await server.store.users.findById(annaId))!.addresses!;
      assert.equal(stored.billing!.street, SHOPPER_ADDRESS.street);
      assert.equal(stored.shipping!.city, 'Kraków');

      const [product] = productsInStock(server, 1, 3);
      await anna.post('/cart/add', { product_id: String(product!.id), quantity: '1' });
      const checkout = await anna.get('/checkout');
      assert.equal(checkout.status, 200);
      for (const [name, value] of Object.entries({ ...SHOPPER_ADDRESS, ...delivery }))
        assert.match(checkout.html, new RegExp(`name="${name}"[^>]*value="${value}"|value="${value}"[^>]*selected`));
      assert.match(checkout.html, /id="ship_elsewhere"[^>]*checked/);
    });

    it('changes the password only with the current one, and signs out every other session', async () => {
      const elsewhere = await signedIn(server, annaEmail, 'anna-password-1');
      await anna.get('/account');
      const wrong = await anna.post('/account/password', {
        current_password: 'not-it',
        new_password: 'anna-password-2',
        confirm_password: 'anna-password-2',
      });
      assert.equal(wrong.status, 400);
      const forged = await anna.post(
        '/account/password',
        { current_password: 'anna-password-1', new_password: 'x'.repeat(12), confirm_password: 'x'.repeat(12) },
        { withToken: false },
      );
      assert.equal(forged.status, 403, 'a post without the form token is refused');
      assert.match(forged.html, /role="alert"/);
      assert.ok(wrong.html.includes(POLISH['account.wrongPassword']!));
      assert.ok(await verifyPassword('anna-password-1', (await server.store.users.findById(annaId))!.password_hash));

      const changed = await anna.post('/account/password', {
        current_password: 'anna-password-1',
        new_password: 'anna-password-2',
        confirm_password: 'anna-password-2',
      });
      assert.equal(changed.status, 303);
      assert.equal((await anna.get('/account')).status, 200, 'this session stays signed in');
      assert.equal((await elsewhere.get('/account')).status, 303, 'the other session is signed out');
      assert.ok(await verifyPassword('anna-password-2', (await server.store.users.findById(annaId))!.password_hash));
    });

    it('changes the e-mail address only once the link sent to the new address is opened, and only once', async () => {
      const newEmail = 'anna.nowa@example.com';
      await anna.get('/account');
      const asked = await anna.post('/account/email', { new_email: newEmail, email_password: 'anna-password-2' });
      assert.equal(asked.status, 303);
      assert.equal((await server.store.users.findById(annaId))!.email, annaEmail, 'unchanged before the link');
      const link = await linkFor(server.store, newEmail, 'account-email-change', '/account/email/confirm');
      const used = await anna.get(link);
      assert.equal(used.status, 303);
      assert.equal((await server.store.users.findById(annaId))!.email, newEmail);
      assert.equal(await server.store.users.findByLogin(annaEmail), null, 'the old address no longer signs in');
      assert.equal(
        (await signedIn(server, newEmail, 'anna-password-2').then((visitor) => visitor.get('/account'))).status,
        200,
      );
      assert.equal((await anna.get(link)).status, 410, 'a used link says so');
      // Back to the address the rest of the suite knows her by, the same way.
      await anna.get('/account');
      await anna.post('/account/email', { new_email: annaEmail, email_password: 'anna-password-2' });
      await anna.get(await linkFor(server.store, annaEmail, 'account-email-change', '/account/email/confirm'));
      assert.equal((await server.store.users.findById(annaId))!.email, annaEmail);
    });

    it("downloads the customer's data as JSON: their account, orders and consents, and nobody else's", async () => {
      const response = await fetch(`${server.url}/account/export`, { headers: { cookie: anna.cookieHeader } });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-disposition') ?? '', /attachment; filename="personal-data-/);
      const text = await response.text();
      const data = JSON.parse(text);
      assert.equal(data.account.email, annaEmail);
      assert.equal(data.account.addresses.shipping.city, 'Kraków');
      const ownOrders = (await server.store.orders.list()).filter((order) => order.user_id === annaId);
      assert.deepEqual(
        data.orders.map((order: { number: string }) => order.number).sort(),
        ownOrders.map((order) => order.number).sort(),
      );
      const references = new Set([`user:${annaId}`, ...ownOrders.map((order) => `order:${order.number}`)]);
      const expectedConsent = (await server.store.consent.log()).filter((record) =>
        references.has(record.reference ?? ''),
      );
      assert.ok(expectedConsent.length > 0, 'the checkout recorded consent');
      assert.deepEqual(data.consent, JSON.parse(JSON.stringify(expectedConsent)));
      assert.ok(!text.includes(bobEmail) && !text.includes(bobOrder), "nothing of another customer's");
      assert.ok(!text.includes('password_hash') && !text.includes('scrypt$'), 'no secrets');
    });

    it('takes an erasure request confirmed from its address, which the manager carries out: the person is gone, the orders stay', async () => {
      const manager = await server.basicAuthFor('shop_manager');
      const requestsUrl = server.restUrl('/vitrine/v1/erasure-requests');
      const annasRequest = async () =>
        (await fetchJson(requestsUrl, { headers: { authorization: manager } })).body.find(
          (request: { id: number }) => request.id === annaId,
        );
      const carryOut = () =>
        fetchJson(server.restUrl(`/vitrine/v1/erasure-requests/${annaId}`), {
          method: 'POST',
          headers: { authorization: manager },
        });
      await anna.get('/account');
      const askedAt = new Date();
      const asked = await anna.post('/account/erase', {});
      assert.equal(asked.status, 303);
      assert.equal((await server.store.users.findById(annaId))!.email, annaEmail, 'nothing erased before the link');
      const waiting = await annasRequest();
      assert.equal(waiting.state, 'awaiting_confirmation');
      assert.equal(waiting.email, annaEmail);
      const askedDay = askedAt.toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' });
      assert.equal(waiting.due_on, sameDayNextMonth(askedDay), 'due one month from the request');
      assert.equal(waiting.overdue, false);
      const early = await carryOut();
      assert.equal(early.status, 409, 'not before the customer confirmed from their address');
      assert.equal(early.body.code, 'vitrine_erasure_not_confirmed');
      assert.equal((await server.store.users.findById(annaId))!.email, annaEmail, 'nothing erased');

      const link = await linkFor(server.store, annaEmail, 'account-erasure', '/account/erase/confirm');
      const review = await anna.get(link);
      assert.equal(review.status, 200);
      assert.ok(review.html.includes(POLISH['account.eraseKept']!), 'the customer is told what is kept');
      // One order finished, one still under way: only the finished one loses its e-mail address and phone number.
      const open = await placeTestOrder(server.store, {
        product: stockedProduct(server.store),
        email: annaEmail,
        userId: annaId,
      });
      const finished = (await server.store.orders.findByNumber(annaOrder))!;
      await server.store.orders.change(finished.id, (order) => ({
        order: { ...order, status: 'completed', billing: { ...order.billing, phone: '+48 600 100 200' } },
        result: null,
      }));
      const ordersBefore = (await server.store.orders.list()).filter((order) => order.user_id === annaId);
      const confirmed = await anna.post('/account/erase/confirm', {
        token: new URLSearchParams(link.split('?')[1]).get('token')!,
      });
      assert.equal(confirmed.status, 200, confirmed.html.slice(0, 300));
      const [year, month, day] = waiting.due_on.split('-').map(Number);
      const dueWords = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('pl-PL', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      assert.ok(confirmed.html.includes(dueWords), `the customer is told the shop erases it by ${dueWords}`);
      assert.equal((await anna.get(link)).status, 410, 'the link works once');
      assert.equal((await server.store.users.findById(annaId))!.email, annaEmail, 'the manager has not acted yet');
      assert.ok((await anna.get('/account')).html.includes(dueWords), 'the account page says it is confirmed');
      assert.equal((await annasRequest()).state, 'confirmed');
      const customer = await server.basicAuthFor('customer');
      assert.equal((await fetchJson(requestsUrl, { headers: { authorization: customer } })).status, 403);

      const erased = await carryOut();
      assert.equal(erased.status, 200, JSON.stringify(erased.body));
      assert.equal(erased.body.state, 'completed');
      assert.equal(erased.body.items_retained, ordersBefore.length);
      const done = await annasRequest();
      assert.equal(done.state, 'completed', 'the request stays listed as done');
      assert.equal(done.email, `erased-${annaId}@erased.invalid`, 'under the anonymous name');
      assert.equal((await carryOut()).status, 409, 'a request is carried out once');

      const account = (await server.store.users.findById(annaId))!;
      const accountText = JSON.stringify(account);
      for (const personal of [annaEmail, 'Anna', 'Kowalska', SHOPPER_ADDRESS.street])
        assert.ok(!accountText.includes(personal), `the account no longer holds ${personal}`);
      assert.equal(await server.store.users.findByLogin(annaEmail), null);
      const login = await postLogin(server.url, { login: annaEmail, password: 'anna-password-2', redirect_to: '/' });
      assert.notEqual(login.status, 303, 'signing in is impossible');
      assert.equal((await anna.get('/account')).status, 303, 'the session ended');
      assert.ok(
        (await server.store.sessions.list(new Date())).every((session) => session.user_id !== annaId),
        'no session of the account is left',
      );
      const consentText = JSON.stringify(await server.store.consent.log());
      assert.ok(!consentText.includes(annaEmail) && !consentText.includes('Kowalska'), 'the consent log names no one');

      const ordersAfter = (await server.store.orders.list()).filter((order) => order.user_id === annaId);
      assert.deepEqual(
        ordersAfter.map((order) => [
          order.number,
          { ...order.billing, phone: '' },
          order.shipping_address,
          order.total,
        ]),
        ordersBefore.map((order) => [
          order.number,
          { ...order.billing, phone: '' },
          order.shipping_address,
          order.total,
        ]),
        'the orders are kept with their billing details',
      );
      const finishedAfter = ordersAfter.find((order) => order.id === finished.id)!;
      assert.equal(finishedAfter.email, `erased-${annaId}@erased.invalid`);
      assert.equal(finishedAfter.billing.phone, '');
      assert.equal(ordersAfter.find((order) => order.id === open.id)!.email, annaEmail, 'an open order keeps it');
    });

    it("lets a manager export and erase a customer's account through vitrine/v1, and nobody else", async () => {
      const bob = (await server.store.users.findByLogin(bobEmail))!;
      const manager = await server.basicAuthFor('shop_manager');
      const customer = await server.basicAuthFor('customer');
      const exportUrl = server.restUrl(`/vitrine/v1/users/${bob.id}/export`);
      assert.equal((await fetchJson(exportUrl, { headers: { authorization: customer } })).status, 403);
      const exported = await fetchJson(exportUrl, { headers: { authorization: manager } });
      assert.equal(exported.status, 200);
      assert.equal(exported.body.account.email, bobEmail);
      assert.deepEqual(
        exported.body.orders.map((order: { number: string }) => order.number),
        [bobOrder],
      );
      const staff = (await server.store.users.list()).find((user) => user.roles.includes('administrator'))!;
      const hidden = await fetchJson(server.restUrl(`/vitrine/v1/users/${staff.id}/erase`), {
        method: 'POST',
        headers: { authorization: manager },
      });
      assert.equal(hidden.status, 404, 'a shop manager cannot reach a staff account');
      const administrator = await server.basicAuthFor('administrator');
      const refused = await fetchJson(server.restUrl(`/vitrine/v1/users/${staff.id}/erase`), {
        method: 'POST',
        headers: { authorization: administrator },
      });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.code, 'vitrine_user_not_erasable');
      assert.deepEqual((await server.store.users.findById(staff.id))!.roles, staff.roles, 'a staff account stays');
      const erased = await fetchJson(server.restUrl(`/vitrine/v1/users/${bob.id}/erase`), {
        method: 'POST',
        headers: { authorization: manager },
      });
      assert.equal(erased.status, 200, JSON.stringify(erased.body));
      assert.equal(erased.body.items_retained, 1);
      assert.equal(await server.store.users.findByLogin(bobEmail), null);
      assert.equal((await server.store.orders.findByNumber(bobOrder))!.billing.first_name, SHOPPER_ADDRESS.first_name);
    });
  });
}
