/**
 * REST nonces in the WordPress manner: an HMAC of (tick, action, user, session) with the install's secret. A tick is
 * 12 hours and a nonce stays valid for two ticks, so a page left open overnight still works the next morning.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TICK_MS = 12 * 60 * 60 * 1000;
export const REST_NONCE_ACTION = 'wp_rest';

export interface NonceSubject {
  userId: number;
  /** The session's token hash: a nonce dies with its session. */
  sessionKey: string;
}

function tickAt(time: number): number {
  return Math.ceil(time / TICK_MS);
}

function nonceFor(secret: string, tick: number, action: string, subject: NonceSubject): string {
  return createHmac('sha256', secret)
    .update(`${tick}|${action}|${subject.userId}|${subject.sessionKey}`)
    .digest('hex')
    .slice(0, 12);
}

/** The nonce subject of a login session: its user and its token hash, so that a nonce dies with its session. */
export function sessionNonceSubject(session: { user: { id: number }; session: { token_hash: string } }): NonceSubject {
  return { userId: session.user.id, sessionKey: session.session.token_hash };
}

export function createNonce(
  secret: string,
  subject: NonceSubject,
  action = REST_NONCE_ACTION,
  now = Date.now(),
): string {
  return nonceFor(secret, tickAt(now), action, subject);
}

/** True when the nonce was made in this tick or the one before. */
export function verifyNonce(
  secret: string,
  nonce: string,
  subject: NonceSubject,
  action = REST_NONCE_ACTION,
  now = Date.now(),
): boolean {
  const tick = tickAt(now);
  const supplied = Buffer.from(nonce);
  return [tick, tick - 1].some((candidate) => {
    const expected = Buffer.from(nonceFor(secret, candidate, action, subject));
    return expected.length === supplied.length && timingSafeEqual(expected, supplied);
  });
}
