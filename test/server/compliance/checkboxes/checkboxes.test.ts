import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordFormSubmission } from '../../../../server/compliance/checkboxes/consent-recorder.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const suite = useTestServer();
const url = (rest = '') => suite.server.restUrl(`/compliance/v1/checkboxes${rest}`);
const get = (rest = '') => fetchJson(url(rest), { headers: { authorization: suite.manager } });
const put = (id: number, json: unknown) =>
  fetchJson(url(`/${id}`), { method: 'PUT', headers: { authorization: suite.manager }, json });

describe('GET /checkboxes', () => {
  it('lists the seeded defaults in display order, without dates or stats', async () => {
    const { status, body } = await get();
    assert.equal(status, 200);
    assert.equal(body.total, 5);
    assert.equal(body.checkboxes.length, 5);
    const seen = body.checkboxes.map((c: any) => [c.location, c.required, c.position]);
    assert.deepEqual(seen, [
      ['checkout', true, 10],
      ['checkout', true, 20],
      ['checkout', false, 30],
      ['registration', true, 10],
      ['contact', true, 10],
    ]);
    // Seeded in the language of the shop's locale (pl-PL).
    assert.match(body.checkboxes[0].label, /regulaminem/);
    assert.match(body.checkboxes[2].label, /newsletter/);
    for (const checkbox of body.checkboxes) {
      assert.deepEqual(Object.keys(checkbox).sort(), [
        'enabled',
        'id',
        'label',
        'legal_page_id',
        'location',
        'position',
        'required',
      ]);
    }
  });

  it('filters by location, and rejects an unknown one', async () => {
    const { body } = await get('?location=registration');
    assert.deepEqual(
      body.checkboxes.map((c: any) => c.location),
      ['registration'],
    );
    const bad = await get('?location=basket');
    assert.equal(bad.status, 400);
    assert.ok('location' in bad.body.data.params);
  });
});

describe('GET /checkboxes/{id}', () => {
  it('answers one checkbox with local created_at, updated_at and zeroed stats', async () => {
    const { status, body } = await get('/1');
    assert.equal(status, 200);
    assert.equal(body.id, 1);
    assert.match(body.created_at, LOCAL_DATE_TIME);
    assert.match(body.updated_at, LOCAL_DATE_TIME);
    assert.deepEqual(body.stats, { total_shown: 0, total_accepted: 0, acceptance_rate: 0 });
  });

  it('answers 404 compliance_checkbox_not_found for an unknown id', async () => {
    const { status, body } = await get('/999');
    assert.equal(status, 404);
    assert.equal(body.code, 'compliance_checkbox_not_found');
  });
});

