/**
 * WordPress's `me` on a real server, with wpapi (the integrators' WordPress client) and plain
 * requests: `wp/v2/users/me` read and changed by its user, `users/me/application-passwords` for every signed-in user,
 * each user's own `users/{id}`, and what shop managers may see of other users.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import WPAPI from 'wpapi';
import { addApplicationPassword, createUser } from '../../../server/auth/users.js';
import { loginCookie, postLogin, restNonce } from '../support/login.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

const suite = useTestServer();
const url = (rest: string) => suite.server.restUrl(`/wp/v2${rest}`);
const as =
  (authorization: string) =>
  (rest: string, init: Parameters<typeof fetchJson>[1] = {}) =>
    fetchJson(url(rest), { ...init, headers: { authorization, ...init.headers } });
const credentialsOf = (authorization: string) => {
  const [username, password] = Buffer.from(authorization.slice('Basic '.length), 'base64').toString().split(':') as [
    string,
    string,
  ];
  return { username, password };
};
const idOf = async (login: string) => (await suite.server.store.users.findByLogin(login))!.id;

describe("wpapi's .users().me()", () => {
  it('answers the signed-in user, in the view context by default and with the e-mail in the edit context', async () => {
    const authorization = await suite.server.basicAuthFor('customer', 'wanda');
    const wp = new WPAPI({ endpoint: suite.server.restUrl(''), ...credentialsOf(authorization) });
    const me = await wp.users().me().auth();
    assert.equal(me.id, await idOf('wanda'));
    assert.equal(me.name, 'wanda');
    assert.equal('email' in me, false, 'the view context shows no e-mail');
    const edit = await wp.users().me().param('context', 'edit').auth();
    assert.equal(edit.email, 'wanda@example.com');
    assert.deepEqual(edit.roles, ['customer']);
  });

  it("works on a client built from the shop's own REST index (WPAPI.discover)", async () => {
    const authorization = await suite.server.basicAuthFor('shop_manager', 'dora');
    const discovered = await WPAPI.discover(suite.server.url);
    const me = await discovered.auth(credentialsOf(authorization)).users().me();
    assert.equal(me.id, await idOf('dora'));
  });

  it("is refused with WordPress's rest_not_logged_in for nobody signed in", async () => {
    const wp = new WPAPI({ endpoint: suite.server.restUrl('') });
    await assert.rejects(wp.users().me().get(), (error: { code?: string; data?: { status: number } }) => {
      assert.equal(error.code, 'rest_not_logged_in');
      assert.equal(error.data?.status, 401);
      return true;
    });
  });
});

describe('POST wp/v2/users/me', () => {
  it("changes one's own name and e-mail; a taken or malformed e-mail changes nothing", async () => {
    const call = as(await suite.server.basicAuthFor('customer', 'olga'));
    await suite.server.basicAuthFor('customer', 'piotr');
    const renamed = await call('/users/me', { method: 'POST', json: { name: 'Olga K.', email: 'olga.k@example.com' } });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual([renamed.body.name, renamed.body.email], ['Olga K.', 'olga.k@example.com']);
    assert.equal((await suite.server.store.users.findByLogin('olga.k@example.com'))?.login, 'olga');

    for (const email of ['PIOTR@example.com', 'piotr', 'not-an-address']) {
      const refused = await call('/users/me', { method: 'POST', json: { name: 'Changed anyway?', email } });
      assert.equal(refused.status, 400, email);
      assert.equal(refused.body.code, 'rest_user_invalid_email');
      assert.ok(refused.body.data.params.email, 'the field is named');
    }
    const olga = (await suite.server.store.users.findByLogin('olga'))!;
    assert.deepEqual(
      [olga.display_name, olga.email],
      ['Olga K.', 'olga.k@example.com'],
      'nothing of a refused change was applied',
    );

    const roles = await call('/users/me', { method: 'POST', json: { roles: ['administrator'] } });
    assert.equal(roles.status, 400, 'a user cannot give themselves a role here');
    assert.ok('roles' in roles.body.data.params);
    const short = await call('/users/me', { method: 'POST', json: { password: 'short' } });
    assert.equal(short.status, 400);
    assert.ok('password' in short.body.data.params, 'password rules as for wp/v2/users');
    assert.deepEqual((await suite.server.store.users.findByLogin('olga'))!.roles, ['customer']);
  });

  it("changes one's password without the current one, ending the other sessions but not this one", async () => {
    await createUser(suite.server.store, { login: 'marta', role: 'customer', password: 'first-password' });
    const here = await loginCookie(suite.server.url, 'marta', 'first-password');
    const elsewhere = await loginCookie(suite.server.url, 'marta', 'first-password');
    const nonce = await restNonce(suite.server.url, here);
    await restNonce(suite.server.url, elsewhere);
    const changed = await fetchJson(url('/users/me'), {
      method: 'POST',
      json: { password: 'second-password' },
      headers: { cookie: here, 'x-wp-nonce': nonce },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal('password' in changed.body, false, 'the password is never answered');

    const stillHere = await fetchJson(url('/users/me'), { headers: { cookie: here, 'x-wp-nonce': nonce } });
    assert.equal(stillHere.status, 200, 'the session that changed it stays signed in');
    assert.equal(
      (await fetch(`${suite.server.url}/rest-nonce`, { headers: { cookie: elsewhere } })).status,
      403,
      'the other session was ended',
    );
    assert.equal((await postLogin(suite.server.url, { login: 'marta', password: 'second-password' })).status, 303);
    assert.notEqual((await postLogin(suite.server.url, { login: 'marta', password: 'first-password' })).status, 303);
  });

  it('changed with an application password, ends every session of the user', async () => {
    await createUser(suite.server.store, { login: 'nela', role: 'customer', password: 'first-password' });
    const session = await loginCookie(suite.server.url, 'nela', 'first-password');
    await restNonce(suite.server.url, session);
    const authorization = `Basic ${Buffer.from(`nela:${await addApplicationPassword(suite.server.store, 'nela', 'phone')}`).toString('base64')}`;
    assert.equal(
      (await as(authorization)('/users/me', { method: 'PUT', json: { password: 'second-password' } })).status,
      200,
    );
    assert.equal(
      (await fetch(`${suite.server.url}/rest-nonce`, { headers: { cookie: session } })).status,
      403,
      'the session was ended',
    );
    assert.equal((await as(authorization)('/users/me')).status, 200, 'application passwords stay, as in WordPress');
  });
});

describe('wp/v2/users/me/application-passwords', () => {
  it('lets a customer create, list, use and revoke their own; nobody signed in hears rest_not_logged_in', async () => {
    const call = as(await suite.server.basicAuthFor('customer', 'kasia'));
    const created = await call('/users/me/application-passwords', { method: 'POST', json: { name: 'Shopping app' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const mine = as(`Basic ${Buffer.from(`kasia:${created.body.password}`).toString('base64')}`);
    assert.equal((await mine('/users/me')).body.id, await idOf('kasia'), 'the new password signs in');
    const listed = await call('/users/me/application-passwords');
    assert.deepEqual(
      listed.body.map((entry: { name: string }) => entry.name),
      ['tests', 'Shopping app'],
    );
    const revoked = await call(`/users/me/application-passwords/${created.body.uuid}`, { method: 'DELETE' });
    assert.equal(revoked.status, 200);
    assert.equal((await mine('/users/me')).status, 401, 'revoked: refused');
    for (const [method, path] of [
      ['GET', '/users/me/application-passwords'],
      ['POST', '/users/me/application-passwords'],
      ['GET', '/users/me'],
    ] as const) {
      const anonymous = await fetchJson(url(path), { method, ...(method === 'POST' ? { json: { name: 'x' } } : {}) });
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.body.code, 'rest_not_logged_in');
    }
  });
});

describe('wp/v2/users/{id} and the list', () => {
  let customer: string;
  let otherCustomerId: number;
  let manager: string;
  let administratorId: number;
  before(async () => {
    customer = await suite.server.basicAuthFor('customer', 'ula');
    otherCustomerId = (
      await createUser(suite.server.store, { login: 'vera', role: 'customer', password: 'a-long-password' })
    ).user.id;
    manager = await suite.server.basicAuthFor('shop_manager', 'mira');
    administratorId = (
      await createUser(suite.server.store, { login: 'root-admin', role: 'administrator', password: 'a-long-password' })
    ).user.id;
  });

  it("a customer reads their own record, in both contexts, but not another user's", async () => {
    const call = as(customer);
    const own = await call(`/users/${await idOf('ula')}?context=edit`);
    assert.equal(own.status, 200);
    assert.equal(own.body.email, 'ula@example.com');
    assert.equal((await call(`/users/${await idOf('ula')}`)).body.name, 'ula');
    for (const id of [otherCustomerId, administratorId, 99999]) {
      const other = await call(`/users/${id}`);
      assert.equal(other.status, 403, String(id));
      assert.equal(other.body.code, 'rest_user_cannot_view');
    }
    assert.equal((await call('/users')).status, 403, 'customers list nobody');
  });

  it('a shop manager lists and views customers, never staff, and changes nobody', async () => {
    const call = as(manager);
    const users = await suite.server.store.users.list();
    const customers = users.filter((user) => user.roles.includes('customer')).map((user) => user.id);
    assert.ok(customers.length >= 2 && users.length > customers.length, 'the shop has customers and staff');
    for (const query of ['', '?roles=customer', '?roles=customer&context=edit']) {
      const listed = await call(`/users${query}`);
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.map((user: { id: number }) => user.id),
        customers,
        query,
      );
    }
    const staffFilter = await call('/users?roles=administrator');
    assert.equal(staffFilter.status, 403);
    assert.equal(staffFilter.body.code, 'rest_user_cannot_view');
    assert.equal((await call(`/users/${otherCustomerId}?context=edit`)).body.email, 'vera@example.com');
    assert.equal((await call(`/users/${administratorId}`)).status, 403, 'staff are not for managers to see');
    assert.equal((await call(`/users/${await idOf('mira')}`)).status, 200, 'but their own record is');
    assert.equal(
      (await call(`/users/${otherCustomerId}`, { method: 'POST', json: { name: 'Renamed' } })).status,
      403,
      'only administrators change users',
    );
    assert.equal(
      (await call(`/users/${administratorId}`, { method: 'POST', json: { password: 'taken-over-now' } })).status,
      403,
    );
  });

  it('an administrator lists everyone and filters by role', async () => {
    const call = as(await suite.server.basicAuthFor('administrator', 'ada-too'));
    const everyone = (await call('/users')).body.map((user: { id: number }) => user.id);
    assert.deepEqual(
      everyone,
      (await suite.server.store.users.list()).map((user) => user.id),
    );
    const admins = await call('/users?roles=administrator&context=edit');
    assert.ok(admins.body.length >= 2);
    assert.ok(admins.body.every((user: { roles: string[] }) => user.roles.includes('administrator')));
  });
});

describe("the admin's language (wp/v2 users' locale)", () => {
  /** The `<html lang>` and start data of the admin page `login` gets. */
  const adminPage = async (login: string) => {
    const page = await fetch(`${suite.server.url}/admin/`, {
      headers: { cookie: await loginCookie(suite.server.url, login, 'a-long-password') },
    });
    const html = await page.text();
    const start = JSON.parse(/data-start="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
    return {
      lang: /<html lang="([^"]*)"/.exec(html)?.[1],
      admin: start.admin,
      locale: start.user.locale,
      words: [/<title>([^·]*)·/.exec(html)?.[1]?.trim(), /<noscript>([^<]*)<\/noscript>/.exec(html)?.[1]],
    };
  };

  it('is set by the user on users/me, in the edit context only, and the admin page then speaks it', async () => {
    const call = as(await suite.server.basicAuthFor('shop_manager', 'lena'));
    assert.equal((await call('/users/me?context=edit')).body.locale, '', "a new user follows the shop's language");
    assert.equal('locale' in (await call('/users/me')).body, false, 'not in the view context, as in WordPress');
    assert.deepEqual(await adminPage('lena'), {
      lang: 'pl',
      admin: { language: 'pl', dateLocale: 'pl-PL' },
      locale: '',
      words: ['Panel', 'Panel administracyjny wymaga JavaScriptu.'],
    });

    const english = await call('/users/me', { method: 'POST', json: { locale: 'en_US' } });
    assert.equal(english.status, 200, JSON.stringify(english.body));
    assert.equal(english.body.locale, 'en_US');
    assert.deepEqual(await adminPage('lena'), {
      lang: 'en',
      admin: { language: 'en', dateLocale: 'en-US' },
      locale: 'en_US',
      words: ['Admin', 'The admin panel needs JavaScript.'],
    });

    const short = await call('/users/me', { method: 'POST', json: { locale: 'pl' } });
    assert.equal(short.body.locale, 'pl_PL', "WordPress's short name is stored as the full locale");
    assert.equal((await suite.server.store.users.findByLogin('lena'))?.locale, 'pl_PL');
    await call('/users/me', { method: 'POST', json: { locale: '' } });
    assert.equal((await call('/users/me?context=edit')).body.locale, '');
  });

  it('refuses a language the admin does not have, naming the field, and changes nothing with it', async () => {
    const call = as(await suite.server.basicAuthFor('editor', 'emil'));
    await call('/users/me', { method: 'POST', json: { locale: 'pl_PL' } });
    for (const locale of ['fr_FR', 'PL', 42]) {
      const refused = await call('/users/me', { method: 'POST', json: { name: 'Emil changed?', locale } });
      assert.equal(refused.status, 400, String(locale));
      assert.equal(refused.body.code, 'rest_invalid_param');
      assert.ok(refused.body.data.params.locale, 'the field is named');
    }
    const emil = (await suite.server.store.users.findByLogin('emil'))!;
    assert.deepEqual([emil.display_name, emil.locale], ['emil', 'pl_PL']);
  });

  it("is set by an administrator for another user; a shop manager may not; a German shop's admin is English", async () => {
    const admin = as(await suite.server.basicAuthFor('administrator', 'ada-lang'));
    await suite.server.basicAuthFor('editor', 'edyta');
    const manager = as(await suite.server.basicAuthFor('shop_manager', 'marek'));
    const id = await idOf('edyta');
    const set = await admin(`/users/${id}`, { method: 'POST', json: { locale: 'en_US' } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.locale, 'en_US');
    assert.equal(
      (await admin(`/users?context=edit`)).body.find((user: { id: number }) => user.id === id).locale,
      'en_US',
    );
    assert.equal((await manager(`/users/${id}`, { method: 'POST', json: { locale: 'pl_PL' } })).status, 403);
    assert.equal((await suite.server.store.users.findById(id))?.locale, 'en_US');

    await suite.server.store.site.update((site) => {
      site.settings.general.locale = 'de-DE';
    });
    try {
      // No German catalogue: the words are English, the dates the shop's German.
      assert.deepEqual(await adminPage('ada-lang'), {
        lang: 'en',
        admin: { language: 'en', dateLocale: 'de-DE' },
        locale: '',
        words: ['Admin', 'The admin panel needs JavaScript.'],
      });
      assert.equal((await adminPage('edyta')).admin.dateLocale, 'en-US', 'a chosen language is kept');
    } finally {
      await suite.server.store.site.update((site) => {
        site.settings.general.locale = 'pl-PL';
      });
    }
  });
});
