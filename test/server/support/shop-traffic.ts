/**
 * The traffic of an ordinary busy shop, as a client sees it: logins through the form, and settings writes through
 * the API. Each helper returns only what the server acknowledged, so a test can check that none of it was lost.
 */
import { AssertionError } from 'node:assert/strict';
import { loginTicket, postLogin } from './login.js';
import { fetchJson } from './test-server.js';

/**
 * Tries a request again when it never reached the server (refused or timed-out connection), as a browser's user would.
 */
async function withConnectionRetries<T>(send: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Logs in `count` times at once; resolves to the session cookies of the logins that answered 303 with a cookie. A
 * connection the server never accepted is tried again (a loaded 2-core machine may not accept 200 at once within the
 * client's connect timeout); an answered request never is, so nothing is counted twice.
 */
export async function concurrentLogins(
  siteUrl: string,
  login: string,
  password: string,
  count: number,
  retries = 5,
): Promise<string[]> {
  // One visitor's login form, submitted many times over (as from many tabs). A server killed before it sent the form
  // acknowledged no login. (This used to throw: in crash-recovery, on a loaded machine, the kill could land before the
  // form arrived, and the rejection of the burst, not yet awaited, failed the test as an unhandled rejection.)
  let ticket: Awaited<ReturnType<typeof loginTicket>>;
  try {
    ticket = await withConnectionRetries(() => loginTicket(siteUrl), retries);
  } catch (error) {
    if (error instanceof AssertionError) throw error; // a form without its token is a bug, not a dead server
    return [];
  }
  const attempts = Array.from({ length: count }, async () => {
    try {
      const response = await withConnectionRetries(
        () => postLogin(siteUrl, { login, password, redirect_to: '/' }, { ticket }),
        retries,
      );
      const cookie = response.headers.get('set-cookie');
      return response.status === 303 && cookie ? [cookie.split(';')[0]!] : [];
    } catch {
      return []; // the server went away: not acknowledged
    }
  });
  return (await Promise.all(attempts)).flat();
}

/**
 * Whether the session behind `cookie` is known to the server: `/rest-nonce` answers 200 only to a signed-in session.
 */
export async function sessionIsValid(siteUrl: string, cookie: string): Promise<boolean> {
  return (await fetch(`${siteUrl}/rest-nonce`, { headers: { cookie } })).status === 200;
}

export interface SettingsChain {
  group: string;
  key: string;
  values: number[];
}

/**
 * Writes each chain's values one after another (the chains run side by side) and records, per chain, the last value
 * the server acknowledged with 200. A failed or unanswered write ends its chain.
 */
export async function writeSettingsChains(
  restUrl: (path: string) => string,
  authorization: string,
  chains: SettingsChain[],
): Promise<Map<string, number>> {
  const acknowledged = new Map<string, number>();
  await Promise.all(
    chains.map(async ({ group, key, values }) => {
      for (const value of values) {
        try {
          const { status } = await fetchJson(restUrl(`/compliance/v1/settings/${group}`), {
            method: 'POST',
            headers: { authorization },
            json: { [key]: value },
          });
          if (status !== 200) return;
          acknowledged.set(`${group}.${key}`, value);
        } catch {
          return;
        }
      }
    }),
  );
  return acknowledged;
}

/** Four chains of 50 writes each: 200 settings writes. Values rise, so a later value is never an older one. */
export function twoHundredSettingsWrites(start = 0): SettingsChain[] {
  const rising = (from: number) => Array.from({ length: 50 }, (_, index) => from + start + index);
  return [
    { group: 'compliance', key: 'omnibus_days', values: rising(1) },
    { group: 'compliance', key: 'withdrawal_days', values: rising(14) },
    { group: 'storefront', key: 'low_stock_threshold', values: rising(0) },
    { group: 'checkout', key: 'min_order_amount', values: rising(0) },
  ];
}

export async function readSetting(
  restUrl: (path: string) => string,
  authorization: string,
  name: string,
): Promise<unknown> {
  const [group, key] = name.split('.') as [string, string];
  const { body } = await fetchJson(restUrl(`/compliance/v1/settings/${group}`), { headers: { authorization } });
  return body.settings[key];
}
