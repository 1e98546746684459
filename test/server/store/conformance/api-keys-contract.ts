// Conformance: `store.apiKeys`, WooCommerce consumer keys stored as hashes, each of an existing user.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import { StoreConflictError, StoreNotFoundError, type NewApiKey } from '../../../../server/store/store.js';
import { newUser, OpenedData, sha, type FreshLocation } from './fixtures.js';

const key = (userId: number, name: string): NewApiKey => ({
  user_id: userId,
  description: `key ${name}`,
  permissions: 'read_write',
  consumer_key_hash: sha(`ck_${name}`),
  consumer_secret_hash: sha(`cs_${name}`),
  truncated_key: name.slice(-7),
  created_at: '2026-02-03T04:05:06.000Z',
});

export function describeApiKeysContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('create() stores a key of an existing user; findByConsumerKeyHash() finds it, also from another instance and after a restart', async () => {
    let store = await data.open({ watch: false });
    const user = await store.users.create(newUser('erp'));
    const created = await store.apiKeys.create(key(user.id, 'first'));
    assert.deepEqual(created, { ...key(user.id, 'first'), id: created.id, last_access: null });
    const other = await data.open({ watch: false });
    assert.deepEqual(await other.apiKeys.findByConsumerKeyHash(sha('ck_first')), created);
    assert.equal(await other.apiKeys.findByConsumerKeyHash(sha('ck_unknown')), null);
    store = await data.reopen(store, { watch: false });
    assert.deepEqual(await store.apiKeys.findByConsumerKeyHash(sha('ck_first')), created);
  });

  it('refuses a key of an unknown user (StoreNotFoundError) and a consumer key already stored (StoreConflictError)', async () => {
    const store = await data.open({ watch: false });
    const user = await store.users.create(newUser('pim'));
    await assert.rejects(store.apiKeys.create(key(user.id + 100, 'orphan')), StoreNotFoundError);
    await store.apiKeys.create(key(user.id, 'twice'));
    await assert.rejects(
      store.apiKeys.create(key(user.id, 'twice')),
      (error) => error instanceof StoreConflictError && error.field === 'consumer_key',
    );
  });

  it('recordAccess() notes the last use; remove() revokes a key for every instance', async () => {
    const store = await data.open({ watch: false });
    const user = await store.users.create(newUser('erp'));
    const kept = await store.apiKeys.create(key(user.id, 'kept'));
    const revoked = await store.apiKeys.create(key(user.id, 'revoked'));
    await store.apiKeys.recordAccess(kept.id, '2026-04-01T08:00:00.000Z');
    const other = await data.open({ watch: false });
    assert.equal((await other.apiKeys.findByConsumerKeyHash(sha('ck_kept')))!.last_access, '2026-04-01T08:00:00.000Z');
    assert.deepEqual(await other.apiKeys.remove(revoked.id), revoked);
    assert.equal(await store.apiKeys.findByConsumerKeyHash(sha('ck_revoked')), null);
    assert.equal(await store.apiKeys.remove(revoked.id), null);
    await store.apiKeys.recordAccess(revoked.id, '2026-04-01T09:00:00.000Z');
    assert.deepEqual(
      (await store.apiKeys.list()).map(({ id }) => id),
      [kept.id],
    );
  });

  // A replayed OAuth 1.0a request is refused, by every instance on the same data.
  it('useNonce() accepts a nonce once per key until it expires, across instances and restarts', async () => {
    let store = await data.open({ watch: false });
    const user = await store.users.create(newUser('erp'));
    const first = await store.apiKeys.create(key(user.id, 'first'));
    const second = await store.apiKeys.create(key(user.id, 'second'));
    const now = new Date('2026-05-01T12:00:00.000Z');
    const until = new Date(now.getTime() + 15 * 60_000).toISOString();
    assert.equal(await store.apiKeys.useNonce(first.id, 'abc', until, now), true);
    assert.equal(await store.apiKeys.useNonce(first.id, 'abc', until, now), false, 'a replay');
    assert.equal(await store.apiKeys.useNonce(second.id, 'abc', until, now), true, 'nonces are per key');
    assert.equal(await store.apiKeys.useNonce(first.id, 'ABC', until, now), true, 'nonces are compared exactly');
    const other = await data.open({ watch: false });
    assert.equal(
      await other.apiKeys.useNonce(first.id, 'abc', until, now),
      false,
      'another instance refuses the replay',
    );
    store = await data.reopen(store, { watch: false });
    assert.equal(
      await store.apiKeys.useNonce(first.id, 'abc', until, new Date(now.getTime() + 60_000)),
      false,
      'after a restart too',
    );
    const later = new Date(Date.parse(until) + 1);
    assert.equal(
      await store.apiKeys.useNonce(first.id, 'abc', new Date(later.getTime() + 15 * 60_000).toISOString(), later),
      true,
      'expired: forgotten',
    );
    assert.equal(await store.apiKeys.useNonce(first.id, 'abc', until, later), false, 'and remembered again');
  });

  it('useNonce() lets exactly one of many simultaneous uses of a nonce through, from two instances', async () => {
    const one = await data.open({ watch: false });
    const two = await data.open({ watch: false });
    const user = await one.users.create(newUser('erp'));
    const created = await one.apiKeys.create(key(user.id, 'race'));
    const now = new Date();
    const until = new Date(now.getTime() + 15 * 60_000).toISOString();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? one : two).apiKeys.useNonce(created.id, 'same', until, now),
      ),
    );
    assert.equal(results.filter(Boolean).length, 1);
  });
}
