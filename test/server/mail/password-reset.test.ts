// "Forgot your password?" end to end, with the link taken from the message a real SMTP server received.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { fetchJson, type TestServer } from '../support/test-server.js';
import { loginCookie, postLogin } from '../support/login.js';
import { useMailTestServer } from '../support/mail-test-server.js';
import { Visitor } from '../support/visitor.js';

const signedIn = async (server: TestServer, cookie: string) =>
  (await fetch(`${server.url}/rest-nonce`, { headers: { cookie } })).status === 200;

describe('password reset', () => {
  const suite = useMailTestServer();
  const { smtp } = suite;
  before(async () => {
    await createUser(suite.server.store, {
      login: 'rita',
      email: 'Rita@Example.com',
      role: 'customer',
      password: 'old-password-1',
    });
  });

  async function askForLink(email: string): Promise<{ status: number; text: string }> {
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/forgot-password');
    const answer = await visitor.post('/forgot-password', { email });
    return {
      status: answer.status,
      text: answer.html
        .replaceAll(email, 'ADDRESS')
        .replace(/name="_csrf" value="[^"]+"/g, '')
        .replace(/<meta name="rest-nonce"[^>]*>/, ''),
    };
  }

  it('sends a single-use link that sets a new password and ends every other session; the answer never tells who has an account', async () => {
    const login = await new Visitor(suite.server.url).get('/login');
    assert.match(login.html, /<a href="\/forgot-password">Nie pamiętasz hasła\?<\/a>/);
    const phone = await loginCookie(suite.server.url, 'rita', 'old-password-1');
    const laptop = await loginCookie(suite.server.url, 'rita@example.com', 'old-password-1');

    const known = await askForLink('rita@example.com');
    const unknown = await askForLink('nobody@example.com');
    assert.equal(known.status, 200);
    assert.deepEqual(unknown, known, 'the same answer whether the address has an account or not');

    const [mail] = await smtp.waitFor((candidate) => smtp.to('rita@example.com').includes(candidate));
    const link = /http:\/\/[^\s]+\/reset-password\?token=[\w%-]+/.exec(mail!.parsed.text!)?.[0];
    assert.ok(link, `the text part carries the link: ${mail!.parsed.text}`);
    assert.ok(String(mail!.parsed.html).includes(`href="${link}"`), 'and the HTML part links it');

    const form = new Visitor(suite.server.url);
    const page = await form.get(link.slice(suite.server.url.length));
    assert.equal(page.status, 200);
    assert.match(page.html, /autocomplete="new-password"/);
    const differing = await form.post('/reset-password', {
      token: new URL(link).searchParams.get('token')!,
      password: 'new-password-2',
      confirm: 'new-password-3',
    });
    assert.equal(differing.status, 400);
    assert.match(differing.html, /Hasła się różnią/);
    const done = await form.post('/reset-password', {
      token: new URL(link).searchParams.get('token')!,
      password: 'new-password-2',
      confirm: 'new-password-2',
    });
    assert.equal(done.status, 303);
    assert.equal(done.location, '/account');

    assert.equal(await signedIn(suite.server, phone), false, 'the other sessions are ended');
    assert.equal(await signedIn(suite.server, laptop), false);
    assert.equal(
      (await postLogin(suite.server.url, { login: 'rita', password: 'old-password-1' })).status,
      200,
      'the old password no longer works',
    );
    await loginCookie(suite.server.url, 'rita', 'new-password-2');

    const again = await form.post('/reset-password', {
      token: new URL(link).searchParams.get('token')!,
      password: 'third-password-3',
      confirm: 'third-password-3',
    });
    assert.equal(again.status, 400, 'the link works once');
    assert.match(again.html, /Ten link wygasł albo został już użyty/);
    const reopened = await new Visitor(suite.server.url).get(new URL(link).pathname + new URL(link).search);
    assert.equal(reopened.status, 410, 'a used link says so as soon as it is opened');
    assert.match(reopened.html, /Ten link do zmiany hasła wygasł albo został już użyty/);
    assert.doesNotMatch(reopened.html, /name="password"/, 'no form to fill in for nothing');
    assert.match(reopened.html, /href="\/forgot-password"/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(smtp.to('nobody@example.com').length, 0, 'no message for an address without an account');
  });

  it('refuses an expired link', async () => {
    const user = (await suite.server.store.users.findByLogin('rita'))!;
    const token = 'an-expired-token-of-forty-three-characters-x';
    await suite.server.store.users.createPasswordReset(
      {
        token_hash: createHash('sha256').update(token).digest('hex'),
        user_id: user.id,
        created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        expires_at: new Date(Date.now() - 3_600_000).toISOString(),
        used_at: null,
      },
      () => [],
    );
    const visitor = new Visitor(suite.server.url);
    const shown = await visitor.get(`/reset-password?token=${token}`);
    assert.equal(shown.status, 410, 'an expired link says so at once');
    assert.doesNotMatch(shown.html, /name="password"/);
    const unknown = await visitor.get('/reset-password?token=never-issued');
    assert.equal(unknown.status, 410);
    // A post made anyway (a form kept open in another tab) is still refused.
    await visitor.get('/forgot-password');
    const answer = await visitor.post('/reset-password', {
      token,
      password: 'expired-password-1',
      confirm: 'expired-password-1',
    });
    assert.equal(answer.status, 400);
    assert.match(answer.html, /Ten link wygasł/);
    assert.equal(
      (await postLogin(suite.server.url, { login: 'rita', password: 'expired-password-1' })).status,
      200,
      'the password did not change',
    );
  });

  it("a suite.manager's new password for a user ends that user's sessions", async () => {
    await createUser(suite.server.store, {
      login: 'tom',
      email: 'tom@example.com',
      role: 'customer',
      password: 'tom-password-1',
    });
    const tom = await loginCookie(suite.server.url, 'tom', 'tom-password-1');
    const admin = await suite.server.basicAuthFor('administrator');
    const user = (await suite.server.store.users.findByLogin('tom'))!;
    const answer = await fetchJson(suite.server.restUrl(`/wp/v2/users/${user.id}`), {
      method: 'POST',
      headers: { authorization: admin },
      json: { password: 'set-by-admin-1' },
    });
    assert.equal(answer.status, 200);
    assert.equal(await signedIn(suite.server, tom), false);
  });

  it('throttles requests for one address like the login', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await askForLink('flood@example.com')).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  });
});
