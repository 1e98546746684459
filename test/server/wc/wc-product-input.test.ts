/** The wc/v3 body reader on its own: WooCommerce's value forms, every bad field named, own properties only. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseProductInput, parseVariationInput } from '../../../server/wc/wc-product-input.js';

describe('parseProductInput', () => {
  it('reads prices as WooCommerce sends them (strings) and as numbers, "" as none', () => {
    const { input, problems } = parseProductInput({ regular_price: '12.5', sale_price: '' }, 'UTC');
    assert.deepEqual(problems, {});
    assert.deepEqual(input, { regular_price: 12.5, sale_price: null });
    assert.deepEqual(parseProductInput({ regular_price: 7, sale_price: 3.456 }, 'UTC').input, {
      regular_price: 7,
      sale_price: 3.46,
    });
  });

  it('names each bad field once, whatever else is wrong', () => {
    const { problems } = parseProductInput(
      {
        regular_price: '12,5',
        sale_price: -1,
        name: [],
        stock_quantity: 1.5,
        categories: [{ id: 'x' }],
        images: [{}],
        attributes: [{ options: ['S'] }],
      },
      'UTC',
    );
    assert.deepEqual(Object.keys(problems).sort(), [
      'attributes',
      'categories',
      'images',
      'name',
      'regular_price',
      'sale_price',
      'stock_quantity',
    ]);
    assert.match(problems.regular_price!, /decimal separator/);
  });

  it("reads sale dates in the shop's time zone, and _gmt twins in UTC", () => {
    const { input } = parseProductInput(
      { date_on_sale_from: '2026-07-01T14:00:00', date_on_sale_to_gmt: '2026-07-31T21:59:59' },
      'Europe/Warsaw',
    );
    assert.equal(input.date_on_sale_from, '2026-07-01T12:00:00.000Z');
    assert.equal(input.date_on_sale_to, '2026-07-31T21:59:59.000Z');
    assert.equal(parseProductInput({ date_on_sale_from: null }, 'UTC').input.date_on_sale_from, null);
    assert.ok('date_on_sale_to' in parseProductInput({ date_on_sale_to: '2026-02-30' }, 'UTC').problems);
  });

  it('reads the stock fields as WooCommerce names them, an empty quantity as null, and names a bad backorders', () => {
    assert.equal(parseProductInput({ stock_status: 'onbackorder' }, 'UTC').input.stock_status, 'onbackorder');
    assert.deepEqual(parseProductInput({ stock_quantity: '3' }, 'UTC').input, { stock_quantity: 3 });
    assert.deepEqual(parseProductInput({ manage_stock: true, stock_quantity: '' }, 'UTC').input, {
      manage_stock: true,
      stock_quantity: null,
    });
    assert.equal(parseProductInput({ backorders: 'notify' }, 'UTC').input.backorders, 'notify');
    assert.ok('backorders' in parseProductInput({ backorders: 'maybe' }, 'UTC').problems);
  });

  it('ignores unknown and inherited fields, and refuses a body that is not an object', () => {
    const body = Object.create({ name: 'inherited' });
    body.featured = true;
    assert.deepEqual(parseProductInput(body, 'UTC'), { input: {}, problems: {} });
    assert.deepEqual(parseProductInput(JSON.parse('{"__proto__": {"name": "x"}, "sku": "S"}'), 'UTC').input, {
      sku: 'S',
    });
    assert.ok('body' in parseProductInput([1], 'UTC').problems);
  });

  it('bounds lists and strings', () => {
    assert.ok(
      'tags' in
        parseProductInput({ tags: Array.from({ length: 101 }, (_, index) => ({ name: `t${index}` })) }, 'UTC').problems,
    );
    assert.ok('sku' in parseProductInput({ sku: 'x'.repeat(101) }, 'UTC').problems);
    assert.ok('regular_price' in parseProductInput({ regular_price: '1'.repeat(40) }, 'UTC').problems);
  });
});

describe('parseVariationInput', () => {
  it('reads one option per attribute and names a missing one', () => {
    assert.deepEqual(parseVariationInput({ attributes: [{ name: 'Size', option: 'M' }] }, 'UTC').input, {
      attributes: [{ name: 'Size', option: 'M' }],
    });
    assert.ok('attributes' in parseVariationInput({ attributes: [{ name: 'Size' }] }, 'UTC').problems);
  });
});
