/**
 * The customer's data rights from their account: `/account/export` downloads their data as JSON (personal-data.ts);
 * `/account/erase` records an erasure request and e-mails the account's address a link to `/account/erase/confirm`,
 * which says what is erased and what is kept, and confirms the request when its button is pressed; a manager then
 * carries it out (account-erasure.ts).
 */
import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import type { Context } from 'koa';
import { CSRF_FIELD } from '../../auth/csrf.js';
import { renderToString } from '../../html/render-html.js';
import { respondWithPage, shopTranslator } from '../../site/page-chrome.js';
import { formFields, formToken, type ShopDependencies } from '../shop-dependencies.js';
import { confirmErasure, erasureDueOn, isErasable, openErasure, requestErasure } from './account-erasure.js';
import {
  accountNotice,
  acceptAccountPost,
  backToAccount,
  requireSignIn,
  showAccountPage,
} from './account-page-routes.js';
import { readableDay } from '../../i18n/readable-date.js';
import { storefrontLocale } from '../../i18n/chosen-language.js';
import { personalDataFileName, personalDataOf } from './personal-data.js';

async function downloadData(ctx: Context, deps: ShopDependencies): Promise<void> {
  const user = requireSignIn(ctx);
  if (!user) return;
  const now = new Date();
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('Content-Disposition', `attachment; filename="${personalDataFileName(user, now)}"`);
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify(await personalDataOf(deps.store, user, now), null, 2);
}

async function askForErasure(ctx: Context, deps: ShopDependencies): Promise<void> {
  const posted = await acceptAccountPost(ctx, deps, 'erase');
  if (!posted) return;
  if (!isErasable(posted.user)) {
    const { t } = shopTranslator(deps.store);
    const errors = { erase: t('account.eraseStaff') };
    return showAccountPage(ctx, deps, posted.user, { refused: { form: 'erase', errors } }, 400);
  }
  const request = await requestErasure(deps.store, deps.mail, posted.user);
  if (request.confirmed_at) return backToAccount(ctx);
  backToAccount(ctx, 'erase-sent');
}

async function linkClosed(ctx: Context, deps: ShopDependencies): Promise<void> {
  const { t } = shopTranslator(deps.store);
  const bodyHtml = await renderToString(
    accountNotice(t('account.eraseLinkClosed'), { href: '/account', label: t('account.title') }, true),
  );
  await respondWithPage(ctx, deps, { title: t('account.eraseTitle'), bodyHtml, robots: 'noindex' }, 410);
}

/** The link from the message: what erasure means, and the button that does it. */
async function showErasure(ctx: Context, deps: ShopDependencies): Promise<void> {
  ctx.set('Referrer-Policy', 'no-referrer');
  const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
  const user = await openErasure(deps.store, token);
  if (!user) return linkClosed(ctx, deps);
  const { t } = shopTranslator(deps.store);
  const bodyHtml = await renderToString(html`<p>${t('account.eraseWhose', { email: user.email })}</p>
    <p>${t('account.eraseErased')}</p>
    <p>${t('account.eraseKept')}</p>
    <p><a href="/account/export">${t('account.exportFirst')}</a></p>
    <form method="post" action="/account/erase/confirm" class="account-form">
      <input type="hidden" name=${CSRF_FIELD} value=${formToken(ctx, deps)} />
      <input type="hidden" name="token" value=${token} />
      <button type="submit" class="button button--primary">${t('account.eraseConfirm')}</button>
    </form>`);
  await respondWithPage(ctx, deps, { title: t('account.eraseTitle'), bodyHtml, robots: 'noindex' });
}

async function confirmFromLink(ctx: Context, deps: ShopDependencies): Promise<void> {
  ctx.set('Referrer-Policy', 'no-referrer');
  const fields = await formFields(ctx);
  const { t, say } = shopTranslator(deps.store);
  const refusal = await deps.guard.check(ctx, fields);
  if (refusal) {
    const bodyHtml = await renderToString(
      accountNotice(say(refusal.said), { href: '/account', label: t('account.title') }, true),
    );
    return respondWithPage(ctx, deps, { title: t('account.eraseTitle'), bodyHtml, robots: 'noindex' }, refusal.status);
  }
  const user = await openErasure(deps.store, fields.token ?? '');
  if (!user) return linkClosed(ctx, deps);
  const request = await confirmErasure(deps.store, deps.mail, user);
  const { general } = deps.store.site.data.settings;
  const due = readableDay(erasureDueOn(request, general.timezone), storefrontLocale(general.locale));
  const bodyHtml = await renderToString(
    accountNotice(t('account.eraseConfirmed', { due }), { href: '/account', label: t('account.title') }),
  );
  await respondWithPage(ctx, deps, { title: t('account.eraseTitle'), bodyHtml, robots: 'noindex' });
}

export function privacyRoutes(deps: ShopDependencies): Router {
  return new Router()
    .get('/account/export', (ctx) => downloadData(ctx, deps))
    .post('/account/erase', (ctx) => askForErasure(ctx, deps))
    .get('/account/erase/confirm', (ctx) => showErasure(ctx, deps))
    .post('/account/erase/confirm', (ctx) => confirmFromLink(ctx, deps));
}
