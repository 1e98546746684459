// A shopper in Chromium, with JavaScript on and off, uses a coupon field: a code that does not exist is refused in the
// shop's language (Polish), a 10% code on a cart of a 23% and an 8% product takes its discount off each line and the
// VAT of each rate follows on the discounted sums, removing it puts both back, and the checkout's own field applies it
// there. Expected amounts come from a search over whole grosz (test/support/vat-reference.ts), not from the shop's
// arithmetic. axe finds no serious violation on the pages (where JavaScript runs, so axe can).
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { STANDARD_TAX_CLASS } from '../../client/api/taxes.js';
import type { Product } from '../../server/store/catalog-types.js';
import { blankCoupon } from '../../server/wc/wc-coupon-input.js';
import { fetchJson } from '../server/support/test-server.js';
import { vatInside } from '../support/vat-reference.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';

const grosz = (price: number) => Math.round(price * 100);
const tenth = (amount: number) => Math.round(amount / 10);

/** An amount as the page writes it ("1 234,56 zł"), in grosz. */
const groszOf = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

describe('a coupon in the cart and at checkout, in a browser', () => {
  const shop = useShopInBrowser({ ownServer: true });
  /** A product at 23% and one at 8%, not on sale, whose tenths round so that 10% of each adds up to 10% of both. */
  let pair: [Product, Product];

  beforeEach(async () => {
    const { server } = shop;
    const manager = await server.basicAuthFor('shop_manager');
    const candidates = server.store.catalog.data.products.filter(
      (product) =>
        product.type !== 'variable' &&
        !product.sale_price &&
        [undefined, '', STANDARD_TAX_CLASS].includes(product.tax_class) &&
        (product.tax_status ?? 'taxable') === 'taxable' &&
        product.in_stock &&
        product.stock_quantity >= 3 &&
        (product.status ?? 'publish') === 'publish' &&
        grosz(product.regular_price) % 10 !== 5,
    );
    const standard = candidates[0]!;
    const reduced = candidates.find(
      (other) =>
        other !== standard &&
        tenth(grosz(standard.regular_price)) + tenth(grosz(other.regular_price)) ===
          tenth(grosz(standard.regular_price) + grosz(other.regular_price)),
    )!;
    pair = [standard, reduced];
    const classed = await fetchJson(server.restUrl(`/wc/v3/products/${reduced.id}`), {
      method: 'PUT',
      headers: { authorization: manager },
      json: { tax_class: 'reduced-rate' },
    });
    assert.equal(classed.status, 200, JSON.stringify(classed.body));
    // No delivery: each rate's VAT is its goods' alone.
    const zones = await fetchJson(server.restUrl('/vitrine/v1/shipping/zones'), {
      method: 'PUT',
      headers: { authorization: manager },
      json: { zones: [] },
    });
    assert.equal(zones.status, 200, JSON.stringify(zones.body));
    // Nor a cash-on-delivery fee, which the checkout would otherwise add, its VAT split among the rates.
    const fee = await fetchJson(server.restUrl('/wc/v3/payment_gateways/cod'), {
      method: 'PUT',
      headers: { authorization: manager },
      json: { settings: { fee: '0' } },
    });
    assert.equal(fee.status, 200, JSON.stringify(fee.body));
    await server.store.coupons.create({
      ...blankCoupon(new Date().toISOString()),
      code: 'minus10',
      discount_type: 'percent',
      amount: 1000,
    });
  });

  /** What the page shows of each line's discount, and of the VAT of each rate, in grosz. */
  async function shown(page: Page) {
    const discounts = (await page.locator('.line-discount').allInnerTexts()).map(groszOf);
    const vat = new Map<string, number>();
    for (const row of await page.locator('.order-totals__vat').allInnerTexts()) {
      const rate = /VAT (\d+)%/.exec(row)?.[1];
      if (rate) vat.set(rate, groszOf(row.slice(row.indexOf('%') + 1)));
    }
    return { discounts, vat: Object.fromEntries(vat) };
  }

  /** What the page should show with the coupon (`discounted`) or without it. */
  function expected(discounted: boolean) {
    const [a, b] = pair.map((product) => grosz(product.regular_price)) as [number, number];
    const [da, db] = discounted ? [tenth(a), tenth(b)] : [0, 0];
    return {
      discounts: discounted ? [da, db] : [],
      vat: { 23: vatInside(a - da, 23), 8: vatInside(b - db, 8) },
    };
  }

  for (const javaScriptEnabled of [true, false]) {
    it(`applies, refuses and removes a code with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, {
      timeout: 120_000,
    }, async () => {
      const context = await shop.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const accessible = async () => {
        if (javaScriptEnabled) assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${page.url()}`);
      };
      for (const product of pair) {
        await page.goto(`${shop.server.url}/product/${product.slug}`);
        await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
        if (javaScriptEnabled) await page.getByRole('status').filter({ hasText: 'Dodano do koszyka' }).waitFor();
        else await page.waitForURL(/\/cart\?added=/);
      }
      await page.goto(`${shop.server.url}/cart`);
      assert.deepEqual(await shown(page), expected(false));

      await page.getByLabel('Kod rabatowy').fill('nie-ma-takiego');
      await page.getByRole('button', { name: 'Zastosuj kod' }).click();
      await page.getByText('Kod rabatowy „nie-ma-takiego” nie istnieje.').waitFor();
      assert.deepEqual(await shown(page), expected(false), 'a refused code takes nothing off');
      await accessible();

      await page.getByLabel('Kod rabatowy').fill('MINUS10');
      await page.getByRole('button', { name: 'Zastosuj kod' }).click();
      await page.getByText('Kod rabatowy „minus10” został zastosowany.').waitFor();
      await page.getByText('Rabat (kod minus10)').waitFor();
      assert.deepEqual(await shown(page), expected(true));
      await accessible();

      await page.getByRole('button', { name: 'Usuń kod minus10' }).click();
      await page.getByText('Kod rabatowy „minus10” został usunięty.').waitFor();
      assert.deepEqual(await shown(page), expected(false));

      await page.goto(`${shop.server.url}/checkout`);
      await page.getByLabel('Kod rabatowy').fill('minus10');
      await page.getByRole('button', { name: 'Zastosuj kod' }).click();
      await page.waitForURL(/\/checkout/);
      await page.getByText('Rabat (kod minus10)').first().waitFor();
      assert.deepEqual((await shown(page)).vat, expected(true).vat, 'the checkout shows the VAT after the discount');
      await accessible();
      await context.close();
    });
  }
});
