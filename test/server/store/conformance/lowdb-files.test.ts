// lowdb only: data files of the wrong shape are refused and left alone; a legacy site.json is upgraded.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import { StoreCorruptError } from '../../../../server/store/store-error.js';
import { appPassword, catalogMeta, newUser, page, product, sha } from './fixtures.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'vitrine-lowdb-files-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const user = { ...newUser('anna'), id: 1, app_passwords: [] };
const session = {
  token_hash: sha('t'),
  user_id: 1,
  created_at: '2026-01-02T03:04:05.000Z',
  expires_at: '2099-01-01T00:00:00.000Z',
};

describe('lowdb: a data file valid as JSON but of the wrong shape', () => {
  const cases: Array<{ file: string; what: string; content: unknown; field: RegExp }> = [
    {
      file: 'site.json',
      what: '{"users":5,"settings":null}',
      content: { users: 5, settings: null },
      field: /\b(users|settings): /,
    },
    {
      file: 'site.json',
      what: 'with null settings',
      content: { secret: 'x'.repeat(43), settings: null },
      field: /\bsettings: /,
    },
    {
      file: 'users.json',
      what: 'with an unknown role',
      content: { users: [{ ...user, roles: ['king'] }] },
      field: /\busers\.0\.roles\.0: /,
    },
    {
      file: 'users.json',
      what: 'with an unhashed application password',
      content: { users: [{ ...user, app_passwords: [{ ...appPassword('u', 'CI'), password_hash: 'plain' }] }] },
      field: /\busers\.0\.app_passwords\.0\.password_hash: /,
    },
    {
      file: 'sessions.json',
      what: 'with a string user id',
      content: { sessions: [session, { ...session, user_id: 'one' }] },
      field: /\bsessions\.1\.user_id: /,
    },
    {
      file: 'stats.json',
      what: 'with a string counter',
      content: { checkboxes: { 1: { shown: '3', accepted: 0 } } },
      field: /\bcheckboxes\.1\.shown: /,
    },
    {
      file: 'catalog.json',
      what: 'with a product whose price is a string',
      content: { ...catalogMeta, products: [product(1), { ...product(2), regular_price: '10.50' }] },
      field: /\bproducts\.1\.regular_price: /,
    },
  ];
  for (const { file, what, content, field } of cases) {
    it(`${file} ${what} is refused at open, naming the file and the field, and left untouched`, async () => {
      const target = path.join(folder, file);
      const text = `${JSON.stringify(content, null, 2)}\n`;
      await writeFile(target, text);
      await assert.rejects(openLowdbStore(folder, { watch: false }), (error: unknown) => {
        assert.ok(error instanceof StoreCorruptError, `expected a StoreCorruptError, got ${String(error)}`);
        assert.equal(error.file, target);
        assert.ok(error.message.includes(target), error.message);
        assert.match(error.message, field);
        return true;
      });
      assert.equal(await readFile(target, 'utf8'), text, 'byte for byte untouched');
      assert.deepEqual(await readdir(folder), [file], 'and no other file was written');
    });
  }
});

describe('lowdb: a legacy site.json (schema version 1, users and sessions inside)', () => {
  it('is upgraded: users and sessions move to their own files and still work', async () => {
    const legacyUser = {
      ...newUser('Legacy.Admin', 'admin@legacy.example'),
      id: 7,
      roles: ['administrator'],
      app_passwords: [appPassword('u-1', 'CI')],
    };
    const live = {
      token_hash: sha('live'),
      user_id: 7,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const secret = 'legacy-secret-0123456789abcdef';
    await writeFile(
      path.join(folder, 'site.json'),
      JSON.stringify({
        schema_version: 1,
        secret,
        settings: { general: { shop_name: 'Old Shop' } },
        pages: [page(1, 'home')],
        checkboxes: [],
        users: [legacyUser],
        sessions: [live],
        last_ids: { page: 1, checkbox: 0, user: 9 },
      }),
    );
    let store = await openLowdbStore(folder, { watch: false });
    try {
      const site = JSON.parse(await readFile(path.join(folder, 'site.json'), 'utf8'));
      assert.equal(site.schema_version, 2);
      assert.ok(!('users' in site) && !('sessions' in site), 'site.json no longer holds users or sessions');
      const usersFile = JSON.parse(await readFile(path.join(folder, 'users.json'), 'utf8'));
      assert.deepEqual(usersFile.users, [legacyUser]);
      const sessionsFile = JSON.parse(await readFile(path.join(folder, 'sessions.json'), 'utf8'));
      assert.deepEqual(sessionsFile.sessions, [live]);

      assert.equal(store.site.data.secret, secret);
      assert.equal(store.site.data.settings.general.shop_name, 'Old Shop');
      assert.equal(store.site.data.settings.general.currency, 'PLN', 'settings it lacked get their defaults');
      assert.deepEqual(store.site.data.pages, [page(1, 'home')]);
      assert.deepEqual(store.site.data.last_ids, { page: 1, checkbox: 0 });
      assert.deepEqual(await store.users.findByLogin('legacy.admin'), legacyUser);
      assert.deepEqual(await store.sessions.find(live.token_hash, new Date()), { session: live, user: legacyUser });
      const next = await store.users.create(newUser('newcomer'));
      assert.equal(next.id, 10, 'user ids go on after the legacy last_ids.user (9), never reusing one');
      await assert.rejects(store.users.create(newUser('someone', 'ADMIN@legacy.example')), {
        name: 'StoreConflictError',
        field: 'email',
      });

      await store.close();
      store = await openLowdbStore(folder, { watch: false });
      assert.deepEqual(
        (await store.users.list()).map((u) => u.login),
        ['Legacy.Admin', 'newcomer'],
        'a second open changes nothing',
      );
      assert.deepEqual((await store.sessions.find(live.token_hash, new Date()))?.user.id, 7);
    } finally {
      await store.close();
    }
  });
});
