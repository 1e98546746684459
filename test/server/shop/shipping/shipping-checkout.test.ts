// A shopper without JavaScript chooses a country from the list and a delivery method, pays
// the shipping (and the cash-on-delivery fee) in the total shown before the order button and stored with the order,
// and the confirmation gives the shop's IBAN and the transfer title. On both stores that keep orders.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Order } from '../../../../server/store/schema.js';
import { STORE_KINDS } from '../../support/store-kinds.js';
import { fetchJson, startTestServer, type TestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const address = {
  email: 'ewa@example.com',
  first_name: 'Ewa',
  last_name: 'Lis',
  street: 'Krótka 2',
  postcode: '00-002',
  city: 'Warszawa',
  phone: '',
};

/** A money amount as pl-PL writes it ("14,99 zł" with a no-break space), as a pattern. */
const zl = (amount: string) => `${amount.replace(/ /g, '\\s').replace(/\./g, ',')}\\szł`;

for (const kind of STORE_KINDS) {
  describe(`shipping and payment at checkout, without JavaScript (${kind.name})`, () => {
    let server: TestServer;
    let manager: string;
    before(async () => {
      const env = await kind.freshShop();
      server = await startTestServer({ dataDir: env.DATA_DIR, env });
      manager = await server.basicAuthFor('shop_manager');
    });
    after(() => server?.stop());

    const coffee = () =>
      server.store.catalog.data.products.find((product) => product.slug === 'single-origin-coffee-beans')!;
    const orders = async () =>
      (await fetchJson(server.restUrl('/vitrine/v1/orders'), { headers: { authorization: manager } })).body as Order[];
    const ticked = () =>
      Object.fromEntries(
        server.store.site.data.checkboxes
          .filter((box) => box.location === 'checkout' && box.enabled && box.required)
          .map((box) => [`legal_${box.id}`, '1']),
      );

    async function visitorWithCoffee(quantity: number): Promise<Visitor> {
      const visitor = new Visitor(server.url);
      await visitor.get(`/product/${coffee().slug}`);
      const added = await visitor.post('/cart/add', { product_id: String(coffee().id), quantity: String(quantity) });
      assert.equal(added.status, 303);
      return visitor;
    }

    it('estimates shipping in the cart for the default country and for one chosen from the list', async () => {
      const visitor = await visitorWithCoffee(1);
      const cart = await visitor.get('/cart');
      assert.match(cart.html, /<h2 id="shipping-estimate-title">Dostawa do kraju: Polska<\/h2>/);
      assert.match(cart.html, new RegExp(`<li>Kurier: ${zl('14.99')}</li>`));
      assert.match(cart.html, new RegExp(`Darmowa dostawa od ${zl('200.00')}: brakuje Ci ${zl('160.01')}`));
      assert.match(cart.html, new RegExp(`Szacowana suma z dostawą Kurier: ${zl('54.98')}`));
      const abroad = await visitor.get('/cart?country=DE');
      assert.match(abroad.html, /Dostawa do kraju: Niemcy/);
      assert.match(abroad.html, new RegExp(`Kurier zagraniczny: ${zl('39.99')}`));
      assert.match(
        abroad.html,
        /href="\/checkout\?country=DE"/,
        'the checkout starts with the country of the estimate',
      );
      assert.match((await visitor.get('/cart?country=US')).html, /Nie wysyłamy do kraju: Stany Zjednoczone/);
    });

    it('orders to another country of a zone: Update delivery options, its method, shipping in the total, IBAN and title on the confirmation', async () => {
      const visitor = await visitorWithCoffee(1);
      const form = await visitor.get('/checkout');
      assert.match(form.html, /<select id="country" name="country"/, 'the country is a list, not a text field');
      assert.match(form.html, /<option value="PL" selected>Polska<\/option>/);
      assert.match(form.html, /<option value="DE"\s*>Niemcy<\/option>/);
      assert.doesNotMatch(form.html, /<option value="US"/, 'only the countries the shop delivers to');
      assert.match(form.html, /<input type="radio" id="shipping_method_1" name="shipping_method" value="1"\s+checked/);
      assert.match(form.html, new RegExp(`<dt>Dostawa \\(Kurier\\)</dt><dd>${zl('14.99')}</dd>`));
      assert.match(form.html, /Czas dostawy: 1–2 business days/);
      const before = await orders();

      const updated = await visitor.post('/checkout', {
        ...address,
        country: 'DE',
        postcode: '10115',
        payment_method: 'bank_transfer',
        shipping_method: '1',
        update_shipping: '1',
      });
      assert.equal(updated.status, 200);
      assert.match(updated.html, /<legend>Dostawa do kraju: Niemcy<\/legend>/);
      assert.match(
        updated.html,
        new RegExp(
          `<input type="radio" id="shipping_method_4" name="shipping_method" value="4"\\s+checked[^>]*/>\\s*<label for="shipping_method_4">Kurier zagraniczny: ${zl('39.99')}`,
        ),
      );
      assert.doesNotMatch(updated.html, /shipping_method_1/, 'the Polish methods are gone');
      assert.match(
        updated.html,
        new RegExp(`<dt>Do zapłaty</dt><dd><strong>${zl('79.98')}</strong>`),
        'the total before the order button includes shipping',
      );
      assert.match(updated.html, /name="street"[^>]*value="Krótka 2"/, 'typed values are kept');
      assert.deepEqual(await orders(), before, 'updating the delivery options orders nothing');

      const placed = await visitor.post('/checkout', {
        ...address,
        country: 'DE',
        postcode: '10115',
        payment_method: 'bank_transfer',
        shipping_method: '4',
        ...ticked(),
      });
      assert.equal(placed.status, 303, placed.html.slice(0, 400));
      const confirmation = await visitor.get(placed.location!);
      const number = /Przyjęliśmy Twoje zamówienie (VT-\d{6})\./.exec(confirmation.html)![1]!;
      assert.match(confirmation.html, new RegExp(`Dostawa: Kurier zagraniczny</th><td>${zl('39.99')}`));
      assert.match(
        confirmation.html,
        /<dt>IBAN<\/dt><dd class="bank-details__iban">PL61 1090 1014 0000 0712 1981 2874<\/dd>/,
      );
      assert.match(confirmation.html, /<dt>BIC \(SWIFT\)<\/dt><dd>WBKPPLPP<\/dd>/);
      assert.match(confirmation.html, new RegExp(`<dt>Tytuł przelewu</dt><dd><strong>${number}</strong>`));
      assert.match(confirmation.html, new RegExp(`<dt>Kwota</dt><dd><strong>${zl('79.98')}</strong>`));
      assert.match(confirmation.html, /<br \/>Niemcy<\/address>/);

      const stored = (await orders()).find((order) => order.number === number)!;
      assert.deepEqual(stored.shipping_lines, [
        { method_id: 'flat_rate', instance_id: 4, method_title: 'Kurier zagraniczny', total: 39.99 },
      ]);
      assert.deepEqual(stored.fee_lines, []);
      assert.equal(stored.shipping_total, 39.99);
      assert.equal(stored.subtotal, 39.99);
      assert.equal(stored.total, 79.98);
      assert.equal(stored.billing.country, 'DE');
    });

    it('offers free shipping from its minimum amount, and refuses it below', async () => {
      const small = await visitorWithCoffee(1);
      await small.get('/checkout');
      assert.doesNotMatch((await small.get('/checkout')).html, /Darmowa dostawa kurierem/);
      const before = await orders();
      const refused = await small.post('/checkout', {
        ...address,
        country: 'PL',
        payment_method: 'bank_transfer',
        shipping_method: '2',
        ...ticked(),
      });
      assert.equal(refused.status, 400);
      assert.match(
        refused.html,
        /id="shipping_method-error">Wybierz jedną z metod dostawy dostępnych dla kraju: Polska\./,
      );
      assert.deepEqual(await orders(), before, 'nothing stored');

      const large = await visitorWithCoffee(6); // 6 × 39,99 = 239,94 zł
      const form = await large.get('/checkout');
      assert.match(form.html, /<label for="shipping_method_2">Darmowa dostawa kurierem: bezpłatnie<\/label>/);
      const placed = await large.post('/checkout', {
        ...address,
        country: 'PL',
        payment_method: 'bank_transfer',
        shipping_method: '2',
        ...ticked(),
      });
      assert.equal(placed.status, 303);
      const confirmation = await large.get(placed.location!);
      assert.match(confirmation.html, /Dostawa: Darmowa dostawa kurierem<\/th><td>Bezpłatnie<\/td>/);
      const stored = (await orders())[0]!;
      assert.deepEqual([stored.shipping_total, stored.total], [0, 239.94]);
    });

    it('refuses a country outside every zone with a clear error and stores nothing, stock untouched', async () => {
      const visitor = await visitorWithCoffee(2);
      await visitor.get('/checkout');
      const before = await orders();
      const stock = coffee().stock_quantity;
      const refused = await visitor.post('/checkout', {
        ...address,
        country: 'US',
        payment_method: 'bank_transfer',
        ...ticked(),
      });
      assert.equal(refused.status, 400);
      assert.match(
        refused.html,
        /id="country-error">Nie wysyłamy do kraju: Stany Zjednoczone\. Wysyłamy do: Polska, Austria/,
      );
      assert.match(refused.html, /<select id="country" name="country"[^>]*autofocus/, 'focus goes to the country');
      const unknown = await visitor.post('/checkout', {
        ...address,
        country: 'XX',
        payment_method: 'bank_transfer',
        ...ticked(),
      });
      assert.equal(unknown.status, 400);
      assert.match(unknown.html, /id="country-error">Wybierz kraj z listy\./);
      assert.deepEqual(await orders(), before);
      assert.equal(coffee().stock_quantity, stock);
    });

    it('adds the cash-on-delivery fee as a fee line, shown before the order button', async () => {
      const visitor = await visitorWithCoffee(1);
      const form = await visitor.get('/checkout');
      assert.match(form.html, new RegExp(`Płatność przy odbiorze \\(opłata ${zl('5.00')}\\)`));
      assert.match(
        form.html,
        new RegExp(`Płatność przy odbiorze kosztuje dodatkowo ${zl('5.00')}: do zapłaty będzie wtedy ${zl('59.98')}`),
      );
      const placed = await visitor.post('/checkout', {
        ...address,
        country: 'PL',
        payment_method: 'cash_on_delivery',
        ...ticked(),
      });
      assert.equal(placed.status, 303, 'without a choice, the first method (the one the form pre-selects) applies');
      const confirmation = await visitor.get(placed.location!);
      assert.match(confirmation.html, new RegExp(`Opłata za płatność przy odbiorze</th><td>${zl('5.00')}`));
      assert.match(confirmation.html, new RegExp(`Zapłać ${zl('59.98')} kurierowi przy odbiorze`));
      assert.doesNotMatch(confirmation.html, /Tytuł przelewu/);
      const stored = (await orders())[0]!;
      assert.deepEqual(stored.fee_lines, [{ name: 'Opłata za płatność przy odbiorze', total: 5 }]);
      assert.deepEqual(
        stored.shipping_lines.map((line) => line.method_title),
        ['Kurier'],
      );
      assert.equal(stored.total, 59.98);
    });

    it('asks an order collected in the shop and paid on collection to pay there, not to a courier', async () => {
      const visitor = await visitorWithCoffee(1);
      await visitor.get('/checkout');
      const placed = await visitor.post('/checkout', {
        ...address,
        email: 'odbior@example.com',
        country: 'PL',
        payment_method: 'cash_on_delivery',
        shipping_method: '3',
        ...ticked(),
      });
      assert.equal(placed.status, 303, placed.html.slice(0, 400));
      const confirmation = await visitor.get(placed.location!);
      assert.match(confirmation.html, /Dostawa: Odbiór osobisty w naszym sklepie w Warszawie/);
      assert.match(confirmation.html, new RegExp(`Zapłać ${zl('44.99')} przy odbiorze osobistym\\.`));
      assert.doesNotMatch(confirmation.html, /courier/);
      const [mail] = (
        await server.store.outbox.list({ page: 1, perPage: 5, recipient: 'odbior@example.com' })
      ).messages.filter((message) => message.kind === 'order-confirmation');
      assert.ok(mail, 'the confirmation is queued');
      const stored = (await server.store.outbox.find(mail.id))!;
      assert.match(
        stored.text,
        /Zapłać 44,99\szł przy odbiorze osobistym\./,
        "the e-mail says so too, in the shop's language",
      );
      assert.doesNotMatch(stored.text, /kurier/);
    });
  });
}
