// Under ordinary concurrent traffic — logins, settings writes and `vitrine user create` runs side by side —
// no acknowledged write is lost, on either store, and one login is never stored twice.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { vitrine } from '../server/support/processes.js';
import {
  concurrentLogins,
  readSetting,
  sessionIsValid,
  twoHundredSettingsWrites,
  writeSettingsChains,
} from '../server/support/shop-traffic.js';
import { STORE_KINDS } from '../server/support/store-kinds.js';
import { startTestServer } from '../server/support/test-server.js';

for (const kind of STORE_KINDS) {
  describe(`the ${kind.name} store under concurrent traffic`, () => {
    it('keeps every one of 200 logins, 200 settings writes and 10 users created by commands running beside them', async () => {
      const env = await kind.freshShop();
      const server = await startTestServer({ dataDir: env.DATA_DIR, env });
      try {
        const manager = await server.basicAuthFor('shop_manager');
        assert.equal(
          (await vitrine(['user', 'create', 'shopper', '--role', 'customer', '--password', 'shopper-password'], env))
            .code,
          0,
        );
        const commandLogins = Array.from({ length: 10 }, (_, index) => `cli-user-${index}`);
        const [cookies, settings, commands] = await Promise.all([
          concurrentLogins(server.url, 'shopper', 'shopper-password', 200),
          writeSettingsChains(server.restUrl, manager, twoHundredSettingsWrites()),
          Promise.all(commandLogins.map((login) => vitrine(['user', 'create', login, '--role', 'customer'], env))),
        ]);
        assert.equal(cookies.length, 200, 'every login answered 303 with a cookie');
        assert.equal(settings.size, 4, 'every settings chain was acknowledged to its end');
        for (const outcome of commands) assert.equal(outcome.code, 0, outcome.stderr);

        const check = async (siteUrl: string, restUrl: (path: string) => string, where: string) => {
          const valid = await Promise.all(cookies.map((cookie) => sessionIsValid(siteUrl, cookie)));
          assert.equal(valid.filter(Boolean).length, 200, `every session is valid ${where}`);
          for (const [name, value] of settings)
            assert.equal(await readSetting(restUrl, manager, name), value, `${name} ${where}`);
        };
        await check(server.url, server.restUrl, 'on the running server');
        for (const login of commandLogins) assert.ok(await server.store.users.findByLogin(login), `${login} exists`);
        await server.stop({ keepData: true });

        const restarted = await startTestServer({ dataDir: env.DATA_DIR, env });
        try {
          await check(restarted.url, restarted.restUrl, 'after a restart');
          const logins = (await restarted.store.users.list()).map((user) => user.login);
          for (const login of [...commandLogins, 'shopper'])
            assert.ok(logins.includes(login), `${login} survived the restart`);
        } finally {
          await restarted.stop();
        }
      } catch (error) {
        await server.stop().catch(() => {});
        throw error;
      }
    });

    it('stores exactly one user when eight commands create the same login at once', async () => {
      const env = await kind.freshShop();
      // Seed first, so that the eight runs race on the login and not on seeding the shop.
      assert.equal((await vitrine(['user', 'create', 'first', '--role', 'editor'], env)).code, 0);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => vitrine(['user', 'create', 'r0dup', '--role', 'editor'], env)),
      );
      const succeeded = outcomes.filter((outcome) => outcome.code === 0);
      assert.equal(succeeded.length, 1, outcomes.map((outcome) => outcome.stderr).join('\n'));
      for (const outcome of outcomes.filter((candidate) => candidate.code !== 0)) {
        assert.match(outcome.stderr, /^vitrine: A user with the login "r0dup"/);
      }
      const server = await startTestServer({ dataDir: env.DATA_DIR, env });
      try {
        assert.equal((await server.store.users.list()).filter((user) => user.login === 'r0dup').length, 1);
      } finally {
        await server.stop();
      }
    });
  });
}
