import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formatMoney, formatPriceHtml } from '../../../server/catalog/price-format.js';

const pln = { currency: 'PLN', locale: 'pl-PL' };

describe('formatPriceHtml', () => {
  it('shows one amount when the product is not on sale', () => {
    const html = formatPriceHtml({ regular_price: 1234.5, sale_price: null }, pln);
    assert.equal(
      html,
      `<span class="price"><span class="price-amount amount"><bdi>${formatMoney(1234.5, pln)}</bdi></span></span>`,
    );
    assert.doesNotMatch(html, /<del|<ins|<!--/);
  });

  it('shows the old price in <del>, the new in <ins>, and a sentence for screen readers', () => {
    const html = formatPriceHtml({ regular_price: 100, sale_price: 79.99 }, { currency: 'USD', locale: 'en-US' });
    assert.match(
      html,
      /<del aria-hidden="true"><span class="price-amount amount"><bdi>\$100\.00<\/bdi><\/span><\/del>/,
    );
    assert.match(html, /<ins aria-hidden="true"><span class="price-amount amount"><bdi>\$79\.99<\/bdi><\/span><\/ins>/);
    assert.match(html, /<span class="screen-reader-text">Original price was: \$100\.00\.<\/span>/);
    assert.match(html, /<span class="screen-reader-text">Current price is: \$79\.99\.<\/span>/);
  });

  it('treats a "sale" price that is not lower as no sale', () => {
    assert.doesNotMatch(formatPriceHtml({ regular_price: 50, sale_price: 50 }, pln), /<del/);
  });

  it('follows the locale: grouping, decimal separator and symbol position', () => {
    assert.equal(formatMoney(1234.5, { currency: 'EUR', locale: 'de-DE' }).replace(/\s/g, ' '), '1.234,50 €');
    assert.equal(formatMoney(1234.5, { currency: 'GBP', locale: 'en-GB' }), '£1,234.50');
  });
});

describe('formatPriceHtml of an item launched on sale', () => {
  const item = { id: 7, regular_price: 100, sale_price: 80 };
  it('shows the sale price alone while the Omnibus history knows no earlier price it was sold at', () => {
    const html = formatPriceHtml(item, { ...pln, lowestPrices: { days: 30, prices: new Map() } });
    assert.doesNotMatch(html, /<del|<ins|price-lowest/);
    assert.match(html, new RegExp(formatMoney(80, pln)));
    assert.doesNotMatch(html, new RegExp(formatMoney(100, pln)));
  });

  it('strikes the regular price through, with the lowest earlier price, once it has been charged', () => {
    const html = formatPriceHtml(item, { ...pln, lowestPrices: { days: 30, prices: new Map([[7, 95]]) } });
    assert.match(html, /<del aria-hidden="true">/);
    assert.match(html, /class="price-lowest"/);
    assert.ok(html.includes(formatMoney(95, pln)));
  });
});

describe('formatMoney', () => {
  it('writes every amount as Intl writes it, asked once or again, past the amounts it keeps, and -0 apart from 0', () => {
    const formats = [pln, { currency: 'EUR', locale: 'de-DE' }, { currency: 'GBP', locale: 'en-GB' }];
    const amount = fc.oneof(
      fc.integer({ min: -1_000_000, max: 10_000_000 }).map((grosz) => grosz / 100),
      fc.constantFrom(0, -0, 0.005, 1e21),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...formats), amount), { maxLength: 600 }), (asked) => {
        // Each amount twice: once written, once as kept.
        for (const [options, value] of [...asked, ...asked]) {
          const expected = new Intl.NumberFormat(options.locale, { style: 'currency', currency: options.currency });
          assert.equal(formatMoney(value, options), expected.format(value));
        }
      }),
      { numRuns: 40 },
    );
  });
});
