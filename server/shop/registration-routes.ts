/**
 * `/register/confirm?token=…`: the link of a registration's e-mail. Opening it shows one button (a mail scanner that
 * follows links must not create accounts or sign anyone in); pressing it creates the account, records its consent,
 * and signs the customer in.
 */
import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import type { Context } from 'koa';
import { CSRF_FIELD } from '../auth/csrf.js';
import { signIn } from '../auth/sign-in.js';
import { renderToString } from '../html/render-html.js';
import { respondWithPage, shopTranslator } from '../site/page-chrome.js';
import { completeRegistration, openRegistration } from './registration.js';
import { formFields, formToken, type ShopDependencies } from './shop-dependencies.js';

async function showLinkProblem(ctx: Context, deps: ShopDependencies, status: number, text: string) {
  const body = html`<p class="notice notice--error" role="alert">${text}</p>
    <p><a href="/login">Sign in</a> or <a href="/register">register again</a>.</p>`;
  await respondWithPage(
    ctx,
    deps,
    { title: 'Confirm your account', bodyHtml: await renderToString(body), robots: 'noindex' },
    status,
  );
}

const EXPIRED =
  'This link has expired or is not complete. Registration links work for a day; register again to get a new one.';

async function showConfirmation(ctx: Context, deps: ShopDependencies): Promise<void> {
  const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
  const pending = openRegistration(deps.store, token);
  // The token is in the address: no other site may learn it from a Referer.
  ctx.set('Referrer-Policy', 'no-referrer');
  if (!pending) return showLinkProblem(ctx, deps, 400, EXPIRED);
  const body = html`<p>Create the account of ${pending.display_name} with the e-mail address ${pending.email}?</p>
    <form method="post" action="/register/confirm">
      <input type="hidden" name=${CSRF_FIELD} value=${formToken(ctx, deps)} />
      <input type="hidden" name="token" value=${token} />
      <button type="submit" class="button button--primary">Create my account</button>
    </form>`;
  await respondWithPage(ctx, deps, {
    title: 'Confirm your account',
    bodyHtml: await renderToString(body),
    robots: 'noindex',
  });
}

async function confirm(ctx: Context, deps: ShopDependencies): Promise<void> {
  const fields = await formFields(ctx);
  const refusal = await deps.guard.check(ctx, fields);
  if (refusal) return showLinkProblem(ctx, deps, refusal.status, shopTranslator(deps.store).say(refusal.said));
  const pending = openRegistration(deps.store, fields.token ?? '');
  if (!pending) return showLinkProblem(ctx, deps, 400, EXPIRED);
  const user = await completeRegistration(deps.store, deps.mail, pending);
  if (!user)
    return showLinkProblem(
      ctx,
      deps,
      409,
      'Your account exists already: this link was used. Sign in with your e-mail address and password.',
    );
  await signIn(ctx, deps.store, user, deps.afterSignIn);
  ctx.status = 303;
  ctx.redirect(pending.redirect_to === '/' ? '/account' : pending.redirect_to);
}

export function registrationRoutes(deps: ShopDependencies): Router {
  return new Router()
    .get('/register/confirm', (ctx) => showConfirmation(ctx, deps))
    .post('/register/confirm', (ctx) => confirm(ctx, deps));
}
