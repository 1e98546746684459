/** Signing a user in, wherever it happens (the login form, registration): the session, its cookie, then the hook. */
import type { Context } from 'koa';
import type { User } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { SESSION_COOKIE, startSession } from './sessions.js';
import { sessionCookieOptions } from './session-middleware.js';

const SESSION_MAX_AGE_MS = 14 * 86_400_000;

/** What else happens when someone signs in, injected by the app (the shop hands them their cart). */
export type AfterSignIn = (ctx: Context, user: User) => Promise<void>;

export async function signIn(ctx: Context, store: Store, user: User, afterSignIn?: AfterSignIn): Promise<void> {
  const { token } = await startSession(store, user);
  ctx.cookies.set(SESSION_COOKIE, token, sessionCookieOptions(ctx, SESSION_MAX_AGE_MS));
  await afterSignIn?.(ctx, user);
}
