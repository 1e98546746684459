/** Signs in through the real login form and returns the session cookie, as a browser would hold it. */
import assert from 'node:assert/strict';

export async function loginCookie(siteUrl: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${siteUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password, redirect_to: '/' }),
  });
  assert.equal(response.status, 303, 'a correct login answers 303');
  const cookie = response.headers.get('set-cookie');
  assert.ok(cookie, 'a correct login sets the session cookie');
  return cookie.split(';')[0]!;
}

export async function restNonce(siteUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${siteUrl}/rest-nonce`, { headers: { cookie } });
  assert.equal(response.status, 200);
  return response.text();
}
