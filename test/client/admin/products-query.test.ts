/**
 * The products screen's DataViews view becomes the wc/v3 query the server filters by
 * (client/admin/products/products-view-query.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { productsQueryArgs } from '../../../client/admin/products/products-view-query.js';
import { changedBody, draftOf, problemsByField } from '../../../client/admin/products/price-stock-draft.js';

describe("the products screen's query and quick-edit body", () => {
  it('maps search, page and each filter to its wc/v3 parameter', () => {
    const args = productsQueryArgs({
      type: 'table',
      search: 'mug',
      page: 3,
      perPage: 50,
      filters: [
        { field: 'categories', operator: 'isAny', value: [4, 9] },
        { field: 'stock_status', operator: 'is', value: 'outofstock' },
        { field: 'on_sale', operator: 'is', value: 'true' },
      ],
    });
    assert.deepEqual(args, {
      page: 3,
      per_page: 50,
      search: 'mug',
      category: '4,9',
      stock_status: 'outofstock',
      on_sale: 'true',
    });
    assert.deepEqual(
      productsQueryArgs({ type: 'table', filters: [{ field: 'categories', operator: 'isAny', value: [] }] }),
      { page: 1, per_page: 20 },
    );
  });

  it("sends only what changed, sale dates as whole days in the shop's time, and puts each REST reason on its field", () => {
    const saved = draftOf({
      regular_price: '10.00',
      sale_price: '',
      date_on_sale_from: null,
      date_on_sale_to: '2026-06-30T23:59:59',
      manage_stock: true,
      stock_status: 'instock',
      stock_quantity: 3,
      backorders: 'no',
    });
    assert.equal(changedBody(saved, saved), null);
    assert.deepEqual(
      changedBody(saved, { ...saved, sale_price: ' 8 ', sale_from: '2026-06-01', sale_to: '', stock_quantity: '5' }),
      {
        sale_price: '8',
        date_on_sale_from: '2026-06-01T00:00:00',
        date_on_sale_to: null,
        stock_quantity: 5,
      },
    );
    assert.deepEqual(
      changedBody(saved, { ...saved, stock_quantity: '2.5' }),
      { stock_quantity: '2.5' },
      'sent as typed, for the server to name',
    );
    assert.deepEqual(
      changedBody(saved, { ...saved, manage_stock: false, stock_status: 'outofstock' }),
      { manage_stock: false, stock_status: 'outofstock' },
      'an untracked item has its status set by hand',
    );
    assert.deepEqual(
      changedBody(saved, { ...saved, backorders: 'notify' }),
      { backorders: 'notify' },
      'a tracked item may sell on backorder',
    );
    assert.deepEqual(problemsByField({ sale_price: 'too high', date_on_sale_to_gmt: 'bad date', sku: 'taken' }), {
      fields: { sale_price: 'too high', sale_to: 'bad date' },
      other: ['taken'],
    });
  });
});
