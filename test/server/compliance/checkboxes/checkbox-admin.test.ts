// The extensions of compliance/v1 that the admin's checkbox screens use: create and delete (validated as
// PUT is), shown/accepted per day, and the consent log filtered and exported as CSV.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordFormSubmission } from '../../../../server/compliance/checkboxes/consent-recorder.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';

const suite = useTestServer();
const url = (rest: string) => suite.server.restUrl(`/compliance/v1${rest}`);
const call = (rest: string, init: Parameters<typeof fetchJson>[1] = {}) =>
  fetchJson(url(rest), { ...init, headers: { authorization: suite.manager, ...init.headers } });

describe('POST /checkboxes (extension)', () => {
  it('creates a checkbox last in its location, answers 201 with it, and lists it', async () => {
    const { status, body } = await call('/checkboxes', {
      method: 'POST',
      json: { label: '  I am over 18  ', location: 'checkout', required: true },
    });
    assert.equal(status, 201);
    assert.equal(body.label, 'I am over 18');
    assert.deepEqual(
      [body.location, body.required, body.enabled, body.position, body.legal_page_id],
      ['checkout', true, true, 40, 0],
    );
    assert.deepEqual(body.stats, { total_shown: 0, total_accepted: 0, acceptance_rate: 0 });
    const list = await call('/checkboxes?location=checkout');
    assert.equal(list.body.checkboxes.at(-1).id, body.id);
  });

  it('validates as PUT does: required fields, unknown and read-only fields, bad values, a page that is not legal', async () => {
    const missing = await call('/checkboxes', { method: 'POST', json: { required: true } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.code, 'rest_missing_callback_param');
    assert.deepEqual(missing.body.data.params.sort(), ['label', 'location']);
    const bad = await call('/checkboxes', {
      method: 'POST',
      json: { label: 'x', location: 'basket', position: -1, colour: 'red', id: 5 },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(bad.body.data.params).sort(), ['colour', 'id', 'location', 'position']);
    const spaces = await call('/checkboxes', {
      method: 'POST',
      json: { label: '   ', location: 'contact', legal_page_id: 1 },
    });
    assert.equal(spaces.status, 400);
    assert.deepEqual(Object.keys(spaces.body.data.params).sort(), ['label', 'legal_page_id']);
    const count = (await call('/checkboxes')).body.total;
    assert.equal(count, 6, 'nothing created by the refused requests');
  });

  it('is for managers only', async () => {
    const anonymous = await fetchJson(url('/checkboxes'), {
      method: 'POST',
      json: { label: 'x', location: 'contact' },
    });
    assert.equal(anonymous.status, 401);
    const editor = await suite.server.basicAuthFor('editor');
    const forbidden = await fetchJson(url('/checkboxes'), {
      method: 'POST',
      headers: { authorization: editor },
      json: { label: 'x', location: 'contact' },
    });
    assert.equal(forbidden.status, 403);
  });
});

describe('DELETE /checkboxes/{id} (extension)', () => {
  it('deletes, answers {deleted, previous}, keeps the consent records, and never reuses the id', async () => {
    const created = (await call('/checkboxes', { method: 'POST', json: { label: 'Short-lived', location: 'contact' } }))
      .body;
    await recordFormSubmission(suite.server.store, {
      location: 'contact',
      shownIds: [created.id],
      acceptedIds: [created.id],
      ip: '203.0.113.9',
    });
    const { status, body } = await call(`/checkboxes/${created.id}`, { method: 'DELETE' });
    assert.equal(status, 200);
    assert.equal(body.deleted, true);
    assert.equal(body.previous.label, 'Short-lived');
    assert.equal((await call(`/checkboxes/${created.id}`)).status, 404);
    assert.equal((await call(`/checkboxes/${created.id}`, { method: 'DELETE' })).status, 404);
    const log = await call(`/consent-log?checkbox=${created.id}`);
    assert.equal(log.body.total, 1, 'the evidence stays');
    const next = (await call('/checkboxes', { method: 'POST', json: { label: 'Next', location: 'contact' } })).body;
    assert.ok(next.id > created.id);
  });
});

describe('the consent log and daily statistics (extensions)', () => {
  it("counts shown and accepted per day in the shop's time zone, filtered by checkbox and dates", async () => {
    const store = suite.server.store;
    // 23:30 UTC on 1 March is already 2 March in Warsaw.
    await recordFormSubmission(store, {
      location: 'checkout',
      shownIds: [1, 3],
      acceptedIds: [1],
      ip: '198.51.100.7',
      time: '2026-03-01T23:30:00.000Z',
    });
    await recordFormSubmission(store, {
      location: 'checkout',
      shownIds: [1, 3],
      acceptedIds: [1, 3],
      ip: '198.51.100.8',
      time: '2026-03-02T10:00:00.000Z',
    });
    await recordFormSubmission(store, {
      location: 'checkout',
      shownIds: [1],
      acceptedIds: [],
      ip: '198.51.100.9',
      time: '2026-03-05T10:00:00.000Z',
    });
    const daily = await call('/checkboxes/stats/daily?checkbox=1&from=2026-03-01&to=2026-03-31');
    assert.equal(daily.status, 200);
    assert.deepEqual(daily.body.days, [
      { date: '2026-03-02', shown: 2, accepted: 2 },
      { date: '2026-03-05', shown: 1, accepted: 0 },
    ]);
    const optional = await call('/checkboxes/stats/daily?checkbox=3&from=2026-03-01&to=2026-03-31');
    assert.deepEqual(optional.body.days, [{ date: '2026-03-02', shown: 2, accepted: 1 }]);
    const bad = await call('/checkboxes/stats/daily?from=March');
    assert.equal(bad.status, 400);
    assert.ok('from' in bad.body.data.params);
  });

  it("lists the log newest first, filtered by location and dates, paged with WordPress's headers", async () => {
    const { status, headers, body } = await call(
      '/consent-log?location=checkout&from=2026-03-02&to=2026-03-05&per_page=2',
    );
    assert.equal(status, 200);
    assert.equal(body.total, 5);
    assert.equal(headers.get('x-wp-total'), '5');
    assert.equal(headers.get('x-wp-totalpages'), '3');
    assert.deepEqual(
      body.entries.map((entry: { time: string }) => entry.time),
      ['2026-03-05T11:00:00', '2026-03-02T11:00:00'],
    );
    assert.equal(body.entries[0].ip, '198.51.100.0');
    const empty = await call('/consent-log?location=registration&from=2026-03-01&to=2026-03-31');
    assert.equal(empty.body.total, 0);
  });

  it('exports the same filtered records as CSV, with formula-like cells defused', async () => {
    const created = (
      await call('/checkboxes', {
        method: 'POST',
        json: { label: '=HYPERLINK("x") I agree, "fully"', location: 'registration' },
      })
    ).body;
    await recordFormSubmission(suite.server.store, {
      location: 'registration',
      shownIds: [created.id],
      acceptedIds: [created.id],
      ip: '192.0.2.1',
      time: '2026-04-01T08:00:00.000Z',
    });
    const response = await fetch(url('/consent-log/export?location=registration&from=2026-04-01&to=2026-04-01'), {
      headers: { authorization: suite.manager },
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(response.headers.get('content-disposition') ?? '', /attachment; filename="consent-log.csv"/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    assert.equal(
      lines[0],
      'time,checkbox_id,label,location,accepted,legal_page_id,legal_page_modified_at,label_hash,reference,ip',
    );
    assert.equal(lines.length, 2);
    assert.equal(
      lines[1],
      `2026-04-01T10:00:00,${created.id},"'=HYPERLINK(""x"") I agree, ""fully""",registration,true,0,,,,192.0.2.0`,
    );
    const anonymous = await fetch(url('/consent-log/export'));
    assert.equal(anonymous.status, 401);
  });
});
