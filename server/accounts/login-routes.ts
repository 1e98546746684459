/**
 * The login form, login, logout and the REST nonce for scripts of a signed-in session.
 * A failed login shows the form again with one message that does not say whether the login exists, and costs the same
 * time whether it does or not; repeated failures are throttled (login-throttle.ts). Login and logout accept only
 * posts of our own forms (csrf.ts).
 */
import type { Context, Middleware } from 'koa';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { readBody } from '../http/read-body.js';
import { minutesToWait } from '../http/wait-words.js';
import { respondWithPage, shopTranslator, type PageDependencies } from '../site/page-chrome.js';
import { rememberStorefrontLanguage } from '../site/storefront-languages.js';
import { renderToString } from '../html/render-html.js';
import { createNonce, sessionNonceSubject } from '../auth/nonces.js';
import { CSRF_FIELD, csrfProblem, csrfToken } from '../auth/csrf.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { verifyAgainstNobody, verifyPassword } from '../auth/passwords.js';
import { SESSION_COOKIE, endSession } from '../auth/sessions.js';
import { signIn, type AfterSignIn } from '../auth/sign-in.js';
import { sessionCookieOptions } from '../auth/session-middleware.js';
import { findUserByLogin } from '../auth/users.js';
import { can } from '../auth/capabilities.js';
import type { Role } from '../store/schema.js';

/** Only a local path is followed after login, never another site (an open redirect would help phishing). */
export function safeRedirectTarget(raw: unknown): string {
  if (
    typeof raw !== 'string' ||
    !raw.startsWith('/') ||
    raw.startsWith('//') ||
    raw.includes('\\') ||
    /[\r\n]/.test(raw)
  )
    return '/';
  return raw;
}

/** The target a login form asked for, '' when it asked for none (then the user's landing page follows). */
function requestedTarget(raw: unknown): string {
  return raw === undefined || raw === '' ? '' : safeRedirectTarget(raw);
}

/** Where a login without a target leads: the admin for those who may use it, the account page for shoppers. */
export function landingPage(roles: readonly Role[]): string {
  return can(roles, 'manage_shop') || can(roles, 'edit_pages') ? '/admin/' : '/account';
}

export interface LoginRouteDependencies extends PageDependencies {
  loginThrottle: LoginThrottle;
  afterSignIn?: AfterSignIn;
}

async function showLoginForm(
  ctx: Context,
  deps: PageDependencies,
  redirectTo: string,
  login = '',
  error?: string,
  status = 200,
) {
  const { t } = shopTranslator(deps.store);
  const form = html`
    ${error ? html`<p class="notice" role="alert" id="login-error">${error}</p>` : nothing}
    <form class="login-form" method="post" action="/login" aria-describedby=${error ? 'login-error' : nothing}>
      <input type="hidden" name=${CSRF_FIELD} value=${csrfToken(ctx, deps.store.site.data.secret)} />
      <input type="hidden" name="redirect_to" value=${redirectTo} />
      <label>${t('login.loginOrEmail')} <input name="login" autocomplete="username" required value=${login} /></label>
      <label>${t('account.password')} <input name="password" type="password" autocomplete="current-password" required ?autofocus=${Boolean(error)} /></label>
      <button class="button" type="submit">${t('login.title')}</button>
    </form>
    <p><a href="/forgot-password">${t('login.forgotPassword')}</a></p>`;
  await respondWithPage(ctx, deps, { title: t('login.title'), bodyHtml: await renderToString(form) }, status);
}

async function handleLogin(ctx: Context, deps: LoginRouteDependencies): Promise<void> {
  const body = await readBody(ctx);
  const fields = body.kind === 'form' ? body.value : {};
  const redirectTo = requestedTarget(fields.redirect_to);
  const login = (fields.login ?? '').trim();
  const problem = csrfProblem(ctx, deps.store.site.data.secret, fields[CSRF_FIELD]);
  const translator = shopTranslator(deps.store);
  const refusal = problem && translator.say(problem);
  if (refusal) return showLoginForm(ctx, deps, redirectTo, login, refusal, 403);
  const user = login ? await findUserByLogin(deps.store, login) : null;
  // The throttle counts the account, not the spelling typed: a login and its e-mail (in any case) share one counter.
  const account = user ? `user:${user.id}` : login;
  const wait = await deps.loginThrottle.secondsToWait(ctx.ip, account);
  if (wait > 0) {
    ctx.set('Retry-After', String(wait));
    return showLoginForm(
      ctx,
      deps,
      redirectTo,
      login,
      translator.t('login.throttled', { count: minutesToWait(wait) }),
      429,
    );
  }
  const password = fields.password ?? '';
  const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstNobody(password);
  if (!user || !valid) {
    await deps.loginThrottle.recordFailure(ctx.ip, account);
    await showLoginForm(ctx, deps, redirectTo, login, translator.t('login.failed'));
    return;
  }
  await deps.loginThrottle.recordSuccess(ctx.ip, account);
  // The account keeps the language its customer signs in with, for the messages the shop sends them later.
  await signIn(ctx, deps.store, await rememberStorefrontLanguage(deps.store, user), deps.afterSignIn);
  ctx.status = 303;
  ctx.redirect(redirectTo || landingPage(user.roles));
}

export function loginRoutesMiddleware(deps: LoginRouteDependencies): Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/login' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      return showLoginForm(ctx, deps, requestedTarget(ctx.query.redirect_to));
    }
    if (ctx.path === '/login' && ctx.method === 'POST') return handleLogin(ctx, deps);
    if (ctx.path === '/logout' && ctx.method === 'POST') {
      const body = await readBody(ctx);
      const problem = csrfProblem(
        ctx,
        deps.store.site.data.secret,
        body.kind === 'form' ? body.value[CSRF_FIELD] : undefined,
      );
      const translator = shopTranslator(deps.store);
      const refusal = problem && translator.say(problem);
      if (refusal)
        return respondWithPage(
          ctx,
          deps,
          {
            title: translator.t('login.notLoggedOut'),
            bodyHtml: await renderToString(html`<p role="alert">${refusal}</p>`),
          },
          403,
        );
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
