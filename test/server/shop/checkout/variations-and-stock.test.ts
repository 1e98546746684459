// Stock with variations: shoppers choose a variation on the product page, product cards carry
// add to cart, and placing an order takes the units from the catalog, so that the last unit is sold once.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { importCatalogRows } from '../../../../server/catalog/catalog-import.js';
import { catalogCsvRows } from '../../support/catalog-csv.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const address = {
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Nowak',
  street: 'Długa 1',
  postcode: '00-001',
  city: 'Warszawa',
  country: 'PL',
  phone: '',
  payment_method: 'bank_transfer',
};

describe('variations, cards and stock in the shop', () => {
  const suite = useTestServer();
  const item = (id: number) => {
    for (const product of suite.server.store.catalog.data.products) {
      if (product.id === id) return product;
      const variation = product.variations?.find((candidate) => candidate.id === id);
      if (variation) return variation;
    }
    throw new Error(`no item ${id}`);
  };

  // Slugs are made from the names, unique in the catalog: ask the store.
  const pageOf = (id: number) =>
    `/product/${suite.server.store.catalog.data.products.find((product) => product.id === id)!.slug}`;

  before(async () => {
    const report = await importCatalogRows(
      suite.server.store,
      await catalogCsvRows([
        {
          ID: 1010,
          Type: 'simple',
          SKU: 'MUG',
          Name: 'Mug',
          Published: 1,
          'Regular price': 20,
          'In stock?': 1,
          Stock: 5,
          Categories: 'Kitchen',
        },
        {
          ID: 1020,
          Type: 'variable',
          SKU: 'TEE',
          Name: 'Tee',
          Published: 1,
          Categories: 'Clothing',
          'Attribute 1 name': 'size',
          'Attribute 1 value(s)': 'S, M, L',
        },
        {
          ID: 1021,
          Type: 'variation',
          SKU: 'TEE-S',
          Published: 1,
          'Regular price': 15,
          'In stock?': 1,
          Stock: 1,
          Parent: 'id:1020',
          'Attribute 1 name': 'size',
          'Attribute 1 value(s)': 'S',
        },
        {
          ID: 1022,
          Type: 'variation',
          SKU: 'TEE-M',
          Published: 1,
          'Regular price': 18,
          'In stock?': 0,
          Stock: 0,
          Parent: 'id:1020',
          'Attribute 1 name': 'size',
          'Attribute 1 value(s)': 'M',
        },
        {
          ID: 1023,
          Type: 'variation',
          SKU: 'TEE-L',
          Published: 1,
          'Regular price': 19,
          'In stock?': 1,
          Stock: 3,
          Parent: 'id:1020',
          'Attribute 1 name': 'size',
          'Attribute 1 value(s)': 'L',
        },
        {
          ID: 1030,
          Type: 'simple',
          SKU: 'CAP',
          Name: 'Cap',
          Published: 1,
          'Regular price': 9,
          'In stock?': 0,
          Stock: 0,
          Categories: 'Clothing',
        },
      ]),
      { mode: 'replace' },
    );
    assert.deepEqual(report.problems, []);
    await suite.server.store.site.update((site) => {
      for (const box of site.checkboxes) if (box.location === 'checkout') box.required = false;
    });
  });

  /** Every checkout box ticked, so that only stock decides. */
  const consents = () =>
    Object.fromEntries(
      suite.server.store.site.data.checkboxes
        .filter((box) => box.location === 'checkout' && box.enabled)
        .map((box) => [`legal_${box.id}`, '1']),
    );

  async function order(visitor: Visitor) {
    await visitor.get('/checkout');
    return visitor.post('/checkout', { ...address, ...consents() });
  }

  it('asks for a variation on a variable product page; one out of stock is listed but cannot be chosen', async () => {
    const page = await new Visitor(suite.server.url).get(pageOf(1020));
    assert.match(page.html, /<select id="variation-1020" name="variation_id" required>/);
    assert.match(page.html, /<option value="1021"[^>]*>Size: S \(/);
    assert.match(page.html, /<option value="1022"[^>]*disabled[^>]*>Size: M \([^)]*\) – brak w magazynie/);
    const cap = await new Visitor(suite.server.url).get(pageOf(1030));
    assert.doesNotMatch(cap.html, /action="\/cart\/add"/, 'nothing to add when out of stock');
  });

  it('refuses a variable product without a choice, and adds the chosen variation under its own name', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get(pageOf(1020));
    const refused = await visitor.post('/cart/add', { product_id: '1020', variation_id: '', quantity: '1' });
    assert.equal(refused.status, 400);
    assert.match(refused.html, /wybierz wariant/);
    const wrongParent = await visitor.post('/cart/add', { product_id: '1010', variation_id: '1021', quantity: '1' });
    assert.equal(wrongParent.status, 400, 'a variation of another product is refused');
    const added = await visitor.post('/cart/add', { product_id: '1020', variation_id: '1023', quantity: '2' });
    assert.equal(added.status, 303);
    const cart = await visitor.get(added.location!);
    assert.match(cart.html, /Dodano do koszyka: „Tee – Size: L”/);
    assert.match(cart.html, /name="qty_1023"[^>]*value="2"/);
    const tooMany = await visitor.post('/cart/add', { product_id: '1020', variation_id: '1023', quantity: '2' });
    assert.equal(tooMany.status, 409, 'the variation has its own stock: 3');
    assert.match(tooMany.html, /Produktu „Tee – Size: L” zostały tylko 3 sztuki/);
  });

  it('puts add to cart on cards of buyable simple products and "Choose options" on variable ones, in pages and /filter', async () => {
    const visitor = new Visitor(suite.server.url);
    const shop = await visitor.get('/shop');
    const card = (html: string, title: string) =>
      new RegExp(
        `<article class="facet-filter__card">(?:(?!</article>).)*>${title}</a>(?:(?!</article>).)*</article>`,
        's',
      ).exec(html)?.[0] ?? '';
    assert.match(
      card(shop.html, 'Mug'),
      /<form method="post" action="\/cart\/add"[^>]*data-add-to-cart>.*name="product_id" value="1010".*Dodaj do koszyka/s,
    );
    assert.match(
      card(shop.html, 'Tee'),
      /<a class="button button--secondary facet-filter__choose" href="([^"]+)">Wybierz wariant/,
    );
    assert.equal(/facet-filter__choose" href="([^"]+)"/.exec(card(shop.html, 'Tee'))?.[1], pageOf(1020));
    assert.doesNotMatch(card(shop.html, 'Cap'), /Dodaj do koszyka|Wybierz wariant/, 'nothing for what is out of stock');
    const answer = await fetch(suite.server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: visitor.cookieHeader },
      body: JSON.stringify({ query: { sf_q: 'mug' } }),
    });
    const fragments = (await answer.json()) as { results_html: string };
    const token = /name="_csrf" value="([^"]+)"/.exec(fragments.results_html)?.[1];
    assert.ok(token, 'cards swapped in by the element carry the form token too');
    const added = await visitor.post('/cart/add', { product_id: '1010', _csrf: token }, { withToken: false });
    assert.equal(added.status, 303, 'the token of a /filter card is accepted for this visitor');
  });

  it('takes the units when an order is placed, variation and parent alike', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get(pageOf(1010));
    await visitor.post('/cart/add', { product_id: '1010', quantity: '2' });
    await visitor.post('/cart/add', { product_id: '1020', variation_id: '1023', quantity: '1' });
    const stockBefore = { mug: item(1010).stock_quantity, large: item(1023).stock_quantity };
    const placed = await order(visitor);
    assert.equal(placed.status, 303, placed.html.slice(0, 300));
    assert.equal(item(1010).stock_quantity, stockBefore.mug - 2);
    assert.equal(item(1023).stock_quantity, stockBefore.large - 1);
    const orders = (
      await fetchJson(suite.server.restUrl('/vitrine/v1/orders'), { headers: { authorization: suite.manager } })
    ).body as {
      lines: { product_id: number; variation_id?: number; title: string; attributes?: Record<string, string> }[];
    }[];
    assert.deepEqual(
      orders[0]!.lines.map((line) => [line.product_id, line.variation_id, line.title]),
      [
        [1010, undefined, 'Mug'],
        [1020, 1023, 'Tee – Size: L'],
      ],
    );
    assert.deepEqual(
      orders[0]!.lines.map((line) => line.attributes),
      [undefined, item(1023).attributes],
      'the chosen attributes are kept with the line',
    );
  });

  it('sells the last unit once: of two shoppers ordering it at the same moment, one is told and nothing is ordered', async () => {
    assert.equal(item(1021).stock_quantity, 1);
    const shoppers = [new Visitor(suite.server.url), new Visitor(suite.server.url)];
    for (const shopper of shoppers) {
      await shopper.get(pageOf(1020));
      assert.equal(
        (await shopper.post('/cart/add', { product_id: '1020', variation_id: '1021', quantity: '1' })).status,
        303,
      );
      await shopper.get('/checkout');
    }
    const ordersBefore = (
      (await fetchJson(suite.server.restUrl('/vitrine/v1/orders'), { headers: { authorization: suite.manager } }))
        .body as unknown[]
    ).length;
    const answers = await Promise.all(
      shoppers.map((shopper) => shopper.post('/checkout', { ...address, ...consents() })),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [303, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    assert.match(refused.html, /jest wyprzedany\. Zamówienie nie zostało złożone/);
    assert.match(refused.html, /name="street"[^>]*value="Długa 1"/, 'the typed address is kept');
    const ordersAfter = (
      (await fetchJson(suite.server.restUrl('/vitrine/v1/orders'), { headers: { authorization: suite.manager } }))
        .body as unknown[]
    ).length;
    assert.equal(ordersAfter, ordersBefore + 1);
    assert.equal(item(1021).stock_quantity, 0);
    assert.equal(item(1021).in_stock, false);
  });
});
