/**
 * WooCommerce's app authorisation flow, `/wc-auth/v1/authorize`, which connectors (marketplaces, ERP tools) use to
 * obtain REST API keys without the manager copying them: the app sends the manager here; signed in (or after the
 * login form), a shop manager sees what the app asks for and approves or denies with a form (CSRF-protected, works
 * without JavaScript). Approving makes a key acting as that manager, POSTs it to the app's `callback_url` as JSON
 * (`key_id`, `user_id`, `consumer_key`, `consumer_secret`, `key_permissions`) and, once the app took it, sends the
 * manager to `return_url` with `success=1`; a key the app did not take is revoked again. Denying returns with
 * `success=0`.
 */
import { html } from '@lit-labs/ssr';
import type { Context, Middleware } from 'koa';
import { can } from '../../auth/capabilities.js';
import { CSRF_FIELD, csrfProblem, csrfToken } from '../../auth/csrf.js';
import { createApiKey } from '../../auth/woo-api-keys.js';
import type { Config } from '../../config.js';
import { renderToString } from '../../html/render-html.js';
import { readBody } from '../../http/read-body.js';
import type { FetchPolicy } from '../../media/fetch-policy.js';
import { respondWithPage, shopTranslator, type PageDependencies } from '../../site/page-chrome.js';
import { postWebhook } from '../webhooks/webhook-post.js';
import {
  AUTHORIZATION_FIELDS,
  readAuthorizationRequest,
  returnAddress,
  type AuthorizationRequest,
} from './authorization-request.js';

export const AUTHORIZE_PATH = '/wc-auth/v1/authorize';

const SCOPE_WORDS: Record<AuthorizationRequest['scope'], string> = {
  read: 'read the shop’s products, orders, customers and settings',
  write: 'change the shop’s products, orders, customers and settings (without reading them)',
  read_write: 'read and change the shop’s products, orders, customers and settings',
};

export interface AppAuthorizationDependencies extends PageDependencies {
  config: Pick<Config, 'webhookAllowHosts'>;
  /** The webhook address policy: the callback receives secrets, so it may not reach the shop's own network either. */
  policy: FetchPolicy;
}

async function showMessage(ctx: Context, deps: PageDependencies, title: string, message: string, status: number) {
  const body = html`<p class="notice" role="alert">${message}</p>`;
  await respondWithPage(ctx, deps, { title, bodyHtml: await renderToString(body) }, status);
}

async function showApproval(ctx: Context, deps: PageDependencies, request: AuthorizationRequest, login: string) {
  const shopName = deps.store.site.data.settings.general.shop_name;
  const carried = {
    app_name: request.appName,
    scope: request.scope,
    user_id: request.userId,
    return_url: request.returnUrl.href,
    callback_url: request.callbackUrl.href,
  };
  const form = html`
    <p><strong>${request.appName}</strong> would like to connect to ${shopName}.</p>
    <p>It asks to ${SCOPE_WORDS[request.scope]}, acting as you (${login}), until you revoke its key on the admin’s
      REST API keys screen.</p>
    <p>Its keys go to <code>${request.callbackUrl.origin}</code>; you then return to
      <code>${request.returnUrl.origin}</code>.</p>
    <form method="post" action=${AUTHORIZE_PATH}>
      <input type="hidden" name=${CSRF_FIELD} value=${csrfToken(ctx, deps.store.site.data.secret)} />
      ${AUTHORIZATION_FIELDS.map((name) => html`<input type="hidden" name=${name} value=${carried[name]} />`)}
      <button class="button" type="submit" name="decision" value="approve">Approve</button>
      <button class="button button--secondary" type="submit" name="decision" value="deny">Deny</button>
    </form>`;
  ctx.set('Cache-Control', 'no-store');
  await respondWithPage(ctx, deps, { title: `Connect ${request.appName}`, bodyHtml: await renderToString(form) });
}

/** Makes the key, hands it to the app, and answers whether the app took it (a key it did not take is revoked). */
async function handOverKey(deps: AppAuthorizationDependencies, request: AuthorizationRequest, login: string) {
  const day = new Date().toISOString().slice(0, 10);
  const made = await createApiKey(deps.store, login, `${request.appName} - API (${day})`, {
    permissions: request.scope,
  });
  const body = JSON.stringify({
    key_id: made.key.id,
    user_id: request.userId,
    consumer_key: made.consumerKey,
    consumer_secret: made.consumerSecret,
    key_permissions: request.scope,
  });
  const sent = await postWebhook(
    { url: request.callbackUrl.href, body, headers: { 'Content-Type': 'application/json' } },
    deps.policy,
  );
  if (!sent.ok) await deps.store.apiKeys.remove(made.key.id);
  return sent;
}

export function appAuthorizationMiddleware(deps: AppAuthorizationDependencies): Middleware {
  return async (ctx) => {
    const reading = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (!reading && ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD, POST');
      return;
    }
    const body = reading ? null : await readBody(ctx);
    const fields = (body?.kind === 'form' ? body.value : ctx.query) as Record<string, string | undefined>;
    const request = readAuthorizationRequest(fields, deps.config.webhookAllowHosts);
    if (typeof request === 'string') return showMessage(ctx, deps, 'The app’s request cannot be used', request, 400);
    const user = ctx.state.session?.user;
    if (!user) {
      ctx.status = 303;
      ctx.redirect(`/login?redirect_to=${encodeURIComponent(ctx.originalUrl)}`);
      return;
    }
    if (!can(user.roles, 'manage_shop'))
      return showMessage(ctx, deps, 'Not allowed', 'Only a shop manager can connect an app to the shop.', 403);
    if (reading) return showApproval(ctx, deps, request, user.login);

    const refusal = csrfProblem(ctx, deps.store.site.data.secret, fields[CSRF_FIELD]);
    if (refusal) return showMessage(ctx, deps, 'Not connected', shopTranslator(deps.store).say(refusal), 403);
    if (fields.decision !== 'approve') {
      ctx.status = 303;
      ctx.redirect(returnAddress(request, false));
      return;
    }
    const sent = await handOverKey(deps, request, user.login);
    if (!sent.ok)
      return showMessage(
        ctx,
        deps,
        'Not connected',
        `The app did not take its keys (${sent.response}), so none was kept. Try again later, or ask the app’s makers.`,
        502,
      );
    ctx.status = 303;
    ctx.redirect(returnAddress(request, true));
  };
}
