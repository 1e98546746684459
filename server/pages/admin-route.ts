/**
 * `/admin/`: the admin panel's HTML shell. The panel itself is a separate client bundle (client/admin/) that talks
 * only to the REST API; this route decides who may load it and hands it what it needs to start, in attributes and
 * meta tags (the CSP allows no inline script): the REST root and nonce, the user and their language, and the logout
 * form's CSRF token.
 * Anonymous visitors are sent to the login page; signed-in users without `edit_pages` or `manage_shop` get a 403 page.
 */
import { html } from '@lit-labs/ssr';
import type { Context, Middleware } from 'koa';
import { can, capabilitiesOf } from '../auth/capabilities.js';
import { CSRF_FIELD, csrfToken } from '../auth/csrf.js';
import { createNonce, sessionNonceSubject } from '../auth/nonces.js';
import type { ClientAssets } from '../site/client-assets.js';
import { respondWithPage, sessionUser, shopTranslator, type PageDependencies } from '../site/page-chrome.js';
import { messageHtml } from '../i18n/message-html.js';
import { escapeHtml } from '../../client/html/escape.js';
import { translator } from '../i18n/translator.js';
import { renderToString } from '../html/render-html.js';
import { trustedHtml } from '../html/trusted-html.js';
import { adminLanguageOf } from '../../client/api/users.js';

export interface AdminRouteDependencies extends PageDependencies {
  adminAssets: ClientAssets;
  restRoot: string;
}

/** Who may open the admin: the capabilities its screens need. */
export function mayUseAdmin(roles: Parameters<typeof can>[0]): boolean {
  return can(roles, 'edit_pages') || can(roles, 'manage_shop');
}

/** Lit SSR takes no binding inside `<noscript>` (its content is raw text), so the element is built whole. */
const noscript = (text: string) => trustedHtml(`<noscript>${escapeHtml(text)}</noscript>`);

async function shell(ctx: Context, deps: AdminRouteDependencies): Promise<string> {
  const session = ctx.state.session;
  const site = deps.store.site.data;
  const user = session.user;
  const admin = adminLanguageOf(user.locale ?? '', site.settings.general.locale);
  const start = JSON.stringify({
    user: {
      id: user.id,
      display_name: user.display_name,
      capabilities: capabilitiesOf(user.roles),
      locale: user.locale ?? '',
    },
    // The user's language: the admin loads its strings' translation before the first render, and writes dates in it.
    admin,
    shopName: site.settings.general.shop_name,
    // What the admin writes every date, number and amount in (client/admin/locale/), whatever the browser's settings.
    shop: {
      locale: site.settings.general.locale,
      timeZone: site.settings.general.timezone,
      currency: site.settings.general.currency,
    },
    csrfField: CSRF_FIELD,
    csrfToken: csrfToken(ctx, site.secret),
  });
  // The shell's own words (title, no-script notice) in the user's language; the panel's come from client/admin/i18n.
  const { t } = translator(admin.language);
  const template = html`<html lang=${admin.language}>
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${t('admin.pageTitle', { shop: site.settings.general.shop_name })}</title>
      <meta name="rest-root" content=${`${deps.restRoot}/`} />
      <meta name="rest-nonce" content=${createNonce(site.secret, sessionNonceSubject(session))} />
      ${deps.adminAssets.styles.map((href) => html`<link rel="stylesheet" href=${href} />`)}
      ${deps.adminAssets.scripts.map((src) => html`<script type="module" src=${src}></script>`)}
      ${deps.adminAssets.preloads.map((href) => html`<link rel="modulepreload" href=${href} />`)}
    </head>
    <body class="vitrine-admin">
      <div id="vitrine-admin" data-start=${start}>
        ${noscript(t('admin.needsJavaScript'))}
      </div>
    </body>
  </html>`;
  return `<!doctype html>\n${await renderToString(template)}`;
}

export function adminMiddleware(deps: AdminRouteDependencies): Middleware {
  return async (ctx) => {
    const user = sessionUser(ctx);
    if (!user) {
      ctx.redirect(`/login?redirect_to=${encodeURIComponent(ctx.path === '/admin' ? '/admin/' : ctx.path)}`);
      return;
    }
    if (!mayUseAdmin(user.roles)) {
      const { t } = shopTranslator(deps.store);
      await respondWithPage(
        ctx,
        deps,
        {
          title: t('admin.refusedTitle'),
          bodyHtml: `<p>${messageHtml(t, 'admin.refused', { link: `<a href="/">${escapeHtml(t('admin.backToShop'))}</a>` })}</p>`,
        },
        403,
      );
      return;
    }
    if (ctx.path === '/admin') return ctx.redirect('/admin/');
    ctx.status = 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await shell(ctx, deps);
  };
}