describe('PUT /checkboxes/{id}', () => {
  it('updates label and required and answers the checkbox in its single form', async () => {
    const before = (await get('/3')).body;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // updated_at has whole seconds
    const { status, body } = await put(3, { label: '  Send me the newsletter.  ', required: true });
    assert.equal(status, 200);
    assert.equal(body.label, 'Send me the newsletter.');
    assert.equal(body.required, true);
    assert.equal(body.created_at, before.created_at);
    assert.notEqual(body.updated_at, before.updated_at);
    assert.ok(body.stats);
    assert.equal((await get('/3')).body.label, 'Send me the newsletter.');
  });

  it('updates enabled, position and location, and moves it in the list', async () => {
    const { status, body } = await put(3, { enabled: false, position: 5, location: 'contact' });
    assert.equal(status, 200);
    assert.deepEqual([body.enabled, body.position, body.location], [false, 5, 'contact']);
    const contact = (await get('?location=contact')).body.checkboxes.map((c: any) => c.id);
    assert.deepEqual(contact, [3, 5]);
  });

  it('leaves updated_at alone when nothing changes', async () => {
    const before = (await get('/3')).body;
    const { body } = await put(3, { position: 5 });
    assert.equal(body.updated_at, before.updated_at);
  });

  it('names every unknown, read-only and invalid field in one 400 and changes nothing', async () => {
    const before = (await get('/1')).body;
    const { status, body } = await put(1, {
      id: 7,
      created_at: 'x',
      stats: {},
      colour: 'red',
      required: 'maybe',
      position: -1,
      location: 'basket',
      label: '',
    });
    assert.equal(status, 400);
    assert.equal(body.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(body.data.params).sort(), [
      'colour',
      'created_at',
      'id',
      'label',
      'location',
      'position',
      'required',
      'stats',
    ]);
    assert.equal(body.data.params.id, 'id is read-only.');
    assert.deepEqual((await get('/1')).body, before);
  });

  it('rejects a label of only spaces', async () => {
    const { status, body } = await put(1, { label: '   ' });
    assert.equal(status, 400);
    assert.deepEqual(Object.keys(body.data.params), ['label']);
  });

  it('accepts legal_page_id 0 or a legal page, and rejects any other page', async () => {
    assert.equal((await put(1, { legal_page_id: 0 })).body.legal_page_id, 0);
    const shopPage = suite.server.store.site.data.pages.find((page) => page.slug === 'shop')!;
    const notLegal = await put(1, { legal_page_id: shopPage.id });
    assert.equal(notLegal.status, 400);
    assert.ok('legal_page_id' in notLegal.body.data.params);
    assert.equal((await put(1, { legal_page_id: 9999 })).status, 400);
    await fetchJson(suite.server.restUrl('/compliance/v1/legal-pages/generate'), {
      method: 'POST',
      headers: { authorization: suite.manager },
    });
    const terms = (
      await fetchJson(suite.server.restUrl('/compliance/v1/legal-pages'), { headers: { authorization: suite.manager } })
    ).body.pages.find((p: any) => p.type === 'terms');
    const linked = await put(1, { legal_page_id: terms.id });
    assert.equal(linked.status, 200);
    assert.equal(linked.body.legal_page_id, terms.id);
  });

  it('answers 404 for an unknown id and 400 for a body that is not an object', async () => {
    assert.equal((await put(999, { required: true })).status, 404);
    const array = await put(1, [1]);
    assert.equal(array.status, 400);
  });
});

describe('GET /checkboxes/stats', () => {
  it('moves with recorded form submissions, with the rate rounded to one decimal', async () => {
    const initial = await get('/stats');
    assert.equal(initial.status, 200);
    assert.equal(initial.body.stats.length, 5);
    assert.deepEqual(Object.keys(initial.body.stats[0]).sort(), [
      'acceptance_rate',
      'checkbox_id',
      'label',
      'total_accepted',
      'total_shown',
    ]);
    await recordFormSubmission(suite.server.store, {
      location: 'checkout',
      shownIds: [1, 2],
      acceptedIds: [1, 2],
      ip: '203.0.113.5',
    });
    await recordFormSubmission(suite.server.store, {
      location: 'checkout',
      shownIds: [1, 2],
      acceptedIds: [1],
      ip: '203.0.113.6',
    });
    await recordFormSubmission(suite.server.store, {
      location: 'checkout',
      shownIds: [1, 2],
      acceptedIds: [1],
      ip: '203.0.113.7',
    });
    const { body } = await get('/stats');
    const byId = new Map(body.stats.map((entry: any) => [entry.checkbox_id, entry]));
    assert.deepEqual(byId.get(1), {
      checkbox_id: 1,
      label: (await get('/1')).body.label,
      total_shown: 3,
      total_accepted: 3,
      acceptance_rate: 100,
    });
    assert.deepEqual(byId.get(2), {
      ...(byId.get(2) as object),
      total_shown: 3,
      total_accepted: 1,
      acceptance_rate: 33.3,
    });
    assert.deepEqual((await get('/2')).body.stats, { total_shown: 3, total_accepted: 1, acceptance_rate: 33.3 });
    assert.deepEqual((byId.get(4) as any).total_shown, 0);
  });
});

describe('dates follow the shop time zone', () => {
  it('shows created_at in the zone set in general.timezone', async () => {
    const stored = suite.server.store.site.data.checkboxes.find((c) => c.id === 4)!.created_at;
    for (const timezone of ['Asia/Tokyo', 'America/Los_Angeles']) {
      await fetchJson(suite.server.restUrl('/compliance/v1/settings/general'), {
        method: 'POST',
        headers: { authorization: suite.manager },
        json: { timezone },
      });
      const expected = new Intl.DateTimeFormat('sv-SE', { timeZone: timezone, dateStyle: 'short', timeStyle: 'medium' })
        .format(new Date(stored))
        .replace(' ', 'T');
      assert.equal((await get('/4')).body.created_at, expected);
    }
  });
});
