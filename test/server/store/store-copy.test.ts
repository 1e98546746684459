// `vitrine store copy` as a library: a seeded lowdb shop into a fresh PostgreSQL database and back, compared through
// the other adapter; refusals of non-empty targets that change nothing; failures that leave the target empty.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { addApplicationPassword, createUser } from '../../../server/auth/users.js';
import { importIntoDataFolder } from '../../../server/store/lowdb/bulk-import.js';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import { nextId } from '../../../server/store/next-id.js';
import { importIntoPostgres } from '../../../server/store/postgres/bulk-import.js';
import { openPostgresStore } from '../../../server/store/postgres/index.js';
import type { ConsentRecord } from '../../../server/store/schema.js';
import { seedDemoShop } from '../../../server/demo/seed.js';
import { copyDataFolderToPostgres, copyPostgresToDataFolder } from '../../../server/store/store-copy.js';
import { CopyTargetNotEmptyError, readSnapshot, type StoreSnapshot } from '../../../server/store/store-snapshot.js';
import type { Store } from '../../../server/store/store.js';
import { createTestDatabase } from '../../support/postgres.js';
import { makeTempDir } from '../support/test-server.js';
import { fixtureDocument } from '../invoices/invoice-fixture.js';
import { newOrderLifecycle } from '../../../server/shop/orders/order-lifecycle.js';
import { SYSTEM_ACTOR } from '../../../server/shop/orders/order-actor.js';

/** Orders of these tests name no stock of the catalog. */
const noStock = () => ({ upsert: [], remove: [] });

/** The smallest valid PNG (1×1), as an upload would store it. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const folders: string[] = [];
after(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});
async function tempFolder(): Promise<string> {
  const folder = await makeTempDir('vitrine-copy-');
  folders.push(folder);
  return folder;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** The demo shop plus one of everything a live shop accumulates. */
