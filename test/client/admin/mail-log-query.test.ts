/**
 * The mail log's DataViews view becomes the vitrine/v1/mail query the server filters by
 * (client/admin/mail-log/mail-log-query.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mailLogQueryArgs } from '../../../client/admin/mail-log/mail-log-query.js';

describe("the mail log screen's query", () => {
  it('sends the search as the recipient and the status filter as the status', () => {
    assert.deepEqual(
      mailLogQueryArgs({
        type: 'table',
        search: ' ewa@ ',
        page: 2,
        perPage: 50,
        filters: [{ field: 'status', operator: 'is', value: 'failed' }],
      }),
      { page: 2, per_page: 50, recipient: 'ewa@', status: 'failed' },
    );
  });

  it('leaves out an empty search, an empty filter and a status the server does not know', () => {
    assert.deepEqual(
      mailLogQueryArgs({
        type: 'table',
        search: '  ',
        filters: [{ field: 'status', operator: 'is', value: undefined }],
      }),
      { page: 1, per_page: 20 },
    );
    assert.deepEqual(
      mailLogQueryArgs({ type: 'table', filters: [{ field: 'status', operator: 'is', value: 'lost' }] }),
      { page: 1, per_page: 20 },
    );
  });
});
