// On the storefront: the unit price next to the price (following the sale price) on the
// widget's server-rendered cards, the product page and the cart; the delivery time; the "plus shipping" link and the
// shipping costs page it leads to; the shipping zones' REST route and the bank account's settings checks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { Visitor } from '../../support/visitor.js';

const zl = (amount: string) => `${amount.replace(/\./g, ',')}\\szł`;

describe('unit prices, delivery times and shipping costs on the storefront', () => {
  const suite = useTestServer();
  const product = (slug: string) =>
    suite.server.store.catalog.data.products.find((candidate) => candidate.slug === slug)!;
  const setSettings = (group: string, values: Record<string, unknown>) =>
    fetchJson(suite.server.restUrl(`/compliance/v1/settings/${group}`), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: values,
    });

  it('shows the unit price next to the price on the product page, following the sale price', async () => {
    const visitor = new Visitor(suite.server.url);
    const coffee = await visitor.get('/product/single-origin-coffee-beans');
    assert.match(
      coffee.html,
      new RegExp(
        `<div class="product__price">.*${zl('39.99')}.*<span class="price-unit">\\(${zl('159.96')} / 1 kg\\)</span>`,
        's',
      ),
    );
    const oil = await visitor.get('/product/extra-virgin-olive-oil');
    assert.match(
      oil.html,
      new RegExp(`<span class="price-unit">\\(${zl('59.98')} / 1 l\\)</span>`),
      'per litre of the sale price 29,99 zł',
    );
    assert.doesNotMatch(oil.html, new RegExp(zl('69.98')), 'not of the regular price');
    const honey = await visitor.get('/product/wildflower-honey');
    assert.match(honey.html, new RegExp(`\\(${zl('6.88')} / 100 g\\)`), 'grams per 100 g');
    const plain = await visitor.get(`/product/${suite.server.store.catalog.data.products[0]!.slug}`);
    assert.doesNotMatch(plain.html, /price-unit/, 'a product sold by the piece without a unit gives none');
  });

  it('shows the unit price on the cards of the server-rendered widget', async () => {
    const shop = await new Visitor(suite.server.url).get('/shop?sf_q=olive');
    assert.match(shop.html, /Extra Virgin Olive Oil/);
    assert.match(
      shop.html,
      new RegExp(`<div class="facet-filter__price">.*?<span class="price-unit">\\(${zl('59.98')} / 1 l\\)</span>`, 's'),
    );
    const answer = await fetchJson(`${suite.server.restUrl('/facet/v1/filter')}?sf_q=coffee+beans`);
    assert.match(
      JSON.stringify(answer.body),
      new RegExp(`\\(${zl('159.96')} / 1 kg\\)`),
      '/filter answers the same cards',
    );
  });

  it('gives the delivery time and the "plus shipping" link on product pages, and drops the link when prices include shipping', async () => {
    const visitor = new Visitor(suite.server.url);
    const coffee = await visitor.get('/product/single-origin-coffee-beans');
    assert.match(coffee.html, /<p class="product__delivery-time">Czas dostawy: 1–2 business days<\/p>/, 'its own');
    assert.match(coffee.html, /<a class="price-shipping" href="\/shipping-costs">plus koszty dostawy<\/a>/);
    const oil = await visitor.get('/product/extra-virgin-olive-oil');
    assert.match(oil.html, /Czas dostawy: 2–3 dni robocze/, "the shop's default");
    assert.equal(
      (await setSettings('storefront', { shipping_included: true, delivery_time: 'Next business day' })).status,
      200,
    );
    try {
      const changed = await visitor.get('/product/extra-virgin-olive-oil');
      assert.doesNotMatch(changed.html, /plus koszty dostawy/);
      assert.match(changed.html, /Czas dostawy: Next business day/);
    } finally {
      await setSettings('storefront', { shipping_included: false, delivery_time: '2–3 dni robocze' });
    }
  });

  it('lists the zones, their countries and methods on the shipping costs page', async () => {
    const page = await new Visitor(suite.server.url).get('/shipping-costs');
    assert.equal(page.status, 200);
    assert.match(page.html, /<h2 id="zone-1">Polska<\/h2>/);
    assert.match(page.html, new RegExp(`<th scope="row">Kurier</th><td>${zl('14.99')}</td>`));
    assert.match(
      page.html,
      new RegExp(
        `<th scope="row">Darmowa dostawa kurierem</th><td>Bezpłatnie przy zamówieniach od ${zl('200.00')}</td>`,
      ),
    );
    assert.match(page.html, /<h2 id="zone-2">Unia Europejska<\/h2>\s*<p>Austria, Belgia/);
    assert.match(page.html, new RegExp(`Płatność przy odbiorze to dodatkowa opłata ${zl('5.00')}`));
  });

  it('shows unit prices and delivery times in the cart', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/product/extra-virgin-olive-oil');
    await visitor.post('/cart/add', { product_id: String(product('extra-virgin-olive-oil').id), quantity: '2' });
    const cart = await visitor.get('/cart');
    assert.match(
      cart.html,
      new RegExp(`<td>${zl('29.99')} <small class="price-unit">\\(${zl('59.98')} / 1 l\\)</small></td>`),
    );
    assert.match(cart.html, /<small class="delivery-time">Czas dostawy: 2–3 dni robocze<\/small>/);
  });
});

