/**
 * The login form, login, logout and the REST nonce for scripts of a signed-in session.
 * A failed login shows the form again with one message that does not say whether the login exists.
 */
import type { Context, Middleware } from 'koa';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { readBody } from '../http/read-body.js';
import { respondWithPage, type PageDependencies } from '../pages/page-chrome.js';
import { renderToString } from '../pages/render-html.js';
import { createNonce, sessionNonceSubject } from './nonces.js';
import { verifyPassword } from './passwords.js';
import { SESSION_COOKIE, endSession, startSession } from './sessions.js';
import { sessionCookieOptions } from './session-middleware.js';
import { findUserByLogin } from './users.js';

const SESSION_MAX_AGE_MS = 14 * 86_400_000;

/** Only a local path is followed after login, never another site (an open redirect would help phishing). */
export function safeRedirectTarget(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || /[\r\n]/.test(raw)) return '/';
  return raw;
}

async function showLoginForm(ctx: Context, deps: PageDependencies, redirectTo: string, login = '', error?: string) {
  const form = html`
    ${error ? html`<p class="notice" role="alert" id="login-error">${error}</p>` : nothing}
    <form class="login-form" method="post" action="/login" aria-describedby=${error ? 'login-error' : nothing}>
      <input type="hidden" name="redirect_to" value=${redirectTo} />
      <label>Login or e-mail <input name="login" autocomplete="username" required value=${login} /></label>
      <label>Password <input name="password" type="password" autocomplete="current-password" required /></label>
      <button class="button" type="submit">Log in</button>
    </form>`;
  await respondWithPage(ctx, deps, { title: 'Log in', bodyHtml: await renderToString(form) });
}

async function handleLogin(ctx: Context, deps: PageDependencies): Promise<void> {
  const body = await readBody(ctx);
  const fields = body.kind === 'form' ? body.value : {};
  const redirectTo = safeRedirectTarget(fields.redirect_to);
  const login = (fields.login ?? '').trim();
  const user = login ? await findUserByLogin(deps.store, login) : null;
  const valid = user ? await verifyPassword(fields.password ?? '', user.password_hash) : false;
  if (!user || !valid) {
    await showLoginForm(ctx, deps, redirectTo, login, 'The login or the password is not correct. Please try again.');
    return;
  }
  const { token } = await startSession(deps.store, user);
  ctx.cookies.set(SESSION_COOKIE, token, sessionCookieOptions(ctx, SESSION_MAX_AGE_MS));
  ctx.status = 303;
  ctx.redirect(redirectTo);
}

export function loginRoutesMiddleware(deps: PageDependencies): Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/login' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      return showLoginForm(ctx, deps, safeRedirectTarget(ctx.query.redirect_to));
    }
    if (ctx.path === '/login' && ctx.method === 'POST') return handleLogin(ctx, deps);
    if (ctx.path === '/logout' && ctx.method === 'POST') {
      const token = ctx.cookies.get(SESSION_COOKIE);
      if (token) await endSession(deps.store, token);
      ctx.cookies.set(SESSION_COOKIE, '', { ...sessionCookieOptions(ctx, 0), maxAge: undefined, expires: new Date(0) });
      ctx.status = 303;
      ctx.redirect('/');
      return;
    }
    if (ctx.path === '/rest-nonce' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=utf-8';
      const session = ctx.state.session;
      if (!session) {
        ctx.status = 403;
        ctx.body = 'You are not logged in.';
        return;
      }
      ctx.body = createNonce(deps.store.site.data.secret, sessionNonceSubject(session));
      return;
    }
    return next();
  };
}
