// Conformance: `store.users` and `store.sessions`.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { User } from '../../../../server/store/schema.js';
import { StoreConflictError, StoreNotFoundError } from '../../../../server/store/store.js';
import { appPassword, newUser, OpenedData, sessionOf, sha, type FreshLocation } from './fixtures.js';

const conflictOn = (field: string) => (error: unknown) => {
  assert.ok(error instanceof StoreConflictError, `expected a StoreConflictError, got ${String(error)}`);
  assert.equal(error.field, field);
  return true;
};

export function describeAccountsContract(freshLocation: FreshLocation): void {
  let data: OpenedData;
  beforeEach(async () => {
    data = new OpenedData(await freshLocation());
  });
  afterEach(() => data.dispose());

  describe('users', () => {
    it('create returns the stored user; findById, findByLogin (login or e-mail, any case) and list find it', async () => {
      const store = await data.open();
      const anna = await store.users.create(newUser('Anna.Nowak', 'Anna@Example.COM'));
      const { id, ...rest } = anna;
      assert.ok(Number.isInteger(id) && id > 0, `id ${id}`);
      assert.deepEqual(rest, { ...newUser('Anna.Nowak', 'Anna@Example.COM'), app_passwords: [] });
      const bob = await store.users.create(newUser('bob'));
      assert.notEqual(bob.id, anna.id);
      assert.deepEqual(await store.users.findById(anna.id), anna);
      assert.deepEqual(await store.users.findById(bob.id), bob);
      for (const name of [
        'Anna.Nowak',
        'anna.nowak',
        'ANNA.NOWAK',
        'Anna@Example.COM',
        'anna@example.com',
        'ANNA@EXAMPLE.COM',
      ]) {
        assert.deepEqual(await store.users.findByLogin(name), anna, `findByLogin(${JSON.stringify(name)})`);
      }
      assert.deepEqual(await store.users.findByLogin('BOB@example.com'), bob);
      assert.equal(await store.users.findByLogin('anna'), null);
      assert.equal(await store.users.findByLogin('nobody@example.com'), null);
      assert.equal(await store.users.findById(anna.id + bob.id + 1000), null);
      assert.deepEqual(
        await store.users.list(),
        [anna, bob].sort((x, y) => x.id - y.id),
      );
      const reopened = await data.reopen(store);
      assert.deepEqual(
        await reopened.users.list(),
        [anna, bob].sort((x, y) => x.id - y.id),
      );
      assert.deepEqual(await reopened.users.findByLogin('anna.NOWAK'), anna);
    });

    it("a login or e-mail taken as anyone's login or e-mail is a StoreConflictError naming the field", async () => {
      const store = await data.open();
      const anna = await store.users.create(newUser('anna', 'Anna@Example.com'));
      await assert.rejects(store.users.create(newUser('anna', 'other@example.com')), conflictOn('login'));
      await assert.rejects(store.users.create(newUser('ANNA', 'other@example.com')), conflictOn('login'));
      await assert.rejects(store.users.create(newUser('bob', 'anna@example.COM')), conflictOn('email'));
      await assert.rejects(
        store.users.create(newUser('anna@example.com', 'x@example.com')),
        conflictOn('login'),
        'login = her e-mail',
      );
      await assert.rejects(store.users.create(newUser('carl', 'ANNA')), conflictOn('email'), 'e-mail = her login');
      assert.deepEqual(await store.users.list(), [anna], 'nothing of the refused users was stored');
      const dora = await store.users.create(newUser('dora', 'dora@example.com'));
      assert.deepEqual(await store.users.list(), [anna, dora]);
    });

    it('addApplicationPassword appends in order; an unknown user is a StoreNotFoundError', async () => {
      let store = await data.open();
      const user = await store.users.create(newUser('sam'));
      const other = await store.users.create(newUser('tom'));
      await store.users.addApplicationPassword(user.id, appPassword('uuid-1', 'CI'));
      await store.users.addApplicationPassword(user.id, appPassword('uuid-2', 'Phone'));
      const unknownId = user.id + other.id + 1000;
      await assert.rejects(
        store.users.addApplicationPassword(unknownId, appPassword('uuid-3', 'Ghost')),
        StoreNotFoundError,
      );
      assert.deepEqual((await store.users.findById(user.id))?.app_passwords, [
        appPassword('uuid-1', 'CI'),
        appPassword('uuid-2', 'Phone'),
      ]);
      assert.deepEqual((await store.users.findById(other.id))?.app_passwords, []);
      assert.equal(await store.users.findById(unknownId), null);
      store = await data.reopen(store);
      assert.deepEqual(
        (await store.users.findByLogin('SAM'))?.app_passwords.map((p) => p.uuid),
        ['uuid-1', 'uuid-2'],
      );
    });

    it('recordApplicationPasswordUse notes time and address on that password only; a vanished one is ignored', async () => {
      let store = await data.open();
      const user = await store.users.create(newUser('sam'));
      await store.users.addApplicationPassword(user.id, appPassword('uuid-1', 'CI'));
      await store.users.addApplicationPassword(user.id, appPassword('uuid-2', 'Phone'));
      await store.users.recordApplicationPasswordUse(user.id, 'uuid-2', '2026-03-04T05:06:07.000Z', '198.51.100.0');
      await store.users.recordApplicationPasswordUse(
        user.id,
        'no-such-uuid',
        '2026-03-04T05:06:08.000Z',
        '203.0.113.0',
      );
      await store.users.recordApplicationPasswordUse(
        user.id + 1000,
        'uuid-1',
        '2026-03-04T05:06:09.000Z',
        '203.0.113.0',
      );
      const expected = [
        appPassword('uuid-1', 'CI'),
        { ...appPassword('uuid-2', 'Phone'), last_used: '2026-03-04T05:06:07.000Z', last_ip: '198.51.100.0' },
      ];
      assert.deepEqual((await store.users.findById(user.id))?.app_passwords, expected);
      store = await data.reopen(store);
      assert.deepEqual((await store.users.findById(user.id))?.app_passwords, expected);
    });

    // The admin changes roles, resets passwords and revokes application passwords.
    it('update changes roles, password hash and display name of that user only; an unknown user is a StoreNotFoundError', async () => {
      let store = await data.open();
      const user = await store.users.create(newUser('sam'));
      const other = await store.users.create(newUser('tom'));
      const updated = await store.users.update(user.id, {
        roles: ['shop_manager'],
        password_hash: 'new-hash',
        display_name: 'Sam S.',
      });
      assert.deepEqual(updated, {
        ...user,
        roles: ['shop_manager'],
        password_hash: 'new-hash',
        display_name: 'Sam S.',
      });
      await assert.rejects(store.users.update(user.id + other.id + 1000, { roles: ['editor'] }), StoreNotFoundError);
      store = await data.reopen(store);
      assert.deepEqual(await store.users.findById(user.id), updated);
      assert.deepEqual(await store.users.findById(other.id), other);
    });

    // A user changes their own e-mail through wp/v2/users/me.
    it("update changes the e-mail unless it is any other user's login or e-mail (StoreConflictError naming email)", async () => {
      let store = await data.open();
      const sam = await store.users.create(newUser('sam', 'sam@example.com'));
      const tom = await store.users.create(newUser('tom', 'tom@example.com'));
      await assert.rejects(
        store.users.update(sam.id, { email: 'TOM@example.com' }),
        conflictOn('email'),
        "another user's e-mail, any case",
      );
      await assert.rejects(store.users.update(sam.id, { email: 'Tom' }), conflictOn('email'), "another user's login");
      assert.deepEqual(await store.users.findById(sam.id), sam, 'a refused change changes nothing');
      const recased = await store.users.update(sam.id, { email: 'SAM@example.com', display_name: 'Sam' });
      assert.equal(recased.email, 'SAM@example.com', "one's own e-mail in another case is not a conflict");
      const moved = await store.users.update(sam.id, { email: 'samuel@example.com' });
      store = await data.reopen(store);
      assert.deepEqual(await store.users.findById(sam.id), moved);
      assert.equal((await store.users.findByLogin('samuel@example.com'))?.id, sam.id, 'found by the new e-mail');
      assert.equal(await store.users.findByLogin('sam@example.com'), null, 'not by the old one');
      const taken = await store.users.update(tom.id, { email: 'sam@example.com' });
      assert.equal(taken.email, 'sam@example.com', 'the e-mail given up is free again');
    });

    it("update changes the login unless it is any other user's login or e-mail (StoreConflictError naming login)", async () => {
      let store = await data.open();
      const sam = await store.users.create(newUser('sam', 'sam@example.com'));
      await store.users.create(newUser('tom', 'tom@example.com'));
      await assert.rejects(store.users.update(sam.id, { login: 'TOM' }), conflictOn('login'), "another user's login");
      await assert.rejects(
        store.users.update(sam.id, { login: 'tom@example.com' }),
        conflictOn('login'),
        "another's e-mail",
      );
      assert.deepEqual(await store.users.findById(sam.id), sam, 'a refused change changes nothing');
      const moved = await store.users.update(sam.id, { login: 'samuel@example.com', email: 'samuel@example.com' });
      store = await data.reopen(store);
      assert.deepEqual(await store.users.findById(sam.id), {
        ...sam,
        login: 'samuel@example.com',
        email: 'samuel@example.com',
      });
      assert.deepEqual(await store.users.findByLogin('samuel@example.com'), moved);
      assert.equal(await store.users.findByLogin('sam'), null, 'not found by the old login');
    });

    it('update saves, replaces and keeps the address book of that user only', async () => {
      let store = await data.open();
      const sam = await store.users.create(newUser('sam'));
      const tom = await store.users.create(newUser('tom'));
      const home = {
        first_name: 'Sam',
        last_name: 'Lis',
        street: 'Długa 5',
        postcode: '00-001',
        city: 'Warszawa',
        country: 'PL',
        phone: '',
      };
      const saved = await store.users.update(sam.id, { addresses: { billing: home, shipping: null } });
      assert.deepEqual(saved, { ...sam, addresses: { billing: home, shipping: null } });
      const office = { ...home, street: 'Krótka 7', company: 'Lis sp. z o.o.' };
      const replaced = await store.users.update(sam.id, { addresses: { billing: home, shipping: office } });
      store = await data.reopen(store);
      assert.deepEqual(await store.users.findById(sam.id), replaced);
      assert.deepEqual(await store.users.findById(tom.id), tom, 'another user has no addresses');
    });

    it("update sets the admin language of that user only; '' goes back to the shop's, stored as no language", async () => {
      let store = await data.open();
      const sam = await store.users.create(newUser('sam'));
      const tom = await store.users.create(newUser('tom'));
      assert.deepEqual(await store.users.update(sam.id, { locale: 'pl_PL' }), { ...sam, locale: 'pl_PL' });
      store = await data.reopen(store);
      assert.equal((await store.users.findById(sam.id))?.locale, 'pl_PL');
      assert.deepEqual(await store.users.findById(tom.id), tom, 'another user keeps the shop language');
      await store.users.update(sam.id, { locale: '' });
      store = await data.reopen(store);
      assert.deepEqual(await store.users.findById(sam.id), sam);
    });

    it('anonymise replaces the identity and drops roles, addresses and every key of that user only', async () => {
      let store = await data.open();
      const sam = await store.users.create(newUser('sam'));
      const tom = await store.users.create(newUser('tom'));
      for (const user of [sam, tom]) {
        await store.users.addApplicationPassword(user.id, appPassword(`uuid-${user.id}`, 'CI'));
        await store.users.update(user.id, {
          addresses: {
            billing: {
              first_name: 'A',
              last_name: 'B',
              street: 'C 1',
              postcode: '00-001',
              city: 'D',
              country: 'PL',
              phone: '',
            },
            shipping: null,
          },
        });
        await store.apiKeys.create({
          user_id: user.id,
          description: 'ERP',
          permissions: 'read',
          consumer_key_hash: sha(`key-${user.id}`),
          consumer_secret_hash: sha(`secret-${user.id}`),
          truncated_key: 'abcdefg',
          created_at: new Date().toISOString(),
        });
        await store.users.createPasswordReset(
          {
            token_hash: sha(`reset-${user.id}`),
            user_id: user.id,
            created_at: new Date().toISOString(),
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            used_at: null,
          },
          () => [],
        );
      }
      const tomBefore = await store.users.findById(tom.id);
      const identity = { login: 'gone-1', email: 'gone-1@erased.invalid', display_name: '', password_hash: '!' };
      const record = {
        requested_at: '2026-11-02T10:00:00.000Z',
        confirmed_at: '2026-11-02T10:05:00.000Z',
        completed_at: '2026-11-20T08:00:00.000Z',
      };
      // The message telling the person is written from the account as it was, and stored with the erasure.
      const told = (before: User) => [
        {
          kind: 'account-erasure-done',
          to: before.email,
          reply_to: null,
          subject: `Erased ${before.login}`,
          text: 'Erased',
          html: '<p>Erased</p>',
          message_id: `<erased-${before.id}@shop.test>`,
          redact: [],
          created_at: new Date().toISOString(),
        },
      ];
      const erased = await store.users.anonymise(sam.id, identity, record, told);
      const queued = (await store.outbox.list({ page: 1, perPage: 50 })).messages.filter(
        (message) => message.kind === 'account-erasure-done',
      );
      assert.deepEqual(
        queued.map((message) => [message.to, message.subject]),
        [[sam.email, 'Erased sam']],
      );
      assert.deepEqual(erased, {
        ...identity,
        id: sam.id,
        roles: [],
        app_passwords: [],
        created_at: sam.created_at,
        erasure_request: record,
      });
      const messagesBefore = (await store.outbox.list({ page: 1, perPage: 50 })).total;
      await assert.rejects(store.users.anonymise(sam.id + tom.id + 1000, identity, record, told), StoreNotFoundError);
      assert.equal(
        (await store.outbox.list({ page: 1, perPage: 50 })).total,
        messagesBefore,
        'no message for an erasure that did not happen',
      );
      store = await data.reopen(store);
      assert.deepEqual(await store.users.findById(sam.id), erased);
      assert.equal(await store.users.findByLogin('sam'), null, 'not found by the old login');
      assert.equal(await store.users.findByLogin('sam@example.com'), null, 'nor by the old e-mail');
      assert.deepEqual(
        (await store.apiKeys.list()).map((key) => key.user_id),
        [tom.id],
        "only the other user's API key is left",
      );
      assert.equal(await store.users.isPasswordResetOpen(sha(`reset-${sam.id}`), new Date()), false);
      assert.equal(await store.users.isPasswordResetOpen(sha(`reset-${tom.id}`), new Date()), true);
      assert.deepEqual(await store.users.findById(tom.id), tomBefore, 'the other user is untouched');
    });

    it('deleteApplicationPassword revokes that password only and says whether it existed', async () => {
      let store = await data.open();
      const user = await store.users.create(newUser('sam'));
      await store.users.addApplicationPassword(user.id, appPassword('uuid-1', 'CI'));
      await store.users.addApplicationPassword(user.id, appPassword('uuid-2', 'Phone'));
      assert.equal(await store.users.deleteApplicationPassword(user.id, 'uuid-1'), true);
      assert.equal(await store.users.deleteApplicationPassword(user.id, 'uuid-1'), false);
      assert.equal(await store.users.deleteApplicationPassword(user.id + 1000, 'uuid-2'), false);
      store = await data.reopen(store);
      assert.deepEqual((await store.users.findById(user.id))?.app_passwords, [appPassword('uuid-2', 'Phone')]);
    });
  });

  describe('sessions', () => {
    it('find returns an unexpired session with its user; expired or unknown is null; delete removes it', async () => {
      let store = await data.open();
      await store.users.create(newUser('first'));
      const user = await store.users.create(newUser('sam'));
      await store.users.addApplicationPassword(user.id, appPassword('uuid-1', 'CI'));
      const withPassword: User = { ...user, app_passwords: [appPassword('uuid-1', 'CI')] };
      const live = sessionOf('live', user.id);
      const other = sessionOf('other', user.id);
      await store.sessions.create(live);
      await store.sessions.create(other);
      assert.deepEqual(await store.sessions.find(live.token_hash, new Date()), { session: live, user: withPassword });
      const expiresAt = new Date(live.expires_at);
      assert.notEqual(
        await store.sessions.find(live.token_hash, new Date(expiresAt.getTime() - 1)),
        null,
        'a millisecond before',
      );
      assert.equal(await store.sessions.find(live.token_hash, expiresAt), null, 'expired at expires_at');
      assert.equal(await store.sessions.find(live.token_hash, new Date(expiresAt.getTime() + 86_400_000)), null);
      assert.equal(await store.sessions.find(sha('never created'), new Date()), null);
      store = await data.reopen(store);
      assert.deepEqual(await store.sessions.find(live.token_hash, new Date()), { session: live, user: withPassword });
      await store.sessions.delete(live.token_hash);
      await store.sessions.delete(sha('never created'));
      assert.equal(await store.sessions.find(live.token_hash, new Date()), null);
      assert.deepEqual(
        (await store.sessions.find(other.token_hash, new Date()))?.session,
        other,
        'the other session stays',
      );
      store = await data.reopen(store);
      assert.equal(await store.sessions.find(live.token_hash, new Date()), null, 'the delete was stored');
    });

    it('list(now) returns the sessions unexpired at now, oldest first', async () => {
      let store = await data.open();
      const sam = await store.users.create(newUser('sam'));
      const eve = await store.users.create(newUser('eve'));
      const now = Date.now();
      const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
      const short = { ...sessionOf('short', sam.id), created_at: at(-1000), expires_at: at(3_600_000) };
      const long = { ...sessionOf('long', eve.id), created_at: at(-3000), expires_at: at(7_200_000) };
      const middle = { ...sessionOf('middle', sam.id), created_at: at(-2000), expires_at: at(7_200_000) };
      const gone = sessionOf('gone', eve.id);
      for (const session of [short, long, middle, gone]) await store.sessions.create(session);
      await store.sessions.delete(gone.token_hash);
      assert.deepEqual(await store.sessions.list(new Date(now)), [long, middle, short]);
      store = await data.reopen(store);
      assert.deepEqual(await store.sessions.list(new Date(now + 5_400_000)), [long, middle], 'short expired by then');
      assert.deepEqual(await store.sessions.list(new Date(now + 7_200_000)), [], 'all expired at their expires_at');
    });

    it('deleteOfUser ends every session of that user but the one kept, and counts them', async () => {
      let store = await data.open();
      const sam = await store.users.create(newUser('sam'));
      const eve = await store.users.create(newUser('eve'));
      const [kept, phone, laptop, eves] = [
        sessionOf('kept', sam.id),
        sessionOf('phone', sam.id),
        sessionOf('laptop', sam.id),
        sessionOf('eves', eve.id),
      ];
      for (const session of [kept, phone, laptop, eves]) await store.sessions.create(session);
      assert.equal(await store.sessions.deleteOfUser(sam.id, kept.token_hash), 2);
      store = await data.reopen(store);
      const now = new Date();
      assert.deepEqual((await store.sessions.find(kept.token_hash, now))?.session, kept);
      assert.equal(await store.sessions.find(phone.token_hash, now), null);
      assert.equal(await store.sessions.find(laptop.token_hash, now), null);
      assert.deepEqual(
        (await store.sessions.find(eves.token_hash, now))?.session,
        eves,
        "another user's session stays",
      );
      assert.equal(await store.sessions.deleteOfUser(sam.id), 1, 'without one to keep, all of them');
      assert.equal(await store.sessions.find(kept.token_hash, now), null);
    });

    it('a session for a user that does not exist is refused and not stored', async () => {
      const store = await data.open();
      const user = await store.users.create(newUser('sam'));
      const orphan = sessionOf('orphan', user.id + 1000);
      await assert.rejects(store.sessions.create(orphan), StoreNotFoundError);
      assert.equal(await store.sessions.find(orphan.token_hash, new Date()), null);
      const reopened = await data.reopen(store);
      assert.equal(await reopened.sessions.find(orphan.token_hash, new Date()), null);
    });
  });
}
