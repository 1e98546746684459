// With `omnibus_enabled` and `show_lowest_price`, an item on sale shows "Lowest price in the
// {omnibus_days} days before this promotion: X" on the shop's cards, in `/filter` fragments, on the product page and
// in the search's `price_html`; the figure is checked against price histories worked out by hand below.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { CatalogData, Product, Variation } from '../../../server/catalog/model.js';
import { DAY_MS } from '../../../server/catalog/omnibus.js';
import { recordPriceChanges } from '../../../server/catalog/price-history-cache.js';
import type { PriceChange } from '../../../server/store/store.js';
import { fetchJson, useTestServer } from '../support/test-server.js';
import { visibleText } from '../support/small-catalog.js';

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

function product(id: number, title: string, extra: Partial<Product>): Product {
  return {
    id,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    title,
    description: `${title}, described.`,
    sku: `OMN-${id}`,
    category_ids: [1],
    brand: 'Acme',
    attributes: { color: ['Red'], size: ['S', 'M'] },
    regular_price: 100,
    sale_price: null,
    rating: 0,
    rating_count: 0,
    in_stock: true,
    stock_quantity: 50,
    total_sales: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    image: '/media/products/1.svg',
    ...extra,
  };
}
const variation = (id: number, size: string, regular: number, sale: number | null): Variation => ({
  id,
  sku: `OMN-${id}`,
  attributes: { size },
  regular_price: regular,
  sale_price: sale,
  in_stock: true,
  stock_quantity: 9,
});

const SCARF = 900_001;
const COAT = 900_002;
const SHIRT = 900_003;
const SHIRT_S = 900_004;
const SHIRT_M = 900_005;
const HAT = 900_006;

const CATALOG: CatalogData = {
  categories: [{ id: 1, slug: 'clothes', name: 'Clothes', parent: 0 }],
  // The shop's default facets need a colour and a size.
  attributes: [
    { name: 'color', label: 'Colour' },
    { name: 'size', label: 'Size' },
  ],
  products: [
    product(SCARF, 'Steady Scarf', { regular_price: 100, sale_price: 80 }),
    product(COAT, 'Stepped Coat', { regular_price: 200, sale_price: 120 }),
    product(SHIRT, 'Sized Shirt', {
      type: 'variable',
      variations: [variation(SHIRT_S, 'S', 50, 40), variation(SHIRT_M, 'M', 55, 50)],
    }),
    product(HAT, 'Unknown Hat', { regular_price: 100, sale_price: 70 }),
  ],
};

const change = (item: number, parent: number, days: number, regular: number, sale: number | null): PriceChange => ({
  item_id: item,
  product_id: parent,
  time: daysAgo(days),
  regular_price: regular,
  sale_price: sale,
  date_on_sale_from: null,
  date_on_sale_to: null,
});

/**
 * Worked by hand, with a 30-day window that ends when the promotion started:
 * - Steady Scarf: 100 for 50 days, on sale at 80 for the last 10. Window: days 40 to 10 ago, all at 100 -> 100,00 zł.
 * - Stepped Coat: 200; a week-long sale at 140 (35 to 28 days ago) that ended; 200 again; then a sale at 160 from
 *   20 days ago, lowered to 120 five days ago (a progressive reduction: one promotion, started 20 days ago).
 *   Window: 50 to 20 days ago holds 200, 140, 200 -> 140,00 zł. (Counting back from today would give 120 or 160.)
 * - Sized Shirt S: 50, on sale at 40 for 10 days -> 50,00 zł. M: 60 until 25 days ago, then 55, on sale at 50 for
 *   7 days. Window: 37 to 7 days ago holds 60 and 55 -> 55,00 zł.
 * - Unknown Hat: on sale, no history -> no line.
 */
const HISTORY: PriceChange[] = [
  change(SCARF, SCARF, 60, 100, null),
  change(SCARF, SCARF, 10, 100, 80),
  change(COAT, COAT, 90, 200, null),
  change(COAT, COAT, 35, 200, 140),
  change(COAT, COAT, 28, 200, null),
  change(COAT, COAT, 20, 200, 160),
  change(COAT, COAT, 5, 200, 120),
  change(SHIRT_S, SHIRT, 60, 50, null),
  change(SHIRT_S, SHIRT, 10, 50, 40),
  change(SHIRT_M, SHIRT, 60, 60, null),
  change(SHIRT_M, SHIRT, 25, 55, null),
  change(SHIRT_M, SHIRT, 7, 55, 50),
];

