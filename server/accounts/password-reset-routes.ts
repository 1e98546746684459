/**
 * `/forgot-password` asks for an e-mail address and answers the same whether an account uses it or not (the link is
 * stored and sent after the answer, so that its time says nothing either); requests are throttled per address and
 * per IP like the login. `/reset-password?token=…` takes the link from the message and sets the new password.
 */
import type { Context, Middleware } from 'koa';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { CSRF_FIELD, csrfProblem, csrfToken } from '../auth/csrf.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { signIn, type AfterSignIn } from '../auth/sign-in.js';
import { readBody } from '../http/read-body.js';
import { minutesToWait } from '../http/wait-words.js';
import { renderToString } from '../html/render-html.js';
import { RESET_LINK_MINUTES } from '../mail/messages/account-messages.js';
import type { ShopMail } from '../mail/shop-mail.js';
import { respondWithPage, shopTranslator, type PageDependencies } from '../site/page-chrome.js';
import { landingPage } from './login-routes.js';
import { completePasswordReset, isResetLinkOpen, MIN_PASSWORD_LENGTH, requestPasswordReset } from './password-reset.js';

export interface PasswordResetDependencies extends PageDependencies {
  mail: ShopMail;
  /** Counts every request, per address and per IP (a LoginThrottle of its own purpose). */
  resetThrottle: LoginThrottle;
  afterSignIn?: AfterSignIn;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A field with its label and, when it has one, its error tied to it. */
function field(
  name: string,
  label: string,
  input: { type: string; autocomplete: string; value?: string },
  error?: string,
  autofocus = false,
) {
  const id = `reset-${name}`;
  return html`<div class="form-field ${error ? 'has-error' : ''}">
    <label for=${id}>${label}</label>
    <input id=${id} name=${name} type=${input.type} autocomplete=${input.autocomplete} required value=${input.value ?? nothing}
      aria-invalid=${error ? 'true' : nothing} aria-describedby=${error ? `${id}-error` : nothing} ?autofocus=${autofocus} />
    ${error ? html`<p class="field-error" id=${`${id}-error`}>${error}</p>` : nothing}
  </div>`;
}

async function showRequestForm(
  ctx: Context,
  deps: PasswordResetDependencies,
  email = '',
  error?: string,
  status = 200,
) {
  const { t } = shopTranslator(deps.store);
  const form = html`
    <p>${t('passwordReset.intro', { count: RESET_LINK_MINUTES })}</p>
    <form method="post" action="/forgot-password" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${csrfToken(ctx, deps.store.site.data.secret)} />
      ${field('email', t('account.email'), { type: 'email', autocomplete: 'email', value: email }, error, Boolean(error))}
      <button class="button button--primary" type="submit">${t('passwordReset.sendLink')}</button>
    </form>
    <p><a href="/login">${t('passwordReset.backToLogin')}</a></p>`;
  await respondWithPage(ctx, deps, { title: t('login.forgotPassword'), bodyHtml: await renderToString(form) }, status);
}

async function handleRequest(ctx: Context, deps: PasswordResetDependencies): Promise<void> {
  const body = await readBody(ctx);
  const fields = body.kind === 'form' ? body.value : {};
  const email = (fields.email ?? '').trim().slice(0, 254);
  const problem = csrfProblem(ctx, deps.store.site.data.secret, fields[CSRF_FIELD]);
  const { t, say } = shopTranslator(deps.store);
  const refusal = problem && say(problem);
  if (refusal) return showRequestForm(ctx, deps, email, refusal, 403);
  if (!EMAIL.test(email)) return showRequestForm(ctx, deps, email, t('account.invalidEmail'), 400);
  const wait = await deps.resetThrottle.secondsToWait(ctx.ip, email);
  if (wait > 0) {
    ctx.set('Retry-After', String(wait));
    return showRequestForm(ctx, deps, email, t('passwordReset.throttled', { count: minutesToWait(wait) }), 429);
  }
  await deps.resetThrottle.recordFailure(ctx.ip, email);
  // Counted for every address asked about, with an account or not, so that the refusal says nothing about accounts:
  // many senders asking for one address must not fill its inbox with links.
  if (!(await deps.mail.recipients.admit(email))) {
    return showRequestForm(ctx, deps, email, t('passwordReset.recipientLimit'), 429);
  }
  // Not awaited: the answer must take as long for an address with an account as for one without.
  requestPasswordReset(deps.store, deps.mail, email).catch((error: Error) =>
    console.error(`[vitrine] password reset request: ${error.message}`),
  );
  const answer = html`<p class="notice" role="status">${t('passwordReset.sent', { email, count: RESET_LINK_MINUTES })}</p>
    <p>${t('account.nothingArrived')} <a href="/forgot-password">${t('passwordReset.askAgain')}</a>.</p>`;
  await respondWithPage(ctx, deps, { title: t('account.checkEmail'), bodyHtml: await renderToString(answer) });
}

async function showNewPasswordForm(
  ctx: Context,
  deps: PasswordResetDependencies,
  token: string,
  errors: { password?: string; confirm?: string; link?: string } = {},
  status = 200,
) {
  // The token is in the address: no other site may learn it from a Referer, and no cache may keep the page.
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cache-Control', 'no-store');
  const { t } = shopTranslator(deps.store);
  const form = html`
    ${errors.link ? html`<p class="notice notice--error" role="alert">${errors.link} <a href="/forgot-password">${t('account.resetLinkAskAgain')}</a>.</p>` : nothing}
    <form method="post" action="/reset-password" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${csrfToken(ctx, deps.store.site.data.secret)} />
      <input type="hidden" name="token" value=${token} />
      ${field('password', t('passwordReset.newPassword', { count: MIN_PASSWORD_LENGTH }), { type: 'password', autocomplete: 'new-password' }, errors.password, Boolean(errors.password))}
      ${field('confirm', t('passwordReset.confirmPassword'), { type: 'password', autocomplete: 'new-password' }, errors.confirm, !errors.password && Boolean(errors.confirm))}
      <button class="button button--primary" type="submit">${t('passwordReset.setPassword')}</button>
    </form>
    <p>${t('passwordReset.signsOut')}</p>`;
  await respondWithPage(
    ctx,
    deps,
    { title: t('passwordReset.chooseTitle'), bodyHtml: await renderToString(form), robots: 'noindex' },
    status,
  );
}

/**
 * The link from the message: the form when the link may still be used; a used, expired or unknown one says so at
 * once, before the shopper types a new password twice for nothing.
 */
async function showResetLink(ctx: Context, deps: PasswordResetDependencies): Promise<void> {
  const token = typeof ctx.query.token === 'string' ? ctx.query.token.slice(0, 100) : '';
  if (await isResetLinkOpen(deps.store, token)) return showNewPasswordForm(ctx, deps, token);
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cache-Control', 'no-store');
  const { t } = shopTranslator(deps.store);
  const answer = html`<p class="notice notice--error" role="alert">${t('account.resetLinkClosed')}</p>
    <p><a class="button button--primary" href="/forgot-password">${t('account.resetLinkAskAgain')}</a></p>`;
  const page = { title: t('account.resetLinkClosedTitle'), bodyHtml: await renderToString(answer), robots: 'noindex' };
  await respondWithPage(ctx, deps, page, 410);
}

async function handleNewPassword(ctx: Context, deps: PasswordResetDependencies): Promise<void> {
  const body = await readBody(ctx);
  const fields = body.kind === 'form' ? body.value : {};
  const token = (fields.token ?? '').slice(0, 100);
  const problem = csrfProblem(ctx, deps.store.site.data.secret, fields[CSRF_FIELD]);
  const { t, say } = shopTranslator(deps.store);
  const refusal = problem && say(problem);
  if (refusal) return showNewPasswordForm(ctx, deps, token, { link: refusal }, 403);
  const password = fields.password ?? '';
  if (password.length < MIN_PASSWORD_LENGTH)
    return showNewPasswordForm(
      ctx,
      deps,
      token,
      { password: t('account.shortPassword', { count: MIN_PASSWORD_LENGTH }) },
      400,
    );
  if (password.length > 200)
    return showNewPasswordForm(ctx, deps, token, { password: t('passwordReset.tooLong') }, 400);
  if (fields.confirm !== password)
    return showNewPasswordForm(ctx, deps, token, { confirm: t('passwordReset.differ') }, 400);
  const user = await completePasswordReset(deps.store, token, password);
  if (!user) return showNewPasswordForm(ctx, deps, token, { link: t('passwordReset.linkUsed') }, 400);
  await signIn(ctx, deps.store, user, deps.afterSignIn);
  ctx.status = 303;
  ctx.redirect(landingPage(user.roles));
}

export function passwordResetMiddleware(deps: PasswordResetDependencies): Middleware {
  return async (ctx, next) => {
    const reading = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (ctx.path === '/forgot-password' && reading) return showRequestForm(ctx, deps);
    if (ctx.path === '/forgot-password' && ctx.method === 'POST') return handleRequest(ctx, deps);
    if (ctx.path === '/reset-password' && reading) return showResetLink(ctx, deps);
    if (ctx.path === '/reset-password' && ctx.method === 'POST') return handleNewPassword(ctx, deps);
    return next();
  };
}
