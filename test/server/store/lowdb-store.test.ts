// The lowdb store on real files: seeding an empty folder, persistence across restarts, refusal of corrupt files.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { openStore } from '../../../server/demo/seeded-store.js';
import { StoreCorruptError } from '../../../server/store/store-error.js';
import type { LowdbCatalog } from '../../../server/store/lowdb/lowdb-catalog.js';
import { buildDemoCatalog } from '../../../server/demo/demo-catalog.js';
import { fetchJson, makeTempDir, startTestServer } from '../support/test-server.js';
import { rm } from 'node:fs/promises';

const lowdb = (dataDir: string) => ({ dataDir, databaseUrl: null });
const folders: string[] = [];
async function tempFolder() {
  const folder = await makeTempDir();
  folders.push(folder);
  return folder;
}
after(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('openStore on an empty folder', () => {
  it('seeds the demo shop once and reports the generated administrator password', async () => {
    const dir = await tempFolder();
    const first = await openStore(lowdb(dir));
    assert.ok(first.seeded);
    assert.equal(first.seeded.adminLogin, 'admin');
    assert.ok(first.seeded.adminPassword.length >= 16);
    const { site, catalog } = first.store;
    assert.deepEqual(
      (await first.store.users.list()).map((user) => user.roles),
      [['administrator']],
    );
    assert.ok(
      !JSON.stringify(await first.store.users.list()).includes(first.seeded.adminPassword),
      'the password is stored only as a hash',
    );
    assert.ok(
      site.data.pages
        .find((page) => page.slug === 'home')!
        .content.includes('<!-- wp:facet/filter {"perPage":12} /-->'),
    );
    assert.ok(site.data.pages.find((page) => page.slug === 'shop')!.content.includes('[facet]'));
    assert.ok(catalog.data.products.length >= 250 && catalog.data.products.length <= 350);
    const second = await openStore(lowdb(dir));
    assert.equal(second.seeded, null, 'a second open does not seed again');
    assert.equal((await second.store.users.list()).length, 1);
  });

  it('builds the same demo catalog on every run, with a believable spread of data', () => {
    const catalog = buildDemoCatalog();
    assert.deepEqual(buildDemoCatalog(), catalog);
    const parents = new Set(catalog.categories.map((category) => category.parent));
    assert.ok(
      catalog.categories.some((category) => category.parent !== 0 && parents.has(category.id)),
      'the tree has three levels',
    );
    assert.ok(new Set(catalog.products.map((product) => product.brand)).size >= 8);
    assert.ok(
      catalog.products.some((product) => product.sale_price !== null && product.sale_price < product.regular_price),
    );
    assert.ok(
      catalog.products.every((product) => product.sale_price === null || product.sale_price < product.regular_price),
    );
    assert.ok(catalog.products.some((product) => !product.in_stock));
    assert.ok(
      catalog.products.some((product) => product.attributes.size!.length > 1),
      'sizes are multi-valued',
    );
    // One colour per product, the one its picture shows, so "Black" lists no yellow jumper.
    assert.ok(
      catalog.products.every((product) => product.attributes.color!.length === 1),
      'one colour each',
    );
    assert.equal(
      new Set(catalog.products.map((product) => product.title)).size,
      catalog.products.length,
      'titles are unique',
    );
    for (const { title } of catalog.products) {
      const words = title.toLowerCase().split(/\s+/);
      assert.equal(new Set(words).size, words.length, `no doubled word in "${title}"`);
    }
    assert.ok(
      catalog.products.some((product) => /[ŻżłŁäÉ]/.test(product.brand)),
      'brands show off diacritics',
    );
    // One language: English titles and descriptions, no Polish words among them.
    assert.ok(
      catalog.products.every(
        (product) =>
          !/[ąćęłńśźż]| z | marki /i.test(`${product.title} ${product.description.replace(product.brand, '')}`),
      ),
    );
    assert.equal(
      new Set(catalog.products.map((product) => product.slug)).size,
      catalog.products.length,
      'slugs are unique',
    );
  });
});

describe('persistence', () => {
  it('keeps users, application passwords and settings across a server restart', async () => {
    const dir = await tempFolder();
    const first = await startTestServer({ dataDir: dir });
    const auth = await first.basicAuthFor('shop_manager', 'keeper');
    await first.store.site.update((site) => {
      site.settings.general.shop_name = 'Persisted Shop';
    });
    await first.stop({ keepData: true });

    const second = await startTestServer({ dataDir: dir });
    try {
      assert.equal(second.seeded, null);
      const { status, body } = await fetchJson(second.restUrl('/vitrine/v1/users/me'), {
        headers: { authorization: auth },
      });
      assert.equal(status, 200);
      assert.equal(body.login, 'keeper');
      const home = await (await fetch(`${second.url}/`)).text();
      assert.match(home, /Persisted Shop/);
    } finally {
      await second.stop();
    }
  });
});

describe('a corrupt data file', () => {
  for (const file of [
    'site.json',
    'users.json',
    'sessions.json',
    'catalog.json',
    'stats.json',
    'consent-log.ndjson',
    path.join('media', 'media.json'),
  ]) {
    it(`stops the start with a message naming ${file}, and leaves it untouched`, async () => {
      const dir = await tempFolder();
      const { store } = await openStore(lowdb(dir));
      await createUser(store, { login: 'someone', role: 'editor', password: 'password123' });
      const damaged = '{"users": [ this is not json';
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), damaged);
      await assert.rejects(openStore(lowdb(dir)), (error: Error) => {
        assert.ok(error instanceof StoreCorruptError);
        assert.ok(error.message.includes(path.join(dir, file)), error.message);
        return true;
      });
      await assert.rejects(startTestServer({ dataDir: dir }), StoreCorruptError);
      assert.equal(await readFile(path.join(dir, file), 'utf8'), damaged);
    });
  }

  it('is refused when a setting was edited by hand into another type, naming the setting and the file', async () => {
    const dir = await tempFolder();
    await openStore(lowdb(dir));
    const site = JSON.parse(await readFile(path.join(dir, 'site.json'), 'utf8'));
    site.settings.checkout.cod_fee = '5';
    const edited = JSON.stringify(site);
    await writeFile(path.join(dir, 'site.json'), edited);
    await assert.rejects(openStore(lowdb(dir)), (error: Error) => {
      assert.ok(error instanceof StoreCorruptError);
      assert.match(error.message, /checkout\.cod_fee is "5", not a number/);
      assert.ok(error.message.includes(path.join(dir, 'site.json')), error.message);
      return true;
    });
    assert.equal(await readFile(path.join(dir, 'site.json'), 'utf8'), edited, 'left untouched');
  });

  it('is refused when it holds JSON that is not an object', async () => {
    const dir = await tempFolder();
    await openStore(lowdb(dir));
    await writeFile(path.join(dir, 'site.json'), '[1, 2, 3]');
    await assert.rejects(openStore(lowdb(dir)), StoreCorruptError);
  });
});

describe('a catalog write of this process', () => {
  it('does not hold a refresh until it ends: the catalog committed so far answers meanwhile', async () => {
    const { store } = await openStore(lowdb(await makeTempDir()));
    try {
      const catalog = store.catalog as LowdbCatalog;
      const committed = catalog.data.products.length;
      const demo = buildDemoCatalog();
      let writing!: () => void;
      const underWay = new Promise<void>((resolve) => (writing = resolve));
      // Progress is told while the file is written, before it is flushed and renamed into place.
      const replaced = store.catalog.replace(
        { categories: demo.categories, attributes: demo.attributes },
        demo.products.slice(0, 3),
        () => writing(),
      );
      await underWay;
      const first = await Promise.race([
        replaced.then(() => 'the write ended first'),
        catalog.reloadIfChanged().then(() => `refreshed with ${catalog.data.products.length} products`),
      ]);
      assert.equal(first, `refreshed with ${committed} products`);
      await replaced;
      assert.equal(store.catalog.data.products.length, 3);
      assert.equal(await catalog.reloadIfChanged(), 'unchanged');
    } finally {
      await store.close();
    }
  });
});
