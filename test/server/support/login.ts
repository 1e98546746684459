/**
 * Signs in and out through the real forms, as a browser does: the form is fetched first, for its CSRF token and the
 * visitor cookie the token is bound to, then posted with both.
 */
import assert from 'node:assert/strict';

export interface FormTicket {
  /** The visitor cookie (`name=value`), '' when the page set none (a signed-in page binds to the session). */
  cookie: string;
  token: string;
}

const tokenIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];

/** The login form's token and visitor cookie. */
export async function loginTicket(siteUrl: string): Promise<FormTicket> {
  const response = await fetch(`${siteUrl}/login`);
  const token = tokenIn(await response.text());
  assert.ok(token, 'the login form carries a CSRF token');
  return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]!, token };
}

/** Posts the login form; `ticket` defaults to a freshly fetched one. */
export async function postLogin(
  siteUrl: string,
  fields: Record<string, string>,
  options: { ticket?: FormTicket; headers?: Record<string, string> } = {},
): Promise<Response> {
  const ticket = options.ticket ?? (await loginTicket(siteUrl));
  return fetch(`${siteUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: ticket.cookie, ...options.headers },
    body: new URLSearchParams({ ...fields, _csrf: ticket.token }),
  });
}

export async function loginCookie(siteUrl: string, login: string, password: string): Promise<string> {
  const response = await postLogin(siteUrl, { login, password, redirect_to: '/' });
  assert.equal(response.status, 303, 'a correct login answers 303');
  const cookie = response.headers.get('set-cookie');
  assert.ok(cookie, 'a correct login sets the session cookie');
  return cookie.split(';')[0]!;
}

/** Posts the logout form of a signed-in page, with its token. */
export async function postLogout(siteUrl: string, sessionCookie: string): Promise<Response> {
  const token = tokenIn(await (await fetch(`${siteUrl}/`, { headers: { cookie: sessionCookie } })).text());
  assert.ok(token, 'a signed-in page has a logout form with a CSRF token');
  return fetch(`${siteUrl}/logout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: sessionCookie },
    body: new URLSearchParams({ _csrf: token }),
  });
}

export async function restNonce(siteUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${siteUrl}/rest-nonce`, { headers: { cookie } });
  assert.equal(response.status, 200);
  return response.text();
}
