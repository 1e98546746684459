/** The Invoices screen's DataViews view becomes the vitrine/v1/invoices query (client/admin/invoices/invoices-query.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invoicesQueryArgs } from '../../../client/admin/invoices/invoices-query.js';

describe("the invoices screen's query", () => {
  it('sends the search as the order id and the type filter as the type', () => {
    assert.deepEqual(
      invoicesQueryArgs({
        type: 'table',
        search: ' #42 ',
        page: 3,
        perPage: 50,
        filters: [{ field: 'type', operator: 'is', value: 'KOR' }],
      }),
      { page: 3, per_page: 50, order: 42, type: 'KOR' },
    );
  });

  it('leaves out a search that is no order id and a type the server does not know', () => {
    assert.deepEqual(
      invoicesQueryArgs({
        type: 'table',
        search: 'FV/2026',
        filters: [{ field: 'type', operator: 'is', value: 'PROFORMA' }],
      }),
      { page: 1, per_page: 20 },
    );
  });
});
