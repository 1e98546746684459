// Conformance: `store.webhooks`, the webhooks and the outbox of their deliveries.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import { WEBHOOK_FAILURE_LIMIT, type NewWebhook } from '../../../../server/store/webhooks-store.js';
import { OpenedData, type FreshLocation } from './fixtures.js';

const CREATED = '2026-03-01T10:00:00.000Z';

const webhook = (topic: string, status: NewWebhook['status'] = 'active'): NewWebhook => ({
  name: `hook of ${topic}`,
  status,
  topic,
  delivery_url: 'https://erp.example/hooks',
  secret: 's3cret',
  api_version: 'wp_api_v3',
  user_id: 1,
  created_at: CREATED,
  updated_at: CREATED,
});

const event = (topic: string, id: number, at = CREATED) => [{ topic, resource_id: id, created_at: at }];

export function describeWebhooksContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  it('create, find, list, update and remove a webhook, seen by another instance and after a restart', async () => {
    let store = await data.open({ watch: false });
    const created = await store.webhooks.create(webhook('order.created'));
    assert.deepEqual(created, { ...webhook('order.created'), id: created.id, failure_count: 0 });
    const other = await data.open({ watch: false });
    assert.deepEqual(await other.webhooks.find(created.id), created);
    const paused = await other.webhooks.update(created.id, { status: 'paused', name: 'ERP' }, new Date(CREATED));
    assert.equal(paused!.status, 'paused');
    assert.equal(paused!.name, 'ERP');
    store = await data.reopen(store, { watch: false });
    assert.deepEqual(await store.webhooks.list(), [paused]);
    assert.equal(await store.webhooks.update(created.id + 50, { name: 'none' }, new Date()), null);
    assert.deepEqual(await store.webhooks.remove(created.id), paused);
    assert.deepEqual(await store.webhooks.list(), []);
    assert.equal(await store.webhooks.remove(created.id), null);
  });

  it('queue() makes one delivery per active webhook of the topic; claimNext() hands each to one sender at a time', async () => {
    const store = await data.open({ watch: false });
    const first = await store.webhooks.create(webhook('order.created'));
    const second = await store.webhooks.create(webhook('order.created'));
    await store.webhooks.create(webhook('order.created', 'paused'));
    await store.webhooks.create(webhook('product.updated'));
    const queued = await store.webhooks.queue([
      ...event('order.created', 7),
      ...event('customer.created', 3),
      ...event('order.created', 8),
    ]);
    assert.deepEqual(
      queued.map((delivery) => [delivery.webhook_id, delivery.resource_id, delivery.status]),
      [
        [first.id, 7, 'queued'],
        [second.id, 7, 'queued'],
        [first.id, 8, 'queued'],
        [second.id, 8, 'queued'],
      ],
    );
    const other = await data.open({ watch: false });
    const now = new Date('2026-03-01T10:00:01.000Z');
    const claims = await Promise.all([
      store.webhooks.claimNext('a', now, 60_000),
      other.webhooks.claimNext('b', now, 60_000),
      store.webhooks.claimNext('c', now, 60_000),
      other.webhooks.claimNext('d', now, 60_000),
      store.webhooks.claimNext('e', now, 60_000),
    ]);
    assert.deepEqual(claims.map((claim) => claim?.id ?? null).sort(), [...queued.map(({ id }) => id), null].sort());
    // A claim whose lease ran out is due again (its sender died).
    const later = new Date(now.getTime() + 60_001);
    assert.equal((await other.webhooks.claimNext('f', later, 60_000))?.attempts, 2);
  });

  it('settle(): a delivered attempt finishes the delivery; consecutive failures disable the webhook at the limit', async () => {
    const store = await data.open({ watch: false });
    const hook = await store.webhooks.create(webhook('order.created'));
    let now = new Date('2026-03-01T10:00:00.000Z');
    await store.webhooks.queue(event('order.created', 1));
    const delivered = await store.webhooks.claimNext('a', now, 60_000);
    await store.webhooks.settle(delivered!.id, 'a', { status: 'delivered', response: 'HTTP 200 OK' }, now);
    assert.deepEqual(await store.webhooks.pending(hook.id), []);

    await store.webhooks.queue(event('order.created', 2));
    for (let attempt = 1; attempt <= WEBHOOK_FAILURE_LIMIT; attempt++) {
      const claimed = await store.webhooks.claimNext('a', now, 60_000);
      assert.equal(claimed?.attempts, attempt, `attempt ${attempt} is due`);
      const retryAt = new Date(now.getTime() + 1000);
      // A sender that lost its claim records nothing.
      await store.webhooks.settle(claimed!.id, 'someone else', { status: 'delivered', response: 'x' }, now);
      await store.webhooks.settle(
        claimed!.id,
        'a',
        { status: 'failed', response: 'HTTP 500', next_attempt_at: retryAt.toISOString() },
        now,
      );
      assert.equal(await store.webhooks.claimNext('a', now, 60_000), null, 'not due before its pause is over');
      now = retryAt;
    }
    const disabled = await store.webhooks.find(hook.id);
    assert.equal(disabled!.status, 'disabled');
    assert.equal(disabled!.failure_count, WEBHOOK_FAILURE_LIMIT);
    assert.deepEqual(await store.webhooks.pending(hook.id), []);
    // Disabled webhooks get no new deliveries; made active again, the count starts over.
    assert.deepEqual(await store.webhooks.queue(event('order.created', 3)), []);
    const active = await store.webhooks.update(hook.id, { status: 'active' }, now);
    assert.equal(active!.failure_count, 0);
  });
}
