/**
 * Login sessions behind an HttpOnly cookie. The cookie holds a random token; the store keeps only its hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store/open-store.js';
import type { Session, User } from '../store/schema.js';

export const SESSION_COOKIE = 'vitrine_session';
const SESSION_DAYS = 14;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function startSession(store: Store, user: User, now = new Date()): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const session: Session = {
    token_hash: hashToken(token),
    user_id: user.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
  };
  await store.site.update((site) => {
    // Expired sessions are dropped whenever a new one is written, so the list cannot grow without bound.
    site.sessions = site.sessions.filter((existing) => existing.expires_at > session.created_at);
    site.sessions.push(session);
  });
  return { token, session };
}

export function resolveSession(store: Store, token: string | undefined, now = new Date()): { user: User; session: Session } | null {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const session = store.site.data.sessions.find((candidate) => candidate.token_hash === tokenHash);
  if (!session || session.expires_at <= now.toISOString()) return null;
  const user = store.site.data.users.find((candidate) => candidate.id === session.user_id);
  return user ? { user, session } : null;
}

export async function endSession(store: Store, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await store.site.update((site) => {
    site.sessions = site.sessions.filter((session) => session.token_hash !== tokenHash);
  });
}
