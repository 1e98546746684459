// Each storefront setting, switched through compliance/v1, changes what a shopper sees on the shop
// (result cards), the product page, the `/filter` fragments and the search's `price_html`.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../support/test-server.js';
import { useSmallCatalog, visibleText } from '../support/small-catalog.js';

describe('storefront settings on the shop', () => {
  const suite = useTestServer();
  before(() => useSmallCatalog(suite.server.store));

  const setStorefront = async (settings: Record<string, unknown>) => {
    const answer = await fetchJson(suite.server.restUrl('/compliance/v1/settings/storefront'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: settings,
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  };
  const page = async (path: string) => visibleText(await (await fetch(`${suite.server.url}${path}`)).text());
  /** The result cards of the shop page as served (the region after the toolbar, before the pagination). */
  const shopCards = async () => {
    const html = await (await fetch(`${suite.server.url}/shop`)).text();
    return visibleText(html.slice(html.indexOf('data-region="results"'), html.indexOf('data-region="pagination"')));
  };
  const filterFragments = async () => {
    const answer = await fetchJson(suite.server.restUrl('/facet/v1/filter'), { method: 'POST', json: { query: {} } });
    return visibleText(answer.body.results_html);
  };
  const searchPrice = async (q: string) =>
    (await fetchJson(suite.server.restUrl(`/compliance/v1/search?q=${encodeURIComponent(q)}`))).body.results[0]
      .price_html as string;

  it('show_ratings: ratings show on cards and the product page by default, and vanish when switched off', async () => {
    await setStorefront({ show_ratings: true });
    assert.match(await shopCards(), /Ocena 4,5 na 5 \(12 opinii\)/);
    assert.match(await page('/shop'), /od 4 gwiazdek/, 'the rating facet is offered');
    assert.match(await page('/product/rated-scarf'), /Ocena 4,5 na 5/);
    await setStorefront({ show_ratings: false });
    // Not on the cards, not on the product page, and no rating filter either: it would show stars the shop hides.
    for (const text of [await page('/shop'), await page('/product/rated-scarf'), await filterFragments()]) {
      assert.doesNotMatch(text, /Ocena \d/);
      assert.doesNotMatch(text, /★/);
    }
    await setStorefront({ show_ratings: true });
  });

  it('show_stock_status: no stock line anywhere when switched off', async () => {
    await setStorefront({ show_stock_status: true, low_stock_threshold: 0 });
    const shop = await shopCards();
    assert.match(shop, /Sold Out Hat .*Niedostępny/);
    assert.equal(shop.match(/Dostępny/g)?.length, 2, 'two products in stock');
    await setStorefront({ show_stock_status: false });
    assert.doesNotMatch(await shopCards(), /Dostępny|Niedostępny|Został/);
    assert.doesNotMatch(await filterFragments(), /Dostępny|Niedostępny|Został/);
    assert.doesNotMatch(await page('/product/sold-out-hat'), /Niedostępny/);
    await setStorefront({ show_stock_status: true });
  });

  it('low_stock_threshold: "Only 3 left" at or under the threshold, "In stock" above it', async () => {
    await setStorefront({ low_stock_threshold: 5 });
    assert.match(await page('/product/rated-scarf'), /Zostały tylko 3 sztuki/);
    assert.match(await filterFragments(), /Rated Scarf .*Zostały tylko 3 sztuki/);
    assert.doesNotMatch(await page('/product/plenty-gloves'), /Został/, '40 in stock is above 5');
    await setStorefront({ low_stock_threshold: 2 });
    assert.doesNotMatch(await page('/product/rated-scarf'), /Zostały tylko 3 sztuki/);
    assert.match(await page('/product/rated-scarf'), /Dostępny/);
  });

  it('prices_include_tax: "incl. VAT" or "excl. VAT" after every price, in search price_html too', async () => {
    await setStorefront({ prices_include_tax: true });
    assert.match(await page('/product/plenty-gloves'), /100,00 zł z VAT/);
    assert.match(visibleText(await searchPrice('gloves')), /100,00 zł z VAT/);
    await setStorefront({ prices_include_tax: false });
    assert.match(await page('/product/plenty-gloves'), /bez VAT/);
    const cards = await filterFragments();
    assert.equal(cards.match(/bez VAT/g)?.length, 3, 'one note per card');
    assert.doesNotMatch(cards, / z VAT/);
    assert.match(visibleText(await searchPrice('gloves')), /bez VAT/);
  });
});
