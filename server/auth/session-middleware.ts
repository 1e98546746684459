/** Resolves the session cookie on every request into `ctx.state.session` ({user, session} or null). */
import type { Context, Middleware } from 'koa';
import type { Store } from '../store/store.js';
import { SESSION_COOKIE, resolveSession } from './sessions.js';

export function sessionMiddleware(store: Store): Middleware {
  return async (ctx, next) => {
    ctx.state.session = await resolveSession(store, ctx.cookies.get(SESSION_COOKIE));
    await next();
  };
}

export function sessionCookieOptions(ctx: Context, maxAgeMs: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: ctx.secure, path: '/', maxAge: maxAgeMs, overwrite: true };
}
