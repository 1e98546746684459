// Conformance: `store.apiKeys` (issue 10), WooCommerce consumer keys stored as hashes, each of an existing user.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import { StoreConflictError, StoreNotFoundError, type NewApiKey } from '../../../../server/store/store.js';
import { newUser, OpenedData, sha, type FreshLocation } from './fixtures.js';

const key = (userId: number, name: string): NewApiKey => ({
  user_id: userId, description: `key ${name}`, permissions: 'read_write', consumer_key_hash: sha(`ck_${name}`),
  consumer_secret_hash: sha(`cs_${name}`), truncated_key: name.slice(-7), created_at: '2026-02-03T04:05:06.000Z',
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
    assert.deepEqual(created, { ...key(user.id, 'first'), id: created.id });
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
    await assert.rejects(store.apiKeys.create(key(user.id, 'twice')), (error) => error instanceof StoreConflictError && error.field === 'consumer_key');
  });
}
