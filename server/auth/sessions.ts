/**
 * Login sessions behind an HttpOnly cookie. The cookie holds a random token; the store keeps only its hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store/store.js';
import type { Session, User } from '../store/schema.js';

export const SESSION_COOKIE = 'vitrine_session';
const SESSION_DAYS = 14;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function startSession(
  store: Store,
  user: User,
  now = new Date(),
): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const session: Session = {
    token_hash: hashToken(token),
    user_id: user.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
  };
  await store.sessions.create(session);
  return { token, session };
}

export async function resolveSession(
  store: Store,
  token: string | undefined,
  now = new Date(),
): Promise<{ user: User; session: Session } | null> {
  // A cookie value is at most a few dozen characters; anything else is not ours and costs no hashing or lookup.
  if (!token || token.length > 100) return null;
  return store.sessions.find(hashToken(token), now);
}

export async function endSession(store: Store, token: string): Promise<void> {
  await store.sessions.delete(hashToken(token));
}