describe('the Omnibus lowest-price line on the shop', () => {
  const suite = useTestServer();
  before(async () => {
    const { products, ...meta } = structuredClone(CATALOG);
    await suite.server.store.catalog.replace(meta, products);
    await recordPriceChanges(suite.server.store, HISTORY);
  });

  const setSettings = async (group: string, settings: Record<string, unknown>) => {
    const answer = await fetchJson(suite.server.restUrl(`/compliance/v1/settings/${group}`), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: settings,
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  };
  const page = async (path: string) => visibleText(await (await fetch(`${suite.server.url}${path}`)).text());
  /** Each card's text, by product title, from HTML holding the results grid. */
  const cardsOf = (html: string) =>
    new Map(
      html
        .split('<li class="facet-filter__item">')
        .slice(1)
        .map((card) => visibleText(card).trim())
        .map((text) => [text.split(' ').slice(0, 2).join(' '), text]),
    );
  const shopCards = async () => cardsOf(await (await fetch(`${suite.server.url}/shop`)).text());
  const filterCards = async () => {
    const answer = await fetchJson(suite.server.restUrl('/facet/v1/filter'), { method: 'POST', json: { query: {} } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return cardsOf(answer.body.results_html);
  };
  const searchPrice = async (q: string) =>
    visibleText(
      (await fetchJson(suite.server.restUrl(`/compliance/v1/search?q=${encodeURIComponent(q)}`))).body.results[0]
        .price_html,
    );
  const line = (days: number, amount: string) => `Najniższa cena z ${days} dni przed obniżką: ${amount} zł`;

  it('shows the hand-worked reference on cards, in /filter, on product pages and in search', async () => {
    await setSettings('compliance', { omnibus_enabled: true, omnibus_days: 30 });
    await setSettings('storefront', { show_lowest_price: true });
    for (const cards of [await shopCards(), await filterCards()]) {
      assert.ok(cards.get('Steady Scarf')?.includes(line(30, '100,00')), cards.get('Steady Scarf'));
      assert.ok(cards.get('Stepped Coat')?.includes(line(30, '140,00')), cards.get('Stepped Coat'));
      assert.doesNotMatch(cards.get('Unknown Hat')!, /Lowest price/, 'no history, no figure');
      // A "From" price names no one variation: its card carries no line; the page lists each variation's.
      assert.match(cards.get('Sized Shirt')!, /Od 40,00 zł/);
      assert.doesNotMatch(cards.get('Sized Shirt')!, /Lowest price/);
    }
    assert.ok((await page('/product/steady-scarf')).includes(line(30, '100,00')));
    assert.ok((await page('/product/stepped-coat')).includes(line(30, '140,00')));
    assert.ok((await searchPrice('stepped coat')).includes(line(30, '140,00')));
    assert.ok((await searchPrice('steady scarf')).includes(line(30, '100,00')));
    assert.doesNotMatch(await page('/product/unknown-hat'), /Lowest price/);
  });

  it("shows each variation its own reference on the variable product's page", async () => {
    const text = await page('/product/sized-shirt');
    assert.match(text, /Najniższa cena z 30 dni przed obniżką, dla każdego wariantu/);
    assert.match(text, /Size: S 40,00 zł 50,00 zł/);
    assert.match(text, /Size: M 50,00 zł 55,00 zł/);
  });

  it('names omnibus_days and looks back that far', async () => {
    // 7 days before the coat's promotion (27 to 20 days ago) it cost 200 only: the 140 sale ended 28 days ago.
    await setSettings('compliance', { omnibus_days: 7 });
    assert.ok((await filterCards()).get('Stepped Coat')?.includes(line(7, '200,00')));
    assert.ok((await page('/product/stepped-coat')).includes(line(7, '200,00')));
    await setSettings('compliance', { omnibus_days: 30 });
  });

  for (const [group, key] of [
    ['compliance', 'omnibus_enabled'],
    ['storefront', 'show_lowest_price'],
  ] as const) {
    it(`${key} switched off removes the line everywhere, and switched on brings it back`, async () => {
      await setSettings(group, { [key]: false });
      const texts = [
        ...(await shopCards()).values(),
        ...(await filterCards()).values(),
        await page('/product/steady-scarf'),
        await page('/product/sized-shirt'),
        await searchPrice('steady scarf'),
      ];
      for (const text of texts) assert.doesNotMatch(text, /Lowest price/);
      await setSettings(group, { [key]: true });
      assert.ok((await filterCards()).get('Steady Scarf')?.includes(line(30, '100,00')));
      assert.match(await page('/product/sized-shirt'), /dla każdego wariantu/);
    });
  }

  it('follows a price change through the API at once: a sale that ended and started again is a new promotion', async () => {
    assert.ok(
      (await filterCards()).get('Steady Scarf')?.includes(line(30, '100,00')),
      'read (and cached) before the change',
    );
    const call = (json: unknown) =>
      fetchJson(suite.server.restUrl(`/wc/v3/products/${SCARF}`), {
        method: 'PUT',
        json,
        headers: { authorization: suite.manager },
      });
    assert.equal((await call({ sale_price: '' })).status, 200);
    assert.doesNotMatch((await filterCards()).get('Steady Scarf')!, /Lowest price/, 'not on sale');
    assert.equal((await call({ sale_price: '85' })).status, 200);
    // The new promotion started now: its 30 days hold 100 and the 80 of the earlier sale.
    assert.ok(
      (await filterCards()).get('Steady Scarf')?.includes(line(30, '80,00')),
      (await filterCards()).get('Steady Scarf'),
    );
    assert.ok((await page('/product/steady-scarf')).includes(line(30, '80,00')));
  });
});
