// Conformance: no write is lost under concurrency, through one instance or two instances on the same data.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { nextId } from '../../../../server/store/next-id.js';
import { StoreConflictError, type Store } from '../../../../server/store/store.js';
import { newUser, OpenedData, page, sessionOf, type FreshLocation } from './fixtures.js';

const SESSIONS = 200;
const SITE_UPDATES = 200;
const RACERS = 8;

/** Picks the instance for write `i`: with two, half the writes go through each, interleaved. */
type Writers = (i: number) => Store;

async function sessionsAreNotLost(data: OpenedData, writers: Writers, readers: Store[]): Promise<void> {
  const owner = await writers(0).users.create(newUser('owner'));
  const sessions = Array.from({ length: SESSIONS }, (_, i) => sessionOf(`token ${i}`, owner.id));
  const results = await Promise.allSettled(sessions.map((session, i) => writers(i).sessions.create(session)));
  assert.deepEqual(
    results.filter((r) => r.status === 'rejected'),
    [],
    'every create succeeded',
  );
  const findAll = async (store: Store) => {
    const found = await Promise.all(sessions.map((session) => store.sessions.find(session.token_hash, new Date())));
    return found.map((hit, i) =>
      hit?.session.token_hash === sessions[i]!.token_hash && hit.user.id === owner.id ? 'found' : `lost ${i}`,
    );
  };
  const everyOne = sessions.map(() => 'found');
  for (const reader of readers) assert.deepEqual(await findAll(reader), everyOne);
  const reopened = await data.open({ watch: false });
  assert.deepEqual(await findAll(reopened), everyOne, 'after a reopen');
}

async function siteUpdatesAreNotLost(data: OpenedData, writers: Writers, readers: Store[]): Promise<void> {
  const slugs = Array.from({ length: SITE_UPDATES }, (_, i) => `page-${i}`);
  const returned = await Promise.all(
    slugs.map((slug, i) =>
      writers(i).site.update((draft) => {
        const id = nextId(draft, 'page');
        draft.pages.push(page(id, slug));
        draft.wizard.steps[slug] = true;
        return id;
      }),
    ),
  );
  const allIds = Array.from({ length: SITE_UPDATES }, (_, i) => i + 1);
  assert.deepEqual(
    [...returned].sort((x, y) => x - y),
    allIds,
    'every update got its own id',
  );
  const check = async (store: Store, where: string) => {
    await store.refresh();
    const site = store.site.data;
    assert.deepEqual(site.pages.map((p) => p.slug).sort(), [...slugs].sort(), `${where}: every page is there`);
    assert.deepEqual(
      site.pages.map((p) => p.id).sort((x, y) => x - y),
      allIds,
      `${where}: ids 1..${SITE_UPDATES}`,
    );
    for (const [i, slug] of slugs.entries()) {
      assert.equal(
        site.pages.find((p) => p.slug === slug)?.id,
        returned[i],
        `${where}: ${slug} has the id its update returned`,
      );
    }
    assert.deepEqual(Object.keys(site.wizard.steps).sort(), [...slugs].sort(), `${where}: every wizard step is there`);
    assert.equal(site.last_ids.page, SITE_UPDATES);
  };
  for (const [index, reader] of readers.entries()) await check(reader, `instance ${index + 1}`);
  await check(await data.open({ watch: false }), 'after a reopen');
}

async function oneOfRacingUsersWins(data: OpenedData, writers: Writers, readers: Store[]): Promise<void> {
  const results = await Promise.allSettled(
    Array.from({ length: RACERS }, (_, i) => writers(i).users.create(newUser('racer', `racer${i}@example.com`))),
  );
  const winners = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const losers = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  assert.equal(winners.length, 1, `${winners.length} creations succeeded`);
  assert.equal(losers.length, RACERS - 1);
  for (const reason of losers) {
    assert.ok(reason instanceof StoreConflictError, `expected a StoreConflictError, got ${String(reason)}`);
    assert.equal(reason.field, 'login');
  }
  const stores = [...readers, await data.open({ watch: false })];
  for (const store of stores) {
    assert.deepEqual(await store.users.list(), winners, 'exactly the winner is stored');
    assert.deepEqual(await store.users.findByLogin('RACER'), winners[0]);
  }
  // The losers' e-mails are free: nothing of them was stored.
  const loserEmail = [0, 1].map((i) => `racer${i}@example.com`).find((email) => email !== winners[0]!.email)!;
  assert.equal(await stores[0]!.users.findByLogin(loserEmail), null);
}

export function describeConcurrencyContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  describe('concurrency through one instance', () => {
    const one = async () => {
      const store = await data.open();
      return { writers: () => store, readers: [store] };
    };
    it(`${SESSIONS} concurrent sessions.create lose none`, async () => {
      const { writers, readers } = await one();
      await sessionsAreNotLost(data, writers, readers);
    });
    it(`${SITE_UPDATES} concurrent site.updates each adding a page lose none`, async () => {
      const { writers, readers } = await one();
      await siteUpdatesAreNotLost(data, writers, readers);
    });
    it(`${RACERS} concurrent users.create of one login store one user and ${RACERS - 1} StoreConflictErrors`, async () => {
      const { writers, readers } = await one();
      await oneOfRacingUsersWins(data, writers, readers);
    });
  });

  describe('concurrency through two instances on the same data, half the writes each', () => {
    const two = async () => {
      const a = await data.open();
      const b = await data.open();
      return { writers: (i: number) => (i % 2 === 0 ? a : b), readers: [a, b] };
    };
    it(`${SESSIONS} concurrent sessions.create lose none`, async () => {
      const { writers, readers } = await two();
      await sessionsAreNotLost(data, writers, readers);
    });
    it(`${SITE_UPDATES} concurrent site.updates each adding a page lose none`, async () => {
      const { writers, readers } = await two();
      await siteUpdatesAreNotLost(data, writers, readers);
    });
    it(`${RACERS} concurrent users.create of one login store one user and ${RACERS - 1} StoreConflictErrors`, async () => {
      const { writers, readers } = await two();
      await oneOfRacingUsersWins(data, writers, readers);
    });
  });
}
