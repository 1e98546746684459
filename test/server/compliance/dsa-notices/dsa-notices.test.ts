// With dsa_enabled, a product page offers "Report illegal content"; the notice form works without
// JavaScript (CSRF token, errors tied to fields, input kept), stores the notice with a reference number it
// acknowledges, is throttled per address; managers list the notices and decide them through compliance/v1.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { useSmallCatalog, visibleText } from '../../support/small-catalog.js';

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('DSA notice and action', () => {
  const suite = useTestServer();
  before(() => useSmallCatalog(suite.server.store));
  const url = (path: string) => `${suite.server.url}${path}`;
  const setDsa = (on: boolean) =>
    fetchJson(suite.server.restUrl('/compliance/v1/settings/compliance'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { dsa_enabled: on },
    });

  /** Opens the form as a browser would (keeping its visitor cookie) and returns a way to post it. */
  async function openForm(path: string) {
    const response = await fetch(url(path));
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    const html = await response.text();
    const token = decode(/name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '');
    const post = async (fields: Record<string, string>, withToken = true) => {
      const answer = await fetch(url('/report-content'), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(withToken ? { _csrf: token, ...fields } : fields),
      });
      return { status: answer.status, headers: answer.headers, html: await answer.text() };
    };
    return { status: response.status, html, post };
  }

  const scarfUrl = () => `${suite.server.config.siteUrl}/product/rated-scarf`;
  const valid = () => ({
    url: scarfUrl(),
    explanation: 'This scarf is a counterfeit of a registered trade mark.',
    name: 'Anna Nowak',
    email: 'anna@example.com',
    good_faith: 'yes',
  });

  it('offers neither the link nor the form while dsa_enabled is off', async () => {
    await setDsa(false);
    assert.doesNotMatch(await (await fetch(url('/product/rated-scarf'))).text(), /Zgłoś nielegalne treści/);
    assert.equal((await fetch(url('/report-content'))).status, 404);
  });

  it('links a product page to the form, which comes with the exact product URL filled in', async () => {
    await setDsa(true);
    const product = await (await fetch(url('/product/rated-scarf'))).text();
    const href = decode(/<a href="([^"]+)">Zgłoś nielegalne treści<\/a>/.exec(product)?.[1] ?? '');
    assert.ok(href, 'the product page has the link');
    const form = await openForm(href);
    assert.equal(form.status, 200);
    assert.match(form.html, /<h1>Zgłoś nielegalne treści<\/h1>/);
    assert.equal(decode(/id="notice-url"[^>]*value="([^"]*)"/.exec(form.html)?.[1] ?? ''), scarfUrl());
    for (const legend of ['Treść', 'O Tobie', 'Oświadczenie o dobrej wierze'])
      assert.match(form.html, new RegExp(`<legend>${legend}</legend>`));
    for (const id of ['notice-url', 'notice-explanation', 'notice-name', 'notice-email', 'notice-good_faith']) {
      assert.match(
        form.html,
        new RegExp(`for="${id}"|<label class="checkbox-label"><input id="${id}"`),
        `${id} has a label`,
      );
    }
  });

  it('refuses a post without the form token, and stores nothing', async () => {
    const form = await openForm('/report-content');
    const answer = await form.post(valid(), false);
    assert.equal(answer.status, 403);
    assert.match(visibleText(answer.html), /nie ma tokenu bezpieczeństwa/);
    assert.deepEqual(await suite.server.store.dsaNotices.list(), []);
  });

  it('names each problem beside its field, tied by aria-describedby, and keeps what was typed', async () => {
    const form = await openForm('/report-content');
    const answer = await form.post({
      url: 'https://elsewhere.example/x',
      explanation: 'Too short',
      name: 'Jan <Kowalski>',
      email: 'not-an-email',
    });
    assert.equal(answer.status, 400);
    for (const field of ['url', 'explanation', 'email', 'good_faith']) {
      assert.match(answer.html, new RegExp(`id="notice-${field}-error"`), `${field} has an error`);
      const input = new RegExp(`id="notice-${field}"[^>]*aria-describedby="[^"]*notice-${field}-error`);
      assert.match(answer.html, input, `${field} is described by its error`);
    }
    assert.doesNotMatch(answer.html, /id="notice-name-error"/, 'a valid name has no error');
    assert.match(answer.html, /value="Jan &lt;Kowalski&gt;"/, 'typed input is kept, escaped');
    assert.match(answer.html, />Too short<\/textarea>/);
    assert.match(answer.html, /value="not-an-email"/);
    assert.match(visibleText(answer.html), /Zgłoszenie nie zostało wysłane/);
    assert.deepEqual(await suite.server.store.dsaNotices.list(), []);
  });

  it('stores a valid notice and acknowledges it with its reference number', async () => {
    const form = await openForm('/report-content');
    const answer = await form.post(valid());
    assert.equal(answer.status, 201);
    const reference = /class="notice-reference">([^<]+)</.exec(answer.html)?.[1];
    assert.match(reference ?? '', /^DSA-\d{4}-\d{6}$/);
    const [stored] = await suite.server.store.dsaNotices.list();
    assert.equal(stored!.reference, reference);
    assert.equal(stored!.product_id, 1, 'the URL names the scarf');
    assert.equal(stored!.status, 'received');
    assert.equal(stored!.ip, '127.0.0.0', 'the address is kept only shortened');
  });

  it('lets a manager list notices and record a decision; others may not', async () => {
    const list = await fetchJson(suite.server.restUrl('/compliance/v1/dsa-notices'), {
      headers: { authorization: suite.manager },
    });
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 1);
    const [notice] = list.body.notices;
    assert.equal(notice.email, 'anna@example.com');
    assert.match(notice.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/, 'shop-local time');
    const decided = await fetchJson(suite.server.restUrl(`/compliance/v1/dsa-notices/${notice.id}`), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: { status: 'actioned', decision_note: 'Listing removed.' },
    });
    assert.equal(decided.status, 200);
    assert.equal(decided.body.status, 'actioned');
    assert.equal((await suite.server.store.dsaNotices.find(notice.id))!.decision_note, 'Listing removed.');
    const filtered = await fetchJson(suite.server.restUrl('/compliance/v1/dsa-notices?status=received'), {
      headers: { authorization: suite.manager },
    });
    assert.equal(filtered.body.total, 0);
    const bad = await fetchJson(suite.server.restUrl(`/compliance/v1/dsa-notices/${notice.id}`), {
      method: 'PUT',
      headers: { authorization: suite.manager },
      json: { status: 'deleted' },
    });
    assert.equal(bad.status, 400);
    const missing = await fetchJson(suite.server.restUrl('/compliance/v1/dsa-notices/999'), {
      headers: { authorization: suite.manager },
    });
    assert.equal(missing.status, 404);
    const editor = await suite.server.basicAuthFor('editor');
    assert.equal(
      (await fetchJson(suite.server.restUrl('/compliance/v1/dsa-notices'), { headers: { authorization: editor } }))
        .status,
      403,
    );
    assert.equal((await fetchJson(suite.server.restUrl('/compliance/v1/dsa-notices'))).status, 401);
  });

  it('throttles posts per address (429 with Retry-After), keeping what was typed', async () => {
    const form = await openForm('/report-content');
    let answer = await form.post(valid());
    for (let attempt = 0; attempt < 12 && answer.status !== 429; attempt++)
      answer = await form.post({ ...valid(), name: 'Flood Er' });
    assert.equal(answer.status, 429);
    assert.ok(Number(answer.headers.get('retry-after')) > 0);
    assert.match(answer.html, /value="Flood Er"/);
    assert.ok((await suite.server.store.dsaNotices.list()).length <= 10, 'no more than the allowance was stored');
  });
});
