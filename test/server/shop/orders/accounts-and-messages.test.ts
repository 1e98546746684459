// Registration with its checkboxes, the account's orders, contact messages, and the withdrawal function.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { publishLegalPages } from '../../support/legal-pages.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { checkOut, productsInStock, requiredBoxes } from '../../support/storefront-order.js';
import { Visitor } from '../../support/visitor.js';
import { registerThroughLink } from '../../support/registration.js';
import { newOrderLifecycle } from '../../../../server/shop/orders/order-lifecycle.js';
import { SYSTEM_ACTOR } from '../../../../server/shop/orders/order-actor.js';

/** Orders of these tests name no stock of the catalog. */
const noStock = () => ({ upsert: [], remove: [] });

const address = {
  first_name: 'Jan',
  last_name: 'Kowalski',
  street: 'Krótka 2',
  postcode: '00-002',
  city: 'Kraków',
  country: 'PL',
  phone: '',
};

describe('registration, account, contact and withdrawal', () => {
  const suite = useTestServer();
  // The seeded shop has no legal pages yet: these forms show the boxes that refer to one once it is published.
  before(() => publishLegalPages(suite.server));

  async function registered(email: string): Promise<Visitor> {
    const visitor = new Visitor(suite.server.url);
    const answer = await registerThroughLink(visitor, suite.server.store, {
      display_name: 'Jan',
      email,
      password: 'jan-password-1',
      ...requiredBoxes(suite.server, 'registration'),
    });
    assert.equal(answer.status, 303);
    assert.equal(answer.location, '/account');
    return visitor;
  }

  /** One unit of a simple product in stock, bought by `visitor` as `email`; answers the order's number. */
  const orderBy = (visitor: Visitor, email: string) =>
    checkOut(visitor, suite.server, email, productsInStock(suite.server, 1, 0, 2));

  it('registers a customer with the registration checkboxes, signs them in and records their consent', async () => {
    const visitor = await registered('jan@example.com');
    const account = await visitor.get('/account');
    assert.match(account.html, /Zalogowano jako Jan/);
    assert.match(account.html, /Nie masz jeszcze zamówień/);
    const user = (await suite.server.store.users.findByLogin('jan@example.com'))!;
    assert.deepEqual(user.roles, ['customer']);
    const records = (await suite.server.store.consent.log()).filter((record) => record.reference === `user:${user.id}`);
    assert.equal(records.length, 1);
    assert.equal(records[0]!.location, 'registration');
  });

  it('refuses a registration without the required checkbox, keeping what was typed; a taken e-mail creates nothing and is told by e-mail', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/register');
    const unticked = await visitor.post('/register', {
      display_name: 'Ewa',
      email: 'ewa@example.com',
      password: 'ewa-password-1',
    });
    assert.equal(unticked.status, 400);
    assert.match(unticked.html, /Zaznacz to pole/);
    assert.match(unticked.html, /name="email"[^>]*value="ewa@example.com"/);
    assert.equal(await suite.server.store.users.findByLogin('ewa@example.com'), null);
    // A taken address is answered as any other (the page must not tell a stranger who has an account); its owner is
    // told by e-mail instead, and the account stays as it was.
    await registerThroughLink(new Visitor(suite.server.url), suite.server.store, {
      display_name: 'Jan',
      email: 'jan-taken@example.com',
      password: 'jan-password-1',
      ...requiredBoxes(suite.server, 'registration'),
    });
    const before = (await suite.server.store.users.findByLogin('jan-taken@example.com'))!;
    const taken = await visitor.post('/register', {
      display_name: 'Jan 2',
      email: 'JAN-taken@example.com',
      password: 'jan-password-2',
      ...requiredBoxes(suite.server, 'registration'),
    });
    assert.equal(taken.status, 200);
    assert.match(taken.html, /Sprawdź skrzynkę e-mail/);
    assert.doesNotMatch(taken.html, /already/);
    const told = (await suite.server.store.outbox.list({ page: 1, perPage: 10, recipient: 'jan-taken@example.com' }))
      .messages;
    assert.ok(
      told.some((message) => message.kind === 'account-exists' && message.to === 'JAN-taken@example.com'),
      'the owner is told by e-mail',
    );
    assert.equal(
      told.filter((message) => message.kind === 'account-confirmation').length,
      1,
      'no second link for a taken address',
    );
    assert.deepEqual(await suite.server.store.users.findByLogin('jan-taken@example.com'), before);
  });

  it("lists a customer's orders in the account, each with the withdrawal link", async () => {
    const visitor = await registered('marta@example.com');
    const number = await orderBy(visitor, 'marta@example.com');
    const account = await visitor.get('/account');
    assert.ok(account.html.includes(`>${number}</a>`));
    assert.ok(account.html.includes(`href="/withdraw?order=${number}"`));
    assert.equal(
      (await visitor.get(`/order-received/${number}`)).status,
      200,
      'the owner sees the order without the key',
    );
  });

  it('keeps a contact message with its consent, for managers to read', async () => {
    const visitor = new Visitor(suite.server.url);
    const form = await visitor.get('/contact');
    assert.match(form.html, /<legend>Zgody<\/legend>/);
    const empty = await visitor.post('/contact', {
      name: 'Ola',
      email: 'ola@example.com',
      subject: '',
      message: 'Hello',
    });
    assert.equal(empty.status, 400);
    assert.match(empty.html, /name="name"[^>]*value="Ola"/);
    const sent = await visitor.post('/contact', {
      name: 'Ola',
      email: 'ola@example.com',
      subject: 'Sizes',
      message: 'Is M true to size?',
      ...requiredBoxes(suite.server, 'contact'),
    });
    assert.equal(sent.status, 200);
    assert.match(sent.html, /Wiadomość została wysłana/);
    const messages = (
      await fetchJson(suite.server.restUrl('/vitrine/v1/messages'), { headers: { authorization: suite.manager } })
    ).body;
    assert.equal(messages[0].subject, 'Sizes');
    const log = await suite.server.store.consent.log();
    assert.ok(log.some((record) => record.reference === `message:${messages[0].id}` && record.location === 'contact'));
  });

  it('withdraws a guest from a whole order in steps: order and e-mail, review, confirmation with the time of receipt; the items stay hidden', async () => {
    const buyer = new Visitor(suite.server.url);
    const number = await orderBy(buyer, 'guest@example.com');
    const stranger = new Visitor(suite.server.url);
    assert.match(
      (await stranger.get('/')).html,
      /href="\/withdraw">Odstąp od umowy tutaj</,
      'the link is in the footer',
    );
    await stranger.get('/withdraw');
    const wrongEmail = await stranger.post('/withdraw', { step: 'items', order: number, email: 'someone@example.com' });
    assert.equal(wrongEmail.status, 400);
    assert.match(wrongEmail.html, /Nie znaleźliśmy zamówienia o tym numerze i adresie e-mail/);
    const whole = await stranger.post('/withdraw', { step: 'items', order: number, email: 'guest@example.com' });
    assert.match(whole.html, /Odstępuję od całego zamówienia/);
    assert.doesNotMatch(whole.html, /name="item_\d+"/, 'a guest without the e-mailed link does not see the items');
    const review = await stranger.post('/withdraw', {
      step: 'review',
      order: number,
      email: 'guest@example.com',
      reason: 'Too small',
    });
    assert.match(review.html, /Potwierdzam odstąpienie/);
    assert.match(review.html, /Wszystkie produkty zamówienia/);
    assert.equal((await suite.server.store.withdrawals.list()).length, 0, 'nothing is stored before the confirmation');
    const done = await stranger.post('/withdraw', {
      step: 'confirm',
      order: number,
      email: 'guest@example.com',
      reason: 'Too small',
    });
    assert.match(done.html, /Otrzymaliśmy Twoje odstąpienie od zamówienia/);
    const [stored] = await suite.server.store.withdrawals.list();
    assert.equal(stored!.order_number, number);
    assert.equal(stored!.reason, 'Too small');
    assert.ok(done.html.includes(stored!.reference));
    const listed = (
      await fetchJson(suite.server.restUrl('/vitrine/v1/withdrawals'), { headers: { authorization: suite.manager } })
    ).body;
    assert.equal(listed[0].reference, stored!.reference);
  });

  it('answers clearly when the withdrawal period has ended', async () => {
    const old = await suite.server.store.orders.place(
      {
        ...newOrderLifecycle('bank_transfer', SYSTEM_ACTOR, new Date().toISOString()),
        user_id: null,
        email: 'late@example.com',
        billing: { ...address },
        company_tax_id: '',
        payment_method: 'bank_transfer',
        currency: 'PLN',
        lines: [{ product_id: 1, title: 'Old thing', sku: 'OLD', unit_price: 10, quantity: 1, line_total: 10 }],
        subtotal: 10,
        total: 10,
        consent: [],
        created_at: new Date(Date.now() - 40 * 86_400_000).toISOString(),
      },
      [],
      noStock,
    );
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/withdraw');
    const answer = await visitor.post('/withdraw', { step: 'items', order: old.number, email: 'late@example.com' });
    assert.equal(answer.status, 400);
    assert.match(answer.html, /Termin 14 dni na odstąpienie od zamówienia VT-\d{6} minął \d{1,2} \p{L}+ \d{4}/u);
  });

  it('has no withdrawal page or footer link when the function is off', async () => {
    await suite.server.store.site.update((site) => {
      site.settings.compliance.withdrawal_enabled = false;
    });
    try {
      const visitor = new Visitor(suite.server.url);
      assert.equal((await visitor.get('/withdraw')).status, 404);
      assert.doesNotMatch((await visitor.get('/')).html, /Odstąp od umowy tutaj/);
    } finally {
      await suite.server.store.site.update((site) => {
        site.settings.compliance.withdrawal_enabled = true;
      });
    }
  });
});
