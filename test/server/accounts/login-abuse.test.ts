// The login form resists abuse — guessing is throttled per address and login, and only our own forms can log
// in or out. What is timed (an unknown login costs what a wrong password costs, a flood of logins does not slow the
// shop) is in test/stress/login-flood.test.ts.
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { loginCookie, loginTicket, postLogin, postLogout } from '../support/login.js';
import { sessionIsValid } from '../support/shop-traffic.js';
import { useTestServer } from '../support/test-server.js';

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
describe('login throttling', () => {
  // TRUST_PROXY, so that X-Forwarded-For stands for the client's address.
  const suite = useTestServer({ env: { TRUST_PROXY: '1' } });

  it('answers 429 with Retry-After after five wrong passwords from one address, while the owner can still log in from another', async () => {
    await createUser(suite.server.store, { login: 'victim', role: 'customer', password: 'victim-password' });
    for (let attempt = 0; attempt < 5; attempt++) {
      assert.equal(
        (await postLogin(suite.server.url, { login: 'victim', password: `guess-${attempt}` }, from('198.51.100.7')))
          .status,
        200,
      );
    }
    const blocked = await postLogin(suite.server.url, { login: 'victim', password: 'guess-5' }, from('198.51.100.7'));
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get('retry-after')) > 0, 'Retry-After says when to come back');
    assert.match(await blocked.text(), /Zbyt wiele nieudanych prób/);
    const rightButBlocked = await postLogin(
      suite.server.url,
      { login: 'victim', password: 'victim-password' },
      from('198.51.100.7'),
    );
    assert.equal(rightButBlocked.status, 429, 'the blocked address gets no further, even with the right password');
    const owner = await postLogin(
      suite.server.url,
      { login: 'victim', password: 'victim-password' },
      from('203.0.113.50'),
    );
    assert.equal(owner.status, 303, 'the owner logs in from another address');
  });

  it('stops one address that tries many logins', async () => {
    let status = 0;
    for (let attempt = 0; attempt < 60 && status !== 429; attempt++) {
      status = (await postLogin(suite.server.url, { login: `user-${attempt}`, password: 'x' }, from('192.0.2.99')))
        .status;
    }
    assert.equal(status, 429);
  });
});

describe('login and logout forms against cross-site requests', () => {
  const suite = useTestServer();

  it('refuses a login post without the form token, and starts no session', async () => {
    await createUser(suite.server.store, { login: 'csrf', role: 'customer', password: 'csrf-password' });
    const response = await fetch(`${suite.server.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: 'csrf', password: 'csrf-password' }),
    });
    assert.equal(response.status, 403);
    assert.doesNotMatch(response.headers.get('set-cookie') ?? '', /vitrine_session=/);
  });

  it('refuses a login post sent by another site, even with a token', async () => {
    // fetch() will not send made-up Origin or Sec-Fetch-Site headers, so these go out through node:http, as a browser
    // would send another site's form post.
    const ticket = await loginTicket(suite.server.url);
    const body = new URLSearchParams({ login: 'csrf', password: 'csrf-password', _csrf: ticket.token }).toString();
    const post = (headers: Record<string, string>) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(`${suite.server.url}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: ticket.cookie, ...headers },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, text }));
        });
        request.on('error', reject);
        request.end(body);
      });
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Record<
      string,
      string
    >[]) {
      const refused = await post(headers);
      assert.equal(refused.status, 403, JSON.stringify(headers));
      assert.match(refused.text, /z innej strony/, "refused in the shop's Polish");
    }
    assert.equal(
      (await post({ 'sec-fetch-site': 'same-origin' })).status,
      303,
      'the same post from our own page works',
    );
  });

  it('logs out only through the logout form, with its token', async () => {
    const cookie = await loginCookie(suite.server.url, 'csrf', 'csrf-password');
    const forged = await fetch(`${suite.server.url}/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie },
    });
    assert.equal(forged.status, 403);
    assert.ok(await sessionIsValid(suite.server.url, cookie), 'a forged logout leaves the session alone');
    assert.notEqual(
      (await fetch(`${suite.server.url}/logout`, { redirect: 'manual', headers: { cookie } })).status,
      303,
      'GET does not log out',
    );
    assert.equal((await postLogout(suite.server.url, cookie)).status, 303);
    assert.equal(await sessionIsValid(suite.server.url, cookie), false);
  });
});
