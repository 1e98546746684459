// Timed: an unknown login costs what a wrong password costs, and a flood of logins does not slow the shop.
// (The throttling and the forms' checks are in test/server/accounts/login-abuse.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../../server/auth/users.js';
import { loginTicket, postLogin } from '../server/support/login.js';
import { useTestServer } from '../server/support/test-server.js';

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe('login timing and floods', () => {
  // TRUST_PROXY, so that X-Forwarded-For stands for the client's address.
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });

  it('takes as long for a login that does not exist as for a wrong password', async () => {
    await createUser(suite.server.store, { login: 'timed', role: 'customer', password: 'timed-password' });
    const ticket = await loginTicket(suite.server.url);
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < 9; round++) {
      unknown.push(
        await timed(() =>
          postLogin(
            suite.server.url,
            { login: `nobody-${round}`, password: 'x' },
            { ticket, ...from(`10.1.0.${round}`) },
          ),
        ),
      );
      wrong.push(
        await timed(() =>
          postLogin(suite.server.url, { login: 'timed', password: 'x' }, { ticket, ...from(`10.2.0.${round}`) }),
        ),
      );
    }
    const ratio = median(unknown) / median(wrong);
    assert.ok(
      ratio > 0.5 && ratio < 2,
      `unknown login ${median(unknown).toFixed(1)} ms vs wrong password ${median(wrong).toFixed(1)} ms`,
    );
  });

  it('keeps the shop page fast while 64 logins arrive at once', async () => {
    await createUser(suite.server.store, { login: 'flood', role: 'customer', password: 'flood-password' });
    const shop = () => timed(async () => assert.equal((await fetch(`${suite.server.url}/shop`)).status, 200));
    const idle: number[] = [];
    for (let i = 0; i < 15; i++) idle.push(await shop());
    const ticket = await loginTicket(suite.server.url);
    let flooding = true;
    const flood = Promise.all(
      Array.from({ length: 64 }, async (_, connection) => {
        for (let i = 0; flooding && i < 20; i++) {
          await postLogin(
            suite.server.url,
            { login: 'flood', password: 'wrong' },
            { ticket, ...from(`10.9.${connection}.${i}`) },
          );
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const busy: number[] = [];
    for (let i = 0; i < 15; i++) busy.push(await shop());
    flooding = false;
    await flood;
    // Before hashing was bounded, the shop went from ~6 ms to ~1.2 s; a generous bound keeps this robust on a noisy
    // machine.
    assert.ok(
      median(busy) < 3 * median(idle) + 40,
      `/shop p50 ${median(idle).toFixed(1)} ms idle, ${median(busy).toFixed(1)} ms during the flood`,
    );
  });
});