async function seedLiveShop(dataDir: string): Promise<{ token: string; expiredToken: string }> {
  const store = await openLowdbStore(dataDir, { watch: false });
  try {
    assert.ok(await seedDemoShop(store));
    const { user } = await createUser(store, {
      login: 'maria',
      role: 'shop_manager',
      email: 'maria@example.com',
      password: 'maria-password-1',
    });
    await store.users.update(user.id, {
      // Her admin in Polish, which a copy keeps.
      locale: 'pl_PL',
      addresses: {
        billing: {
          first_name: 'Maria',
          last_name: 'Wiśniewska',
          street: 'Polna 1',
          postcode: '00-950',
          city: 'Warszawa',
          country: 'PL',
          phone: '',
        },
        shipping: null,
      },
    });
    await addApplicationPassword(store, 'maria', 'CI');
    await addApplicationPassword(store, 'admin', 'Zapier');
    const token = randomBytes(16).toString('hex');
    const expiredToken = randomBytes(16).toString('hex');
    await store.sessions.create({
      token_hash: hash(expiredToken),
      user_id: 1,
      created_at: hoursFromNow(-48),
      expires_at: hoursFromNow(-24),
    });
    await store.sessions.create({
      token_hash: hash(token),
      user_id: user.id,
      created_at: new Date().toISOString(),
      expires_at: hoursFromNow(24),
    });
    await store.site.update((site) => {
      const now = new Date().toISOString();
      site.pages.push({
        id: nextId(site, 'page'),
        slug: 'deals',
        title: 'Deals',
        content: '[facet per_page="6"]',
        status: 'draft',
        show_in_menu: false,
        menu_order: 0,
        legal_type: null,
        author_id: user.id,
        created_at: now,
        modified_at: now,
      });
      site.settings.general.shop_name = 'Copied Shop — Żółty';
      site.facet_config = { facets: [{ source: 'brand', label: 'Brand' }] };
      site.wizard.steps.general = true;
    });
    const checkboxes = store.site.data.checkboxes;
    assert.ok(checkboxes.length >= 2, 'the demo shop has checkboxes');
    const records: ConsentRecord[] = checkboxes.slice(0, 2).map((checkbox, index) => ({
      checkbox_id: checkbox.id,
      label: checkbox.label,
      location: checkbox.location,
      accepted: index === 0,
      time: new Date(Date.now() - 1000 * (10 - index)).toISOString(),
      legal_page_id: checkbox.legal_page_id,
      legal_page_modified_at: checkbox.legal_page_id ? new Date(Date.now() - 86_400_000).toISOString() : null,
      ip: '203.0.113.0',
    }));
    await store.consent.record(records);
    await store.consent.record([{ ...records[0]!, accepted: false, time: new Date().toISOString(), ip: '2001:db8::' }]);
    // The price history (Omnibus evidence, the demo's seeded past and more) and a WooCommerce API key move too.
    await store.priceHistory.append([
      {
        item_id: 999_001,
        product_id: 999_001,
        time: '2026-01-01T00:00:00.000Z',
        regular_price: 100,
        sale_price: null,
        date_on_sale_from: null,
        date_on_sale_to: null,
      },
      {
        item_id: 999_001,
        product_id: 999_001,
        time: '2026-02-01T00:00:00.000Z',
        regular_price: 100,
        sale_price: 80,
        date_on_sale_from: '2026-02-01T00:00:00.000Z',
        date_on_sale_to: null,
      },
    ]);
    // A coupon, with its code and amount (orders name it in their coupon lines).
    await store.coupons.create({
      code: 'wiosna',
      discount_type: 'fixed_cart',
      amount: 1500,
      description: 'Spring',
      date_expires: null,
      minimum_amount: 0,
      maximum_amount: 0,
      usage_limit: 10,
      usage_limit_per_user: null,
      product_ids: [],
      excluded_product_ids: [],
      product_categories: [],
      excluded_product_categories: [],
      exclude_sale_items: false,
      free_shipping: false,
      individual_use: false,
      email_restrictions: [],
      advertised: true,
      date_created: '2026-03-01T10:00:00.000Z',
      date_modified: '2026-03-01T10:00:00.000Z',
    });
    // An uploaded image: pages link to it by id, so the id and the bytes must survive.
    await store.media.add(
      { filename: 'banner.png', title: 'Banner', mime_type: 'image/png', author_id: user.id },
      PNG_BYTES,
    );
    await store.apiKeys.create({
      user_id: user.id,
      description: 'ERP',
      permissions: 'read_write',
      consumer_key_hash: hash('ck_test'),
      consumer_secret_hash: hash('cs_test'),
      truncated_key: 'ck_test',
      created_at: new Date().toISOString(),
    });
    // The storefront's records, with consent proof (label hash, reference) that must survive the copy.
    const address = {
      first_name: 'Anna',
      last_name: 'Nowak',
      street: 'Długa 1',
      postcode: '00-001',
      city: 'Warszawa',
      country: 'PL',
      phone: '',
    };
    const order = await store.orders.place(
      {
        ...newOrderLifecycle('bank_transfer', SYSTEM_ACTOR, new Date().toISOString()),
        user_id: user.id,
        email: 'maria@example.com',
        billing: address,
        company_tax_id: '1234563218',
        payment_method: 'bank_transfer',
        currency: 'PLN',
        lines: [{ product_id: 1, title: 'Koc', sku: 'K-1', unit_price: 99.5, quantity: 2, line_total: 199 }],
        subtotal: 199,
        total: 199,
        consent: [{ checkbox_id: checkboxes[0]!.id, label: checkboxes[0]!.label, accepted: true }],
        created_at: new Date().toISOString(),
      },
      [{ ...records[0]!, label_hash: hash(records[0]!.label), time: new Date().toISOString() }],
      noStock,
    );
    await store.messages.create(
      {
        name: 'Ola',
        email: 'ola@example.com',
        subject: 'Hi',
        message: 'Żółw?',
        user_id: null,
        created_at: new Date().toISOString(),
      },
      [],
    );
    const withdrawal = await store.withdrawals.create({
      order_id: order.id,
      order_number: order.number,
      email: order.email,
      items: [{ product_id: 1, title: 'Koc', quantity: 1 }],
      reason: '',
      user_id: user.id,
      received_at: new Date().toISOString(),
    });
    // How it was processed moves with it (a day, and the refund's record).
    await store.withdrawals.process(withdrawal.id, () => ({
      goods_received_on: '2026-03-09',
      refund: {
        amount: 99.5,
        refunded_on: '2026-03-10',
        scope: 'lines',
        lines: [{ product_id: 1, title: 'Koc', quantity: 1, amount: 99.5 }],
        recorded_at: '2026-03-10T09:00:00.000Z',
        recorded_by: user.id,
      },
    }));
    // DSA notices are legal records; a move between stores keeps them, decisions included.
    const notice = {
      product_id: 1,
      url: 'https://shop.example/product/x',
      explanation: 'Counterfeit — podróbka.',
      name: 'Anna',
      email: 'a@example.com',
      good_faith: true,
      ip: '203.0.113.0',
    };
    await store.dsaNotices.create({ ...notice, created_at: new Date(Date.now() - 5000).toISOString() });
    const second = await store.dsaNotices.create({ ...notice, product_id: 0, created_at: new Date().toISOString() });
    await store.dsaNotices.setStatus(
      second.id,
      { status: 'rejected', decision_note: 'Not illegal.' },
      new Date().toISOString(),
    );
    // Invoices are tax records: the documents, their XML and the numbering move, and the next number follows on.
    for (const sequence of [1, 2])
      await store.invoices.issue(`order:${order.id}:${sequence}`, 'FV/2026/03', (n) =>
        fixtureDocument('FV/2026/03', n, order.id),
      );
    return { token, expiredToken };
  } finally {
    await store.close();
  }
}

