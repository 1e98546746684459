// A company buyer checks out without JavaScript, with its NIP or EU VAT number and goods delivered elsewhere than its
// registered address: a wrong number or postcode sends the form back with everything typed and nothing ordered; a
// right one is kept with the order and shown on the confirmation, in both order e-mails and in wc/v3 as WooCommerce's
// own client reads it; the delivery country decides the shipping zone.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../../server/auth/users.js';
import type { ReceivedMail } from '../../../support/test-smtp-server.js';
import { publishLegalPages } from '../../support/legal-pages.js';
import { useMailTestServer } from '../../support/mail-test-server.js';
import { Visitor, type PageAnswer } from '../../support/visitor.js';
import { type WooCommerceClient, wooCommerceClient } from '../../support/woocommerce-client.js';

const NOTIFY = 'orders@shop.example';

const billing = {
  first_name: 'Ewa',
  last_name: 'Kowalczyk',
  street: 'Biurowa 12',
  postcode: '00-950',
  city: 'Warszawa',
  country: 'PL',
  phone: '',
  payment_method: 'bank_transfer',
};
const company = { company_buyer: '1', company: 'Przykład & Syn Sp. z o.o.', company_tax_id: 'PL 123-456-32-18' };
const delivery = {
  ship_elsewhere: '1',
  shipping_first_name: 'Jan',
  shipping_last_name: 'Magazynier',
  shipping_street: 'Lagerstraße 5',
  shipping_postcode: '10115',
  shipping_city: 'Berlin',
  shipping_country: 'DE',
};