describe('vitrine/v1/shipping/zones', () => {
  const suite = useTestServer();
  const zonesUrl = () => suite.server.restUrl('/vitrine/v1/shipping/zones');
  const put = (json: unknown, authorization = suite.manager) =>
    fetchJson(zonesUrl(), { method: 'PUT', headers: { authorization }, json });

  it('is for shop managers only', async () => {
    assert.equal((await fetchJson(zonesUrl())).status, 401);
    assert.equal(
      (await fetchJson(zonesUrl(), { headers: { authorization: await suite.server.basicAuthFor('customer') } })).status,
      403,
    );
    assert.deepEqual(
      (await fetchJson(zonesUrl(), { headers: { authorization: suite.manager } })).body.zones.map(
        (zone: { name: string }) => zone.name,
      ),
      ['Polska', 'Unia Europejska'],
    );
  });

  it('refuses a bad list naming every bad field, and changes nothing', async () => {
    const before = structuredClone(suite.server.store.site.data.shipping_zones);
    const refused = await put({
      zones: [
        { name: 'Home', countries: ['PL', 'ZZ'], methods: [{ type: 'flat_rate', title: 'Kurier', cost: -1 }] },
        { name: '', countries: ['PL'], methods: [{ type: 'drone', title: 'Fast' }] },
        {
          name: 'Away',
          countries: ['DE'],
          methods: [{ type: 'flat_rate', title: 'Post', cost: 9, tax_status: 'exempt' }],
        },
      ],
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(refused.body.data.params).sort(), [
      'zones[0].countries',
      'zones[0].methods[0].cost',
      'zones[1].countries',
      'zones[1].methods[0].type',
      'zones[1].name',
      'zones[2].methods[0].tax_status',
    ]);
    assert.match(refused.body.data.params['zones[1].countries'], /PL is already in zone 1/);
    assert.deepEqual(suite.server.store.site.data.shipping_zones, before);
  });

  it('saves a whole list, giving new zones and methods ids, and the checkout offers it at once', async () => {
    const saved = await put({
      zones: [
        {
          name: 'Czechia',
          countries: ['cz'],
          methods: [
            { type: 'local_pickup', title: 'Pickup in Prague', cost: 0 },
            { type: 'free_shipping', title: 'Free', min_amount: 0 },
          ],
        },
      ],
    });
    assert.equal(saved.status, 200);
    assert.deepEqual(saved.body.zones, [
      {
        id: 1,
        name: 'Czechia',
        countries: ['CZ'],
        methods: [
          { id: 1, type: 'local_pickup', title: 'Pickup in Prague', cost: 0, min_amount: 0 },
          { id: 2, type: 'free_shipping', title: 'Free', cost: 0, min_amount: 0 },
        ],
      },
    ]);
    const costs = await new Visitor(suite.server.url).get('/shipping-costs');
    assert.match(costs.html, /<h2 id="zone-1">Czechia<\/h2>\s*<p>Czechy<\/p>/);
    assert.doesNotMatch(costs.html, /Unia Europejska/);
  });
});

describe('the bank account settings (compliance/v1/settings/checkout)', () => {
  const suite = useTestServer();
  const post = (json: unknown) =>
    fetchJson(suite.server.restUrl('/compliance/v1/settings/checkout'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json,
    });

  it("refuses a wrong IBAN and BIC in the manager's words, saving nothing of the request", async () => {
    const before = structuredClone(suite.server.store.site.data.settings.checkout);
    const refused = await post({
      bank_iban: 'PL61 1090 1014 0000 0712 1981 2875',
      bank_bic: 'WBKP',
      bank_name: 'Another bank',
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.params.bank_iban, 'IBAN: the check digits do not match; check the number.');
    assert.match(refused.body.data.params.bank_bic, /^BIC \(SWIFT\): a BIC has 8 or 11 letters and digits/);
    assert.deepEqual(suite.server.store.site.data.settings.checkout, before);
  });

  it('saves a valid IBAN as typed, and the discovery index describes the new settings for the admin', async () => {
    assert.equal((await post({ bank_iban: 'DE89 3704 0044 0532 0130 00', cod_fee: 7.5 })).status, 200);
    assert.equal(suite.server.store.site.data.settings.checkout.bank_iban, 'DE89 3704 0044 0532 0130 00');
    const index = await fetchJson(suite.server.restUrl('/compliance/v1'));
    const args = index.body.routes['/compliance/v1/settings/checkout'].endpoints.find((one: { methods: string[] }) =>
      one.methods.includes('POST'),
    ).args;
    assert.equal(args.bank_iban.title, 'IBAN');
    assert.equal(args.cod_fee.type, 'number');
    assert.ok(args.default_country.enum.includes('DE'));
  });
});