/** What the two adapters may spell differently without meaning anything else: an absent or null legal_page_type. */
function normalised(snapshot: StoreSnapshot): StoreSnapshot {
  const copy = structuredClone({
    ...snapshot,
    catalog: { ...snapshot.catalog, products: [...snapshot.catalog.products] },
  });
  for (const checkbox of copy.site.checkboxes) if (checkbox.legal_page_type == null) delete checkbox.legal_page_type;
  return copy;
}

async function snapshotOf(open: () => Promise<Store>): Promise<StoreSnapshot> {
  const store = await open();
  try {
    return await readSnapshot(store);
  } finally {
    await store.close();
  }
}

async function countRows(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [exists],
    } = await client.query("SELECT to_regclass('users') IS NOT NULL AS migrated");
    if (!exists.migrated) return {};
    const tables = [
      'users',
      'application_passwords',
      'sessions',
      'pages',
      'checkboxes',
      'checkbox_counters',
      'consent_log',
      'products',
      'catalog_meta',
    ];
    const {
      rows: [counts],
    } = await client.query(
      `SELECT ${tables.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`).join(', ')}`,
    );
    return counts;
  } finally {
    await client.end();
  }
}

/**
 * Every file of a folder and its subfolders (the media folder) with its bytes, to show that a refused copy changed
 * nothing.
 */
async function folderContents(folder: string): Promise<Record<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
  return Object.fromEntries(
    await Promise.all(files.map(async (name) => [name, await readFile(path.join(folder, name), 'utf8')] as const)),
  );
}

describe('vitrine store copy', () => {
  let source: string;
  let url: string;
  let original: StoreSnapshot;
  let tokens: { token: string; expiredToken: string };

  before(async () => {
    source = await tempFolder();
    tokens = await seedLiveShop(source);
    original = await snapshotOf(() => openLowdbStore(source, { watch: false }));
    url = await createTestDatabase();
  });

  test('the data folder into a fresh PostgreSQL database: the same shop, reopened with openPostgresStore', async () => {
    let total = 0;
    let last = 0;
    const report = await copyDataFolderToPostgres(source, url, {
      onStart: (n) => (total = n),
      onProgress: (n) => (last = n),
    });
    assert.equal(last, total, 'progress reaches the total');
    assert.deepEqual(report.counts, {
      users: 2,
      sessions: 1,
      pages: original.site.pages.length,
      checkboxes: original.site.checkboxes.length,
      consent: 4,
      products: original.catalog.products.length,
      orders: 1,
      messages: 1,
      withdrawals: 1,
      priceChanges: original.priceHistory.length,
      apiKeys: 1,
      media: 1,
    });
    assert.equal(report.skippedCounters, 0);

    const store = await openPostgresStore(url, { listen: false });
    try {
      const copied = await readSnapshot(store);
      assert.deepEqual(normalised(copied), normalised(original));
      // Spelled out, so that a shared blind spot of readSnapshot cannot hide a loss.
      assert.equal(store.site.data.secret, original.site.secret);
      assert.equal(store.site.data.settings.general!.shop_name, 'Copied Shop — Żółty');
      assert.equal(store.site.data.pages.find((page) => page.slug === 'deals')?.status, 'draft');
      assert.deepEqual(store.site.data.last_ids, original.site.last_ids);
      const maria = await store.users.findByLogin('maria');
      assert.equal(maria?.id, 2);
      assert.equal(maria?.app_passwords[0]?.name, 'CI');
      assert.equal(maria?.addresses?.billing?.street, 'Polna 1', 'saved addresses are copied');
      assert.equal(maria?.locale, 'pl_PL', 'so is the language of her admin');
      assert.equal((await store.users.findByLogin('admin'))?.app_passwords[0]?.name, 'Zapier');
      // Signed-in users stay signed in; the expired session did not move.
      assert.equal((await store.sessions.find(hash(tokens.token), new Date()))?.user.login, 'maria');
      assert.equal(await store.sessions.find(hash(tokens.expiredToken), new Date(Date.now() - 36 * 3_600_000)), null);
      assert.deepEqual(
        (await store.consent.log()).map((record) => record.ip),
        ['203.0.113.0', '203.0.113.0', '2001:db8::', '203.0.113.0'],
      );
      const order = (await store.orders.list())[0]!;
      assert.equal(order.number, 'VT-000001');
      assert.equal(
        (await store.consent.log()).at(-1)?.reference,
        `order:${order.number}`,
        'the consent proof moved with its reference',
      );
      const [withdrawal] = await store.withdrawals.list();
      assert.equal(withdrawal?.order_number, order.number);
      assert.equal(withdrawal?.goods_received_on, '2026-03-09');
      assert.deepEqual(withdrawal?.refund?.lines, [{ product_id: 1, title: 'Koc', quantity: 1, amount: 99.5 }]);
      assert.equal(withdrawal?.refund?.refunded_on, '2026-03-10');
      const year = new Date().getUTCFullYear();
      assert.deepEqual(
        (await store.dsaNotices.list()).map((notice) => `${notice.reference} ${notice.status}`),
        [`DSA-${year}-000001 received`, `DSA-${year}-000002 rejected`],
      );
      assert.equal(store.catalog.data.products.length, original.catalog.products.length);
      assert.deepEqual(
        (await store.priceHistory.forItems([999_001])).map((change) => change.sale_price),
        [null, 80],
      );
      assert.equal((await store.priceHistory.all()).length, original.priceHistory.length);
      assert.equal((await store.apiKeys.findByConsumerKeyHash(hash('ck_test')))?.description, 'ERP');
      const coupon = await store.coupons.findByCode('WIOSNA');
      assert.deepEqual([coupon?.amount, coupon?.usage_limit, coupon?.advertised], [1500, 10, true]);
      const [image] = await store.media.list();
      assert.deepEqual((await store.media.read(image!.id))?.bytes, PNG_BYTES, 'the image moved byte for byte');
      assert.deepEqual(
        (await store.invoices.list({ page: 1, perPage: 10 })).invoices.map((invoice) => invoice.number),
        ['FV/2026/03/2', 'FV/2026/03/1'],
      );
      assert.equal(await store.invoices.xml(1), '<Faktura n="1"/>');
      const third = await store.invoices.issue('after-copy', 'FV/2026/03', (n) => fixtureDocument('FV/2026/03', n, 1));
      assert.deepEqual([third.id, third.number], [3, 'FV/2026/03/3']);
      // The identity sequence moved past the copied ids.
      const next = await store.users.create({
        login: 'newcomer',
        email: 'newcomer@example.com',
        display_name: 'N',
        roles: ['customer'],
        password_hash: 'x',
        created_at: new Date().toISOString(),
      });
      assert.equal(next.id, 3);
    } finally {
      await store.close();
    }
  });

  test('a non-empty database is refused, and nothing in it changes', async () => {
    const before = await countRows(url);
    await assert.rejects(
      copyDataFolderToPostgres(source, url),
      (error: Error) =>
        error instanceof CopyTargetNotEmptyError && /is not empty \(it has users, sessions, pages/.test(error.message),
    );
    // Also when the writer is called directly (the quick check skipped).
    await assert.rejects(importIntoPostgres(url, original), CopyTargetNotEmptyError);
    assert.deepEqual(await countRows(url), before);
  });

  test('back with --from into an empty folder: the same shop, reopened with openLowdbStore', async () => {
    const target = await tempFolder(); // exists and is empty
    // The database gained "newcomer" and an invoice above; compare with what PostgreSQL holds now.
    const inPostgres = await snapshotOf(() => openPostgresStore(url, { listen: false }));
    const report = await copyPostgresToDataFolder(url, target);
    assert.equal(report.counts.users, 3);
    const copied = await snapshotOf(() => openLowdbStore(target, { watch: false }));
    assert.deepEqual(normalised(copied), normalised(inPostgres));
    // Nor the invoice issued after the first copy, which took the period's next number.
    const withoutNewcomer = {
      ...copied,
      users: copied.users.filter((user) => user.login !== 'newcomer'),
      invoices: {
        invoices: copied.invoices.invoices.filter(({ key }) => key !== 'after-copy'),
        counters: { ...copied.invoices.counters, 'FV/2026/03': 2 },
      },
    };
    assert.deepEqual(normalised(withoutNewcomer), normalised(original));
    // Only the data files, no temporary folder left beside it.
    assert.deepEqual((await readdir(target)).sort(), [
      'catalog.json',
      'consent-log.ndjson',
      'dsa-notices.json',
      'invoices.json',
      'media',
      'messages.json',
      'orders.json',
      'price-history.ndjson',
      'sessions.json',
      'site.json',
      'stats.json',
      'users.json',
      'withdrawals.json',
    ]);
    assert.deepEqual(
      (await readdir(path.dirname(target))).filter((name) => name.includes('.copy-')),
      [],
    );
    // A missing folder is fine too, and the next user id continues after the copied ones.
    const missing = path.join(await tempFolder(), 'nested', 'data');
    await copyPostgresToDataFolder(url, missing);
    const store = await openLowdbStore(missing, { watch: false });
    try {
      const user = await store.users.create({
        login: 'fourth',
        email: 'fourth@example.com',
        display_name: 'F',
        roles: ['customer'],
        password_hash: 'x',
        created_at: new Date().toISOString(),
      });
      assert.equal(user.id, 4);
    } finally {
      await store.close();
    }
  });

  test('a non-empty data folder is refused, and nothing in it changes', async () => {
    const target = await tempFolder();
    await writeFile(path.join(target, 'notes.txt'), 'keep me\n');
    await assert.rejects(
      copyPostgresToDataFolder(url, target),
      (error: Error) => error instanceof CopyTargetNotEmptyError && /is not empty \(notes\.txt\)/.test(error.message),
    );
    assert.deepEqual(await folderContents(target), { 'notes.txt': 'keep me\n' });
    const sourceBefore = await folderContents(source);
    await assert.rejects(copyPostgresToDataFolder(url, source), CopyTargetNotEmptyError);
    assert.deepEqual(await folderContents(source), sourceBefore);
  });

  test('a failure in the middle leaves the PostgreSQL target empty', async () => {
    const fresh = await createTestDatabase();
    // Everything else is written before the products, so the bad product at the end fails a nearly complete copy.
    const bad = { ...original.catalog.products[0]!, id: 'not-a-number' as unknown as number };
    const broken: StoreSnapshot = {
      ...original,
      catalog: { ...original.catalog, products: [...original.catalog.products, bad] },
    };
    await assert.rejects(importIntoPostgres(fresh, broken), /integer id/);
    const counts = await countRows(fresh);
    assert.ok(Object.keys(counts).length > 0, 'migrated');
    assert.deepEqual(
      Object.values(counts).filter((count) => count > 0),
      [],
    );
    // A duplicate user login fails half-way through the users: empty again, and the good snapshot then copies.
    const duplicate: StoreSnapshot = { ...original, users: [...original.users, { ...original.users[1]!, id: 99 }] };
    await assert.rejects(importIntoPostgres(fresh, duplicate), /share an id, login or e-mail/);
    assert.deepEqual(
      Object.values(await countRows(fresh)).filter((count) => count > 0),
      [],
    );
    await importIntoPostgres(fresh, original);
    assert.deepEqual(
      normalised(await snapshotOf(() => openPostgresStore(fresh, { listen: false }))),
      normalised(original),
    );
  });

  test('a failure in the middle leaves no data folder behind', async () => {
    const parent = await tempFolder();
    const target = path.join(parent, 'data');
    const bad = { ...original.catalog.products[0]!, title: 42 as unknown as string };
    const broken: StoreSnapshot = {
      ...original,
      catalog: { ...original.catalog, products: [...original.catalog.products, bad] },
    };
    const position = broken.catalog.products.length; // the bad one is last: its position, counted from 1
    await assert.rejects(importIntoDataFolder(target, broken), new RegExp(`Product ${position} .*title`));
    assert.deepEqual(await readdir(parent), []);
    // Into an existing empty folder: it stays empty.
    await mkdir(target);
    await assert.rejects(importIntoDataFolder(target, broken), new RegExp(`Product ${position} `));
    assert.deepEqual(await readdir(parent), ['data']);
    assert.deepEqual(await readdir(target), []);
  });

  test('a missing data folder is not copied as an empty shop', async () => {
    const missing = path.join(await tempFolder(), 'nothing-here');
    await assert.rejects(copyDataFolderToPostgres(missing, await createTestDatabase()), /holds no shop to copy/);
    await assert.rejects(readdir(missing), { code: 'ENOENT' });
  });
});