describe('company buyers and a separate delivery address at checkout', () => {
  const suite = useMailTestServer();
  const { smtp } = suite;
  let erp: WooCommerceClient;

  before(async () => {
    await publishLegalPages(suite.server);
    await suite.server.store.site.update((site) => {
      site.settings.general.notification_email = NOTIFY;
      // Every order here comes from one address by bank transfer; the limit of unpaid orders is not what this tests.
      site.settings.checkout.unpaid_orders_per_source = 100;
    });
    const zones = await fetch(suite.server.restUrl('/vitrine/v1/shipping/zones'), {
      method: 'PUT',
      headers: { authorization: suite.manager, 'content-type': 'application/json' },
      body: JSON.stringify({
        zones: [
          { name: 'Polska', countries: ['PL'], methods: [{ type: 'flat_rate', title: 'Kurier krajowy', cost: 15 }] },
          { name: 'Niemcy', countries: ['DE'], methods: [{ type: 'flat_rate', title: 'Kurier do Niemiec', cost: 40 }] },
        ],
      }),
    });
    assert.equal(zones.status, 200, await zones.text());
    await createUser(suite.server.store, { login: 'erp', role: 'shop_manager', password: 'a-long-password' });
    erp = await wooCommerceClient(suite.server, 'erp', 'ERP');
  });

  const ticked = () =>
    Object.fromEntries(
      suite.server.store.site.data.checkboxes
        .filter((box) => box.location === 'checkout' && box.enabled)
        .map((box) => [`legal_${box.id}`, '1']),
    );

  async function visitorAtCheckout(): Promise<{ visitor: Visitor; form: PageAnswer }> {
    const product = suite.server.store.catalog.data.products.find(
      (candidate) => candidate.type !== 'variable' && candidate.in_stock && candidate.stock_quantity >= 3,
    )!;
    const visitor = new Visitor(suite.server.url);
    await visitor.get(`/product/${product.slug}`);
    assert.equal((await visitor.post('/cart/add', { product_id: String(product.id), quantity: '1' })).status, 303);
    return { visitor, form: await visitor.get('/checkout') };
  }

  const orderCount = async () => (await suite.server.store.orders.list()).length;

  /** The field's error is beside it, read with it (aria-describedby) and focused; the form is there again. */
  function assertFieldError(answer: PageAnswer, field: string, message: RegExp) {
    assert.equal(answer.status, 400);
    assert.match(answer.html, new RegExp(`<p class="field-error" id="${field}-error">[^<]*</p>`));
    assert.match(answer.html.match(new RegExp(`<p class="field-error" id="${field}-error">([^<]*)</p>`))![1]!, message);
    const input = answer.html.match(new RegExp(`<input id="${field}"[^>]*>`))![0];
    assert.match(input, new RegExp(`aria-describedby="${field}-error`));
    assert.match(input, /autofocus/);
    assert.match(input, /aria-invalid="true"/);
  }

  it('offers both parts in the page without a script: the boxes, and the fields they reveal by CSS', async () => {
    const { form } = await visitorAtCheckout();
    assert.match(form.html, /<input type="checkbox" id="company_buyer" name="company_buyer" value="1"/);
    assert.match(form.html, /<label for="company_buyer">Kupuję jako firma i chcę fakturę VAT<\/label>/);
    assert.match(form.html, /<input type="checkbox" id="ship_elsewhere" name="ship_elsewhere" value="1"/);
    for (const field of ['company', 'company_tax_id', 'shipping_first_name', 'shipping_postcode', 'shipping_city'])
      assert.match(form.html, new RegExp(`<input id="${field}" name="${field}"`), field);
    assert.match(form.html, /<select id="shipping_country" name="shipping_country"/);
    assert.doesNotMatch(form.html, /<script[^>]*checkout-part/);
  });

  it('refuses a wrong NIP beside its field, keeps everything typed, and orders nothing', async () => {
    const { visitor } = await visitorAtCheckout();
    const before = await orderCount();
    const answer = await visitor.post('/checkout', {
      ...billing,
      email: 'ewa@example.com',
      ...company,
      company_tax_id: '123-456-32-19',
      ...delivery,
      ...ticked(),
    });
    assertFieldError(answer, 'company_tax_id', /Ten NIP jest nieprawidłowy – sprawdź jego dziesięć cyfr/);
    assert.match(answer.html, /value="123-456-32-19"/);
    assert.match(answer.html, /value="Przykład &amp; Syn Sp. z o.o."/);
    assert.match(answer.html, /value="Lagerstraße 5"/);
    assert.match(answer.html, /id="company_buyer" name="company_buyer" value="1"\s+checked/);
    assert.match(answer.html, /id="ship_elsewhere" name="ship_elsewhere" value="1"\s+checked/);
    assert.match(answer.html, /<option value="DE"\s+selected/);
    assert.match(answer.html, /<a href="#company_tax_id">/, 'the error summary links to the field');
    assert.equal(await orderCount(), before);
  });

  it('refuses a VAT number of another member state whose check digit is wrong, naming the country', async () => {
    const { visitor } = await visitorAtCheckout();
    const answer = await visitor.post('/checkout', {
      ...billing,
      email: 'ewa@example.com',
      ...company,
      company_tax_id: 'DE136695977',
      ...ticked(),
    });
    assertFieldError(answer, 'company_tax_id', /Ten numer VAT \(Niemcy\) jest nieprawidłowy/);
  });

  it('asks a company buyer for its name and NIP', async () => {
    const { visitor } = await visitorAtCheckout();
    const answer = await visitor.post('/checkout', {
      ...billing,
      email: 'ewa@example.com',
      company_buyer: '1',
      ...ticked(),
    });
    assert.equal(answer.status, 400);
    assert.match(answer.html, /id="company-error">Podaj nazwę firmy/);
    assert.match(answer.html, /id="company_tax_id-error">Podaj NIP firmy/);
  });

  it('refuses a postcode that is not of its country, for the billing and the delivery address, and orders nothing', async () => {
    const { visitor } = await visitorAtCheckout();
    const before = await orderCount();
    const answer = await visitor.post('/checkout', {
      ...billing,
      postcode: 'ABCDE',
      email: 'ewa@example.com',
      ...delivery,
      shipping_postcode: '1011',
      ...ticked(),
    });
    assertFieldError(answer, 'postcode', /To nie jest kod pocztowy w formacie kraju Polska – wpisz go np. tak: 00-950/);
    assert.match(
      answer.html,
      /id="shipping_postcode-error">To nie jest kod pocztowy w formacie kraju Niemcy – wpisz go np. tak: 10115/,
    );
    assert.match(answer.html, /value="ABCDE"/);
    assert.equal(await orderCount(), before);
  });

  it('shows the delivery methods of the delivery country when asked to update them', async () => {
    const { visitor } = await visitorAtCheckout();
    const answer = await visitor.post('/checkout', { ...billing, ...delivery, update_shipping: '1' });
    assert.equal(answer.status, 200);
    assert.match(answer.html, /Kurier do Niemiec/);
    assert.doesNotMatch(answer.html, /Kurier krajowy/);
    assert.match(answer.html, /<option value="PL"\s+selected/, 'the billing country stays as chosen');
  });

  it('keeps a company order’s NIP and delivery address and shows them on the confirmation, in both e-mails and in wc/v3', async () => {
    const { visitor } = await visitorAtCheckout();
    const placed = await visitor.post('/checkout', {
      ...billing,
      email: 'firma@example.com',
      ...company,
      ...delivery,
      ...ticked(),
    });
    assert.equal(placed.status, 303, placed.html.slice(0, 800));
    const number = /VT-\d{6}/.exec(placed.location!)![0];
    const order = (await suite.server.store.orders.findByNumber(number))!;
    assert.equal(order.company_tax_id, '1234563218');
    assert.equal(order.billing.company, 'Przykład & Syn Sp. z o.o.');
    assert.deepEqual(order.shipping_address, {
      first_name: 'Jan',
      last_name: 'Magazynier',
      street: 'Lagerstraße 5',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: '',
    });
    assert.equal(order.shipping_lines[0]!.method_title, 'Kurier do Niemiec', 'the delivery country’s zone');

    const confirmation = await visitor.get(placed.location!);
    assert.match(
      confirmation.html,
      /<h2>Adres dostawy<\/h2>\s*<address>Jan Magazynier<br \/>Lagerstraße 5<br \/>10115 Berlin<br \/>Niemcy<\/address>/,
    );
    assert.match(
      confirmation.html,
      /<h2>Dane do faktury<\/h2>\s*<address>Ewa Kowalczyk<br \/>Przykład &amp; Syn Sp. z o.o.<br \/>Biurowa 12<br \/>00-950 Warszawa<br \/>Polska<br \/>NIP: 1234563218<\/address>/,
    );

    const mails = await smtp.waitFor(
      (mail) =>
        mail.recipients.includes('firma@example.com') ||
        (mail.recipients.includes(NOTIFY) && String(mail.parsed.subject).includes(number)),
      2,
    );
    for (const mail of mails as ReceivedMail[]) {
      const text = mail.parsed.text!;
      assert.match(text, /Adres dostawy[\s\S]*Jan Magazynier[\s\S]*Lagerstraße 5[\s\S]*10115 Berlin[\s\S]*Niemcy/);
      assert.match(text, /Dane do faktury[\s\S]*Przykład & Syn Sp. z o.o.[\s\S]*NIP: 1234563218/);
      assert.match(String(mail.parsed.html), /Przykład &amp; Syn Sp\. z o\.o\./);
    }

    const read = (await erp.get(`orders/${order.id}`)).data;
    assert.equal(read.billing.company, 'Przykład & Syn Sp. z o.o.');
    assert.equal(read.billing.address_1, 'Biurowa 12');
    assert.deepEqual(
      [
        read.shipping.first_name,
        read.shipping.address_1,
        read.shipping.postcode,
        read.shipping.city,
        read.shipping.country,
      ],
      ['Jan', 'Lagerstraße 5', '10115', 'Berlin', 'DE'],
    );
    assert.deepEqual(read.meta_data, [
      { id: 1, key: '_billing_nip', value: '1234563218' },
      { id: 7, key: 'wpml_language', value: 'pl' },
    ]);

    // An integrator sends the order back as it read it, with the company renamed: both addresses survive.
    const sentBack = await erp.put(`orders/${order.id}`, {
      ...read,
      billing: { ...read.billing, company: 'Przykład i Wnuk Sp. z o.o.' },
    });
    assert.equal(sentBack.status, 200);
    const renamed = (await suite.server.store.orders.find(order.id))!;
    assert.equal(renamed.billing.company, 'Przykład i Wnuk Sp. z o.o.');
    assert.deepEqual(renamed.shipping_address, order.shipping_address);
  });

  it('keeps an EU VAT number under WooCommerce’s VAT number key too, and a consumer order without either', async () => {
    const { visitor } = await visitorAtCheckout();
    const placed = await visitor.post('/checkout', {
      ...billing,
      email: 'gmbh@example.com',
      ...company,
      company: 'Beispiel GmbH',
      company_tax_id: 'de 136 695 976',
      ...ticked(),
    });
    assert.equal(placed.status, 303, placed.html.slice(0, 800));
    const order = (await suite.server.store.orders.findByNumber(/VT-\d{6}/.exec(placed.location!)![0]))!;
    assert.equal(order.shipping_address, null);
    const read = (await erp.get(`orders/${order.id}`)).data;
    assert.deepEqual(read.meta_data, [
      { id: 1, key: '_billing_nip', value: 'DE136695976' },
      { id: 2, key: '_billing_vat_number', value: 'DE136695976' },
      { id: 7, key: 'wpml_language', value: 'pl' },
    ]);
    assert.equal(read.shipping.address_1, 'Biurowa 12', 'without a delivery address the goods go to the billing one');
    const confirmation = await visitor.get(placed.location!);
    assert.match(confirmation.html, /Numer VAT UE: DE136695976/);

    const consumer = await visitorAtCheckout();
    // A company part filled in and then unticked is not the customer's wish: the order is a consumer's.
    const consumerOrder = await consumer.visitor.post('/checkout', {
      ...billing,
      email: 'anna@example.com',
      company: 'Left over',
      company_tax_id: '123',
      ...ticked(),
    });
    assert.equal(consumerOrder.status, 303, consumerOrder.html.slice(0, 800));
    const stored = (await suite.server.store.orders.findByNumber(/VT-\d{6}/.exec(consumerOrder.location!)![0]))!;
    assert.equal(stored.company_tax_id, '');
    assert.equal(stored.billing.company, undefined);
    assert.deepEqual((await erp.get(`orders/${stored.id}`)).data.meta_data, [
      { id: 7, key: 'wpml_language', value: 'pl' },
    ]);
  });
});
