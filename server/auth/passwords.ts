/**
 * Login passwords: scrypt from node:crypto with a per-password salt, compared in constant time.
 * Stored as `scrypt$N$r$p$salt$hash` so that the cost can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ConcurrencyLimit } from './concurrency-limit.js';

const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** One hash at a time: on a small machine that keeps a core and most of the thread pool for everything else. */
const hashing = new ConcurrencyLimit(1);

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A hash of no one's password, verified when a login names no user, so that an unknown login costs the same scrypt
 * run as a wrong password and answers cannot tell which logins exist.
 */
const UNKNOWN_USER_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;

/** Spends the same work as {@link verifyPassword} and answers false: for a login that names no user. */
export async function verifyAgainstNobody(password: string): Promise<false> {
  await verifyPassword(password, UNKNOWN_USER_HASH);
  return false;
}

/** @returns false for a wrong password and for a stored value that is not a scrypt hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const READABLE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password for generated accounts: 20 characters without look-alikes (0/O, 1/l/I). */
export function generateLoginPassword(length = 20): string {
  const bytes = randomBytes(length);
  let password = '';
  for (const byte of bytes) password += READABLE_ALPHABET[byte % READABLE_ALPHABET.length];
  return password;
}
