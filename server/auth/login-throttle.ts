/**
 * Limits password guessing at the login form. Failed attempts are counted per IP address and login together (so an
 * attacker hammering one account from one address is stopped, while the owner logging in from elsewhere is not) and
 * per IP address alone (so one address cannot walk through many logins). A blocked attempt is answered before any
 * password is hashed. The counters live where the store says (shared by every instance on PostgreSQL).
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { addressKey } from '../http/client-address.js';
import type { Store } from '../store/store.js';

/** Failures of one login from one address before a pause. */
const PER_LOGIN_AND_IP = { points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60 };
/** Failures from one address, whatever the login, before a pause. */
const PER_IP = { points: 50, durationSeconds: 60 * 60, blockSeconds: 60 * 60 };

export class LoginThrottle {
  readonly #byLoginAndIp: RateLimiterAbstract;
  readonly #byIp: RateLimiterAbstract;

  /**
   * @param purpose keeps the counters of one guarded form apart from another's: `login`, or `password_reset` (where
   *   every request counts as an attempt, so that the form can neither flood an inbox nor probe many addresses)
   */
  constructor(store: Store, purpose = 'login') {
    this.#byLoginAndIp = store.createRateLimiter({ keyPrefix: `${purpose}_fail_login_ip`, ...PER_LOGIN_AND_IP });
    this.#byIp = store.createRateLimiter({ keyPrefix: `${purpose}_fail_ip`, ...PER_IP });
  }

  /** Seconds until `ip` may try `login` again; 0 when it may try now. */
  async secondsToWait(ip: string, login: string): Promise<number> {
    const [pair, address] = await Promise.all([
      this.#byLoginAndIp.get(pairKey(ip, login)),
      this.#byIp.get(addressKey(ip)),
    ]);
    const blocked = [
      pair && pair.consumedPoints >= PER_LOGIN_AND_IP.points ? pair.msBeforeNext : 0,
      address && address.consumedPoints >= PER_IP.points ? address.msBeforeNext : 0,
    ];
    return Math.ceil(Math.max(...blocked) / 1000);
  }

  async recordFailure(ip: string, login: string): Promise<void> {
    // Over the limit `consume` rejects; the counting is what matters here, so a rejection is expected.
    await Promise.all([
      this.#byLoginAndIp.consume(pairKey(ip, login)).catch(() => {}),
      this.#byIp.consume(addressKey(ip)).catch(() => {}),
    ]);
  }

  /** A correct password clears the failures of that login from that address. */
  async recordSuccess(ip: string, login: string): Promise<void> {
    await this.#byLoginAndIp.delete(pairKey(ip, login));
  }
}

function pairKey(ip: string, login: string): string {
  return `${login.trim().toLowerCase()}|${addressKey(ip)}`;
}
