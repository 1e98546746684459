// The PostgreSQL store's site state: defaults of a new database, migrations, row-locked updates and their rollback.
import { readdir } from 'node:fs/promises';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { migratePostgres, openPostgresStore } from '../../../../server/store/postgres/index.js';
import type { Checkbox, Page } from '../../../../server/store/schema.js';
import type { Store } from '../../../../server/store/store.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { assertNewSite } from '../conformance/fixtures.js';

let url: string;
let store: Store;

before(async () => {
  url = await createTestDatabase();
  const started = performance.now();
  store = await openPostgresStore(url);
  console.log(`# open of a fresh database (migrate + defaults + load): ${Math.round(performance.now() - started)} ms`);
});
after(() => store.close());

const page = (id: number, slug: string): Page => ({
  id,
  slug,
  title: slug,
  content: '<p>x</p>',
  status: 'publish',
  show_in_menu: false,
  menu_order: 0,
  legal_type: null,
  author_id: 1,
  created_at: '2026-01-02T03:04:05.678Z',
  modified_at: '2026-01-02T03:04:05.678Z',
});
const checkbox = (id: number, legalPageId: number): Checkbox => ({
  id,
  label: `Box ${id}`,
  required: true,
  location: 'checkout',
  enabled: true,
  position: id,
  legal_page_id: legalPageId,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
});

test('a new database opens with the defaults and a generated secret', () => {
  assertNewSite(store.site.data);
  assert.equal(store.kind, 'postgres');
  assert.ok(!store.location.includes(new URL(url).password), 'location hides the password');
});

test('migrations are recorded once; running them again applies nothing', async () => {
  assert.deepEqual(await migratePostgres(url), { applied: [] });
  const fresh = await createTestDatabase();
  const [first, second] = await Promise.all([migratePostgres(fresh), migratePostgres(fresh)]);
  const shipped = (await readdir(new URL('../../../../server/store/postgres/migrations/', import.meta.url)))
    .map((file) => file.replace(/\.sql$/, ''))
    .sort();
  assert.ok(shipped.includes('001_initial'));
  assert.deepEqual(
    [...first.applied, ...second.applied],
    shipped,
    'the advisory lock lets one of two racers apply every migration',
  );
  assert.ok(first.applied.length === 0 || second.applied.length === 0, 'one of the two racers applied nothing');
});

test('two instances opening one empty database at once agree on the secret', async () => {
  const fresh = await createTestDatabase();
  const [a, b] = await Promise.all([
    openPostgresStore(fresh, { listen: false }),
    openPostgresStore(fresh, { listen: false }),
  ]);
  assert.equal(a.site.data.secret, b.site.data.secret);
  await Promise.all([a.close(), b.close()]);
});

test('site.update stores pages, checkboxes and meta fields, and a reopened store reads them back', async () => {
  const started = performance.now();
  const returned = await store.site.update((draft) => {
    draft.pages.push(page(1, 'terms'), page(2, 'privacy'));
    draft.checkboxes.push(checkbox(1, 1), checkbox(2, 0));
    draft.checkboxes[1]!.legal_page_type = 'privacy';
    draft.last_ids = { page: 2, checkbox: 2 };
    draft.facet_config = { facets: [{ name: 'brand' }] };
    draft.settings.general.shop_name = 'Sklep';
    return 'done';
  });
  console.log(`# site.update (2 pages, 2 checkboxes, meta): ${Math.round(performance.now() - started)} ms`);
  assert.equal(returned, 'done');
  const reopened = await openPostgresStore(url, { listen: false });
  try {
    assert.deepEqual(reopened.site.data, store.site.data);
    assert.equal(reopened.site.data.checkboxes[1]!.legal_page_id, 0, 'NULL in the database is 0 in the app');
    assert.equal(reopened.site.data.checkboxes[1]!.legal_page_type, 'privacy');
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query('SELECT id, legal_page_id FROM checkboxes ORDER BY id');
    await db.end();
    assert.deepEqual(rows, [
      { id: 1, legal_page_id: 1 },
      { id: 2, legal_page_id: null },
    ]);
  } finally {
    await reopened.close();
  }
});

test('a change that throws stores nothing and leaves the copy untouched', async () => {
  const before = structuredClone(store.site.data);
  await assert.rejects(
    store.site.update((draft) => {
      draft.pages.push(page(9, 'lost'));
      draft.settings.general.shop_name = 'Lost';
      throw new Error('refused');
    }),
    /refused/,
  );
  assert.deepEqual(store.site.data, before);
  const reopened = await openPostgresStore(url, { listen: false });
  assert.deepEqual(reopened.site.data, before);
  await reopened.close();
});

test('deleting a linked page and its checkbox in one update, and swapping two slugs, pass the constraints', async () => {
  await store.site.update((draft) => {
    draft.checkboxes = draft.checkboxes.filter((box) => box.id !== 1);
    draft.pages = draft.pages.filter((p) => p.id !== 1);
    draft.pages.push(page(3, 'returns'));
  });
  await store.site.update((draft) => {
    draft.pages.find((p) => p.id === 2)!.slug = 'returns';
    draft.pages.find((p) => p.id === 3)!.slug = 'privacy';
  });
  const reopened = await openPostgresStore(url, { listen: false });
  assert.deepEqual(
    reopened.site.data.pages.map((p) => [p.id, p.slug]),
    [
      [2, 'returns'],
      [3, 'privacy'],
    ],
  );
  assert.deepEqual(
    reopened.site.data.checkboxes.map((box) => box.id),
    [2],
  );
  await reopened.close();
});

test('a checkbox that links a missing page is refused with a clear message, and nothing is stored', async () => {
  const before = structuredClone(store.site.data);
  await assert.rejects(
    store.site.update((draft) => {
      draft.checkboxes.push(checkbox(5, 42));
    }),
    /links the legal page 42, which does not exist/,
  );
  assert.deepEqual(store.site.data, before);
});

test('concurrent updates from two instances are serialised: no lost increments', async () => {
  const other = await openPostgresStore(url, { listen: false });
  const bump = (s: Store) =>
    s.site.update((draft) => {
      draft.last_ids.page += 1;
    });
  const start = store.site.data.last_ids.page;
  await Promise.all(Array.from({ length: 10 }, (_, i) => bump(i % 2 ? store : other)));
  await store.refresh();
  assert.equal(store.site.data.last_ids.page, start + 10);
  await other.close();
});

test('an unreachable database fails with a message naming host and database, not the password', async () => {
  const bad = new URL(url);
  bad.port = '1';
  bad.password = 'sekret-password';
  await assert.rejects(openPostgresStore(bad.href), (error: Error) => {
    assert.match(error.message, /Cannot reach the PostgreSQL database "vitrine_test_\w+" on 127\.0\.0\.1:1/);
    assert.ok(!error.message.includes('sekret-password'));
    return true;
  });
});
