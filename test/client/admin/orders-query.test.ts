/**
 * The Orders screen's DataViews view becomes the wc/v3/orders query the server filters by
 * (client/admin/orders/orders-view-query.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ordersQueryArgs, shiftDay } from '../../../client/admin/orders/orders-view-query.js';

describe("the Orders screen's query", () => {
  it('maps search, page, sort and the status filter to their wc/v3 parameters', () => {
    assert.deepEqual(
      ordersQueryArgs({
        type: 'table',
        search: 'ewa@example.com',
        page: 2,
        perPage: 50,
        sort: { field: 'date', direction: 'asc' },
        filters: [{ field: 'status', operator: 'isAny', value: ['on-hold', 'processing'] }],
      }),
      { page: 2, per_page: 50, search: 'ewa@example.com', orderby: 'date', order: 'asc', status: 'on-hold,processing' },
    );
    assert.deepEqual(ordersQueryArgs({ type: 'table', filters: [{ field: 'status', operator: 'isAny', value: [] }] }), {
      page: 1,
      per_page: 20,
    });
  });

  it("widens whole days to WooCommerce's exclusive after and before, in the shop's time", () => {
    const dates = (operator: string, value: unknown) => {
      const {
        page,
        per_page: perPage,
        ...rest
      } = ordersQueryArgs({ type: 'table', filters: [{ field: 'date', operator: operator as 'on', value }] });
      return rest;
    };
    assert.deepEqual(dates('on', '2026-03-01'), { after: '2026-02-28T23:59:59', before: '2026-03-02T00:00:00' });
    assert.deepEqual(dates('before', '2026-03-01'), { before: '2026-03-01T00:00:00' });
    assert.deepEqual(dates('after', '2026-03-01'), { after: '2026-03-01T23:59:59' });
    assert.deepEqual(dates('between', ['2024-02-28', '2024-02-29']), {
      after: '2024-02-27T23:59:59',
      before: '2024-03-01T00:00:00',
    });
    assert.deepEqual(dates('between', ['2024-02-28']), {}, 'half a range is no filter yet');
    assert.deepEqual(dates('on', 'yesterday'), {});
  });

  it('shifts days across months and years', () => {
    assert.equal(shiftDay('2026-01-01', -1), '2025-12-31');
    assert.equal(shiftDay('2024-02-28', 1), '2024-02-29');
    assert.equal(shiftDay('2026-12-31', 1), '2027-01-01');
  });
});
