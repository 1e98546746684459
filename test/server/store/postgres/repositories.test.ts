// The PostgreSQL store's users, sessions and consent: uniqueness under concurrency, cascades, one-transaction writes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { openPostgresStore } from '../../../../server/store/postgres/index.js';
import type { ConsentRecord } from '../../../../server/store/schema.js';
import { StoreConflictError, type NewUser, type Store } from '../../../../server/store/store.js';
import { createTestDatabase } from '../../../support/postgres.js';

let url: string;
let store: Store;
let db: pg.Client;

before(async () => {
  url = await createTestDatabase();
  store = await openPostgresStore(url, { listen: false });
  db = new pg.Client({ connectionString: url });
  await db.connect();
});
after(async () => {
  await db.end();
  await store.close();
});

const newUser = (login: string, email = `${login}@example.com`): NewUser => ({
  login,
  email,
  display_name: login,
  roles: ['customer'],
  password_hash: 'scrypt$x',
  created_at: '2026-01-02T03:04:05.000Z',
});

test('a login or e-mail taken as either login or e-mail is a StoreConflictError naming the field', async () => {
  await store.users.create(newUser('anna', 'Anna@Example.com'));
  const conflict = (field: string) => (error: unknown) => error instanceof StoreConflictError && error.field === field;
  await assert.rejects(store.users.create(newUser('ANNA', 'other@example.com')), conflict('login'));
  await assert.rejects(store.users.create(newUser('bob', 'anna@example.COM')), conflict('email'));
  await assert.rejects(store.users.create(newUser('anna@example.com', 'x@example.com')), conflict('login'));
  await assert.rejects(store.users.create(newUser('carl', 'anna')), conflict('email'));
  assert.equal((await store.users.findByLogin('ANNA@example.com'))?.login, 'anna');
});

test('8 concurrent creations of one login store exactly one user', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, (_, i) => store.users.create(newUser('race', `race${i}@example.com`))),
  );
  assert.equal(results.filter((result) => result.status === 'fulfilled').length, 1);
  for (const result of results) {
    if (result.status === 'rejected')
      assert.ok(result.reason instanceof StoreConflictError && result.reason.field === 'login');
  }
  const { rows } = await db.query("SELECT count(*)::int AS n FROM users WHERE login = 'race'");
  assert.equal(rows[0].n, 1);
});

test('sessions: found until they expire, gone with their user', async () => {
  const user = await store.users.create(newUser('sam'));
  await store.users.addApplicationPassword(user.id, {
    uuid: 'u-1',
    name: 'CI',
    password_hash: 'ab',
    created: '2026-01-02T03:04:05.000Z',
    last_used: null,
    last_ip: null,
  });
  // Dates relative to the clock: create() may sweep sessions that expired by the database's now().
  const expires = new Date(Date.now() + 86_400_000);
  await store.sessions.create({
    token_hash: 'live',
    user_id: user.id,
    created_at: new Date().toISOString(),
    expires_at: expires.toISOString(),
  });
  const found = await store.sessions.find('live', new Date());
  assert.equal(found?.user.login, 'sam');
  assert.equal(found?.session.expires_at, expires.toISOString());
  assert.equal(found?.user.app_passwords[0]?.uuid, 'u-1');
  assert.equal(await store.sessions.find('live', expires), null, 'expired at expires_at');
  await db.query('DELETE FROM users WHERE id = $1', [user.id]);
  const { rows } = await db.query(
    'SELECT count(*)::int AS n FROM sessions UNION ALL SELECT count(*)::int FROM application_passwords',
  );
  assert.deepEqual(
    rows.map((row) => row.n),
    [0, 0],
    'sessions and application passwords cascade',
  );
});

test('200 sessions.create', async () => {
  const user = await store.users.create(newUser('many'));
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  const started = performance.now();
  for (let i = 0; i < 200; i++) {
    await store.sessions.create({
      token_hash: `t${i}`,
      user_id: user.id,
      created_at: new Date().toISOString(),
      expires_at: expires,
    });
  }
  console.log(`# 200 sessions.create one after another: ${Math.round(performance.now() - started)} ms`);
  assert.ok(await store.sessions.find('t199', new Date()));
});

const record = (checkboxId: number, accepted: boolean, time = '2026-01-02T03:04:05.000Z'): ConsentRecord => ({
  checkbox_id: checkboxId,
  label: 'I agree',
  location: 'checkout',
  accepted,
  time,
  legal_page_id: 0,
  legal_page_modified_at: null,
  ip: '192.0.2.0',
});

test('consent: logged and counted in one transaction; a bad record stores none of the submission', async () => {
  await store.site.update((draft) => {
    draft.checkboxes.push({
      id: 1,
      label: 'I agree',
      required: true,
      location: 'checkout',
      enabled: true,
      position: 1,
      legal_page_id: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
  });
  await store.consent.record([record(1, true), record(1, false), record(77, true)]);
  assert.deepEqual(await store.consent.counters(), { 1: { shown: 2, accepted: 1 } });
  assert.deepEqual(
    (await store.consent.log()).map((entry) => entry.accepted),
    [true, false, true],
  );
  assert.deepEqual((await store.consent.log())[0], record(1, true));
  await assert.rejects(store.consent.record([record(1, true), record(1, true, 'not a time')]));
  assert.deepEqual(await store.consent.counters(), { 1: { shown: 2, accepted: 1 } });
  assert.equal((await store.consent.log()).length, 3);
});

test('consent log is append-only in the database itself', async () => {
  await assert.rejects(db.query('UPDATE consent_log SET accepted = true'), /append-only: UPDATE/);
  await assert.rejects(db.query('DELETE FROM consent_log WHERE false'), /append-only: DELETE/);
  await assert.rejects(db.query('TRUNCATE consent_log'), /append-only: TRUNCATE/);
  assert.equal((await store.consent.log()).length, 3);
});
