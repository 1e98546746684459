/**
 * Application passwords as WordPress has them: 24 random alphanumerics, shown once in groups of four, stored as a
 * SHA-256 hash. They are high-entropy, so a fast hash is safe and keeps every API call cheap.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ApplicationPassword } from '../store/schema.js';

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LENGTH = 24;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Spaces and other non-alphanumerics are ignored on use, so `abcd efgh ...` and `abcdefgh...` are the same. */
export function normaliseApplicationPassword(supplied: string): string {
  return supplied.replace(/[^A-Za-z0-9]/g, '');
}

export interface NewApplicationPassword {
  /** Shown to the user once, in groups of four. */
  plain: string;
  record: ApplicationPassword;
}

export function createApplicationPassword(name: string, now = new Date()): NewApplicationPassword {
  let raw = '';
  for (let i = 0; i < LENGTH; i++) raw += ALPHANUMERICS[randomInt(ALPHANUMERICS.length)];
  return {
    plain: raw.match(/.{4}/g)!.join(' '),
    record: {
      uuid: randomUUID(),
      name,
      password_hash: sha256(raw).toString('hex'),
      created: now.toISOString(),
      last_used: null,
      last_ip: null,
    },
  };
}

/** The stored password that matches, if any; every candidate is compared in constant time. */
export function matchApplicationPassword(
  supplied: string,
  candidates: readonly ApplicationPassword[],
): ApplicationPassword | undefined {
  const normalised = normaliseApplicationPassword(supplied);
  if (normalised.length !== LENGTH) return undefined;
  const digest = sha256(normalised);
  let match: ApplicationPassword | undefined;
  for (const candidate of candidates) {
    if (timingSafeEqual(digest, Buffer.from(candidate.password_hash, 'hex'))) match = candidate;
  }
  return match;
}

/** Usage is written at most once a day, so that API traffic does not turn into a stream of file rewrites. */
export function usageNeedsRecording(password: ApplicationPassword, ip: string, now = new Date()): boolean {
  if (!password.last_used) return true;
  return password.last_used.slice(0, 10) !== now.toISOString().slice(0, 10) || password.last_ip !== ip;
}
