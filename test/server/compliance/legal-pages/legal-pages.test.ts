import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { countWords } from '../../../../server/compliance/legal-pages/word-count.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';

const suite = useTestServer();
const list = () =>
  fetchJson(suite.server.restUrl('/compliance/v1/legal-pages'), { headers: { authorization: suite.manager } });
const generate = (json?: unknown) =>
  fetchJson(suite.server.restUrl('/compliance/v1/legal-pages/generate'), {
    method: 'POST',
    headers: { authorization: suite.manager },
    json,
  });
const setModule = (on: boolean) =>
  fetchJson(suite.server.restUrl('/compliance/v1/settings/general'), {
    method: 'POST',
    headers: { authorization: suite.manager },
    json: { legal_pages_enabled: on },
  });
const removeLegalPages = () =>
  suite.server.store.site.update((site) => {
    site.pages = site.pages.filter((page) => !page.legal_type);
    for (const checkbox of site.checkboxes) checkbox.legal_page_id = 0;
  });

describe('POST /legal-pages/generate', () => {
  beforeEach(async () => {
    await removeLegalPages();
    await setModule(true);
  });

  it('creates the four pages as empty drafts (201), then reuses them (200) without duplicates', async () => {
    assert.deepEqual((await list()).body, { pages: [], total: 0 });
    const first = await generate();
    assert.equal(first.status, 201);
    assert.equal(first.body.total, 4);
    assert.deepEqual(
      first.body.pages.map((page: any) => [page.type, page.status, page.word_count]),
      [
        ['terms', 'draft', 0],
        ['privacy', 'draft', 0],
        ['returns', 'draft', 0],
        ['complaints', 'draft', 0],
      ],
    );
    for (const page of first.body.pages) {
      assert.deepEqual(Object.keys(page).sort(), [
        'id',
        'last_modified',
        'status',
        'title',
        'type',
        'url',
        'word_count',
      ]);
      assert.ok(page.url.startsWith(`${suite.server.url}/`), page.url);
      assert.match(new URL(page.url).pathname, /^\/[a-z0-9-]+$/);
      assert.match(page.last_modified, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    }
    assert.deepEqual(
      first.body.pages.map((page: any) => [page.title, new URL(page.url).pathname]),
      [
        ['Regulamin', '/regulamin'],
        ['Polityka prywatności', '/polityka-prywatnosci'],
        ['Zwroty i odstąpienie od umowy', '/odstapienie-od-umowy'],
        ['Reklamacje', '/reklamacje'],
      ],
      "titled and addressed in the language of the shop's locale (pl-PL)",
    );
    // The report (an extension): what this call created and what it reused, by id.
    const ids = first.body.pages.map((page: any) => page.id);
    assert.deepEqual([first.body.created, first.body.reused], [ids, []]);
    const second = await generate();
    assert.equal(second.status, 200);
    assert.deepEqual([second.body.created, second.body.reused], [[], ids]);
    assert.deepEqual(
      { pages: second.body.pages, total: second.body.total },
      { pages: first.body.pages, total: first.body.total },
    );
    assert.equal(suite.server.store.site.data.pages.filter((page) => page.legal_type).length, 4);
    assert.deepEqual((await list()).body, { pages: first.body.pages, total: first.body.total });
  });

  it('links each seeded checkbox to the page of its kind; the newsletter and privacy ones to the privacy policy', async () => {
    const { body } = await generate();
    const idOf = (type: string) => body.pages.find((page: any) => page.type === type).id;
    const checkboxes = (
      await fetchJson(suite.server.restUrl('/compliance/v1/checkboxes'), { headers: { authorization: suite.manager } })
    ).body.checkboxes;
    assert.deepEqual(
      checkboxes.map((c: any) => c.legal_page_id),
      [idOf('terms'), idOf('privacy'), idOf('privacy'), idOf('privacy'), idOf('privacy')],
    );
  });

  it('reuses an existing page of a type whatever its status, never overwriting it, and avoids taken slugs', async () => {
    const now = new Date().toISOString();
    await suite.server.store.site.update((site) => {
      site.pages.push({
        id: 900,
        slug: 'my-terms',
        title: 'Our terms',
        content: '<p>Four words of terms</p>',
        status: 'publish',
        show_in_menu: false,
        menu_order: 0,
        legal_type: 'terms',
        author_id: 1,
        created_at: now,
        modified_at: now,
      });
      site.pages.push({
        id: 901,
        slug: 'polityka-prywatnosci',
        title: 'Not legal, but has the slug',
        content: '',
        status: 'publish',
        show_in_menu: false,
        menu_order: 0,
        legal_type: null,
        author_id: 1,
        created_at: now,
        modified_at: now,
      });
    });
    const { status, body } = await generate();
    assert.equal(status, 201);
    const terms = body.pages.filter((page: any) => page.type === 'terms');
    assert.deepEqual(terms, [
      {
        id: 900,
        type: 'terms',
        title: 'Our terms',
        status: 'publish',
        url: `${suite.server.url}/my-terms`,
        last_modified: terms[0].last_modified,
        word_count: 4,
      },
    ]);
    const privacy = body.pages.find((page: any) => page.type === 'privacy');
    assert.equal(privacy.url, `${suite.server.url}/polityka-prywatnosci-2`);
    const slugs = suite.server.store.site.data.pages.map((page) => page.slug);
    assert.equal(new Set(slugs).size, slugs.length);
    await suite.server.store.site.update((site) => {
      site.pages = site.pages.filter((page) => page.id !== 901);
    });
  });

  it('answers 409 compliance_module_disabled and creates nothing while the module is off', async () => {
    await setModule(false);
    const pagesBefore = suite.server.store.site.data.pages.length;
    const { status, body } = await generate();
    assert.equal(status, 409);
    assert.equal(body.code, 'compliance_module_disabled');
    assert.equal(body.data.status, 409);
    assert.equal(suite.server.store.site.data.pages.length, pagesBefore);
    assert.equal((await list()).status, 200, 'listing still works');
  });

  it('takes no parameters', async () => {
    const { status, body } = await generate({ overwrite: true });
    assert.equal(status, 400);
    assert.ok('overwrite' in body.data.params);
  });
});

describe('legal pages are ordinary pages', () => {
  it('serves a draft to nobody anonymous, and a published one at its slug', async () => {
    await removeLegalPages();
    const { body } = await generate();
    const terms = body.pages.find((page: any) => page.type === 'terms');
    assert.equal((await fetch(terms.url)).status, 404);
    await suite.server.store.site.update((site) => {
      const page = site.pages.find((candidate) => candidate.id === terms.id)!;
      page.status = 'publish';
      page.content = '<p>Our terms.</p>';
    });
    const response = await fetch(terms.url);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /Our terms\./);
  });
});

describe('countWords', () => {
  it('counts the words a reader sees, not markup, comments or entities', () => {
    assert.equal(countWords(''), 0);
    assert.equal(
      countWords('<!-- wp:paragraph {"a":"b c d"} --><p>Hello <b>world</b>&nbsp;again</p><!-- /wp:paragraph -->'),
      3,
    );
    assert.equal(countWords("<p>Zwrot towaru w ciągu 14 dni, e-mail: don't</p><script>var a = 1;</script>"), 8);
  });
});
