/**
 * `/withdraw`, when the shop has the withdrawal function on: identify the order (number and e-mail, or choose one when
 * signed in), choose the items and an optional reason, confirm, and get an acknowledgement with the date and time the
 * withdrawal was received. Each step is a plain form post; nothing is stored before the confirmation.
 *
 * An order's items are shown (and some of them chosen) only to its signed-in owner or through the link with the
 * order's key, sent to the order's e-mail on request: order numbers count up, so anyone knowing a customer's e-mail
 * could otherwise read their purchases. A guest may still withdraw from the whole order with its number and e-mail,
 * as the law wants it easy; the acknowledgement goes to the order's e-mail either way.
 */
import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Context, Next } from 'koa';
import { CSRF_FIELD } from '../../auth/csrf.js';
import { LoginThrottle } from '../../auth/login-throttle.js';
import { respondWithPage, shopTranslator } from '../../site/page-chrome.js';
import { renderToString } from '../../html/render-html.js';
import { readableDate, readableDateTime } from '../../i18n/readable-date.js';
import type { Order, WithdrawalRequest } from '../../store/schema.js';
import { textField, type FieldErrors } from '../form-fields.js';
import { formFields, formToken, type ShopDependencies } from '../shop-dependencies.js';
import { chosenItems, orderToWithdrawFrom, recordWithdrawal, WithdrawalInputError } from './withdrawal-service.js';
import { lineItemId } from '../line-item.js';
import { isOrderKey, orderKey } from '../orders/order-access.js';
import { minutesToWait } from '../../http/wait-words.js';

async function page(ctx: Context, deps: ShopDependencies, body: unknown, status = 200) {
  const title = shopTranslator(deps.store).t('withdrawal.title');
  await respondWithPage(ctx, deps, { title, bodyHtml: await renderToString(body) }, status);
  ctx.set('Cache-Control', 'private, no-store');
}

function identifyStep(
  ctx: Context,
  deps: ShopDependencies,
  values: { order: string; email: string },
  errors: FieldErrors,
  ownOrders: Order[],
) {
  const signedIn = Boolean(ctx.state.session);
  const { t } = shopTranslator(deps.store);
  const { locale, timezone } = deps.store.site.data.settings.general;
  const placedOn = (order: Order) => readableDate(order.created_at, { locale, timeZone: timezone });
  return html`<p>${t('withdrawal.intro')}</p>
    <form method="post" action="/withdraw" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${formToken(ctx, deps)} />
      <input type="hidden" name="step" value="items" />
      ${
        signedIn && ownOrders.length
          ? html`<div class="form-field"><label for="order">${t('withdrawal.yourOrder')}</label>
            <select id="order" name="order" aria-describedby=${errors.order ? 'order-error' : nothing} ?autofocus=${Boolean(errors.order)}>
              ${ownOrders.map((order) => html`<option value=${order.number} ?selected=${order.number === values.order}>${order.number}, ${placedOn(order)}</option>`)}
            </select>
            ${errors.order ? html`<p class="field-error" id="order-error">${errors.order}</p>` : nothing}</div>`
          : html`${textField({ name: 'order', label: t('withdrawal.orderNumber'), value: values.order, errors, required: true, autofocus: Boolean(errors.order), hint: t('withdrawal.orderNumberHint') })}
            ${textField({ name: 'email', label: t('withdrawal.orderEmail'), type: 'email', autocomplete: 'email', value: values.email, errors, required: true })}`
      }
      <button type="submit" class="button button--primary">${t('withdrawal.continue')}</button>
    </form>`;
}

/** The order's number, e-mail and (from a link) key, carried from step to step. */
function orderFields(ctx: Context, deps: ShopDependencies, order: Order, email: string, key: string, step: string) {
  return html`<input type="hidden" name=${CSRF_FIELD} value=${formToken(ctx, deps)} />
    <input type="hidden" name="step" value=${step} />
    <input type="hidden" name="order" value=${order.number} /><input type="hidden" name="email" value=${email} />
    ${key ? html`<input type="hidden" name="key" value=${key} />` : nothing}`;
}

/** For a guest without the link: the whole order, or a link to the order's e-mail to choose items. */
function wholeOrderStep(
  ctx: Context,
  deps: ShopDependencies,
  order: Order,
  email: string,
  errors: FieldErrors,
  reason = '',
) {
  const { t } = shopTranslator(deps.store);
  return html`<p>${t('withdrawal.wholeOrderIntro', { number: order.number })}</p>
    <form method="post" action="/withdraw" novalidate>
      ${orderFields(ctx, deps, order, email, '', 'review')}
      ${textField({ name: 'reason', label: t('withdrawal.reason'), value: reason, errors, multiline: true })}
      <button type="submit" class="button button--primary">${t('withdrawal.wholeOrder')}</button>
    </form>
    <form method="post" action="/withdraw">
      ${orderFields(ctx, deps, order, email, '', 'link')}
      <button type="submit" class="button">${t('withdrawal.emailLink')}</button>
    </form>`;
}

/** @param chosen the items ticked when the form is shown again (what was sent); null, first shown: every item */
function itemsStep(
  ctx: Context,
  deps: ShopDependencies,
  order: Order,
  email: string,
  key: string,
  errors: FieldErrors,
  reason = '',
  chosen: ReadonlySet<number> | null = null,
) {
  const { t } = shopTranslator(deps.store);
  return html`<form method="post" action="/withdraw" novalidate>
    ${orderFields(ctx, deps, order, email, key, 'review')}
    <fieldset aria-describedby=${errors.items ? 'items-error' : nothing}>
      <legend>${t('withdrawal.itemsLegend', { number: order.number })}</legend>
      ${order.lines.map(
        (
          line,
          index,
        ) => html`<div><input type="checkbox" id="item_${lineItemId(line)}" name="item_${lineItemId(line)}" value="1" ?checked=${chosen?.has(lineItemId(line)) ?? true} ?autofocus=${index === 0 && Boolean(errors.items)} />
          <label for="item_${lineItemId(line)}">${line.quantity} × ${line.title}</label></div>`,
      )}
      ${errors.items ? html`<p class="field-error" id="items-error">${errors.items}</p>` : nothing}
    </fieldset>
    ${textField({ name: 'reason', label: t('withdrawal.reason'), value: reason, errors, multiline: true })}
    <button type="submit" class="button button--primary">${t('withdrawal.review')}</button>
  </form>`;
}

/** `items` null: the whole order, for a guest who may not see its items. */
function reviewStep(
  ctx: Context,
  deps: ShopDependencies,
  order: Order,
  email: string,
  key: string,
  items: WithdrawalRequest['items'] | null,
  reason: string,
) {
  const { t } = shopTranslator(deps.store);
  return html`<p>${t('withdrawal.checkAndConfirm')}</p>
    <dl class="withdrawal-review"><dt>${t('withdrawal.order')}</dt><dd>${order.number}</dd>
      <dt>${t('withdrawal.items')}</dt><dd>${items ? html`<ul>${items.map((item) => html`<li>${item.quantity} × ${item.title}</li>`)}</ul>` : t('withdrawal.allItems')}</dd>
      <dt>${t('withdrawal.reasonLabel')}</dt><dd>${reason || t('withdrawal.noReason')}</dd></dl>
    <form method="post" action="/withdraw">
      ${orderFields(ctx, deps, order, email, key, 'confirm')}
      ${(items ?? []).map((item) => html`<input type="hidden" name="item_${lineItemId(item)}" value="1" />`)}
      <input type="hidden" name="reason" value=${reason} />
      <button type="submit" class="button button--primary">${t('withdrawal.confirm')}</button>
    </form>`;
}

/** Whether this visitor may see the order's items: its signed-in owner, or the holder of the link with its key. */
function seesItems(ctx: Context, deps: ShopDependencies, order: Order, key: string): boolean {
  const user = ctx.state.session?.user;
  return Boolean(user && order.user_id === user.id) || isOrderKey(deps.store.site.data.secret, order.number, key);
}

async function sendItemsLink(
  ctx: Context,
  deps: ShopDependencies,
  linkThrottle: LoginThrottle,
  order: Order,
  email: string,
): Promise<void> {
  const { t } = shopTranslator(deps.store);
  const wait = await linkThrottle.secondsToWait(ctx.ip, order.number);
  if (wait > 0) {
    ctx.set('Retry-After', String(wait));
    return page(
      ctx,
      deps,
      html`<p class="notice notice--error" role="alert">${t('withdrawal.linkThrottled', { count: minutesToWait(wait) })}</p>${wholeOrderStep(ctx, deps, order, email, {})}`,
      429,
    );
  }
  await linkThrottle.recordFailure(ctx.ip, order.number);
  const path = `/withdraw?order=${encodeURIComponent(order.number)}&key=${orderKey(deps.store.site.data.secret, order.number)}`;
  await deps.store.outbox.enqueue(deps.mail.withdrawalLink(order, path));
  await page(
    ctx,
    deps,
    html`<p class="notice" role="status">${t('withdrawal.linkSent', { number: order.number })}</p>`,
  );
}

async function advance(ctx: Context, deps: ShopDependencies, linkThrottle: LoginThrottle): Promise<void> {
  const fields = await formFields(ctx);
  const values = { order: (fields.order ?? '').trim(), email: (fields.email ?? '').trim() };
  const user = ctx.state.session?.user ?? null;
  const ownOrders = user ? await deps.store.orders.listByUser(user.id) : [];
  const refusal = await deps.guard.check(ctx, fields);
  const translator = shopTranslator(deps.store);
  if (refusal)
    return page(
      ctx,
      deps,
      html`<p class="notice notice--error" role="alert">${translator.say(refusal.said)}</p>${identifyStep(ctx, deps, values, {}, ownOrders)}`,
      refusal.status,
    );
  let order: Order;
  try {
    order = await orderToWithdrawFrom(deps.store, values.order, values.email, user);
  } catch (error) {
    if (!(error instanceof WithdrawalInputError)) throw error;
    return page(ctx, deps, identifyStep(ctx, deps, values, { order: translator.say(error.said) }, ownOrders), 400);
  }
  const reason = (fields.reason ?? '').trim().slice(0, 2000);
  const key = (fields.key ?? '').slice(0, 64);
  const itemsShown = seesItems(ctx, deps, order, key);
  if (fields.step === 'items') {
    return page(
      ctx,
      deps,
      itemsShown
        ? itemsStep(ctx, deps, order, values.email, key, {})
        : wholeOrderStep(ctx, deps, order, values.email, {}),
    );
  }
  if (fields.step === 'link') return sendItemsLink(ctx, deps, linkThrottle, order, values.email);
  let items: WithdrawalRequest['items'];
  if (itemsShown) {
    const productIds = Object.keys(fields).flatMap((name) =>
      /^item_\d{1,9}$/.test(name) && fields[name] === '1' ? [Number(name.slice(5))] : [],
    );
    if (productIds.length === 0)
      return page(
        ctx,
        deps,
        itemsStep(
          ctx,
          deps,
          order,
          values.email,
          key,
          { items: translator.t('withdrawal.chooseItem') },
          reason,
          new Set(productIds),
        ),
        400,
      );
    items = chosenItems(order, productIds);
  } else {
    items = chosenItems(order, []);
  }
  if (fields.step !== 'confirm')
    return page(ctx, deps, reviewStep(ctx, deps, order, values.email, key, itemsShown ? items : null, reason));
  const withdrawal = await recordWithdrawal(
    deps.store,
    order,
    items,
    reason,
    user,
    deps.mail.withdrawalReceived(order),
  );
  const { locale, timezone } = deps.store.site.data.settings.general;
  const when = readableDateTime(withdrawal.received_at, { locale, timeZone: timezone }, translator);
  await page(
    ctx,
    deps,
    html`<p class="notice" role="status">${translator.t('withdrawal.received', { number: order.number, when, reference: withdrawal.reference })}</p>
      <p>${translator.t('withdrawal.confirmationSent', { email: order.email })}</p>`,
  );
}

/** The withdrawal page opened from the link with the order's key: its items at once. */
async function itemsFromLink(ctx: Context, deps: ShopDependencies, number: string, key: string): Promise<boolean> {
  const found = await deps.store.orders.findByNumber(number);
  if (!found || !isOrderKey(deps.store.site.data.secret, found.number, key)) return false;
  let order: Order;
  try {
    // The items not withdrawn from yet.
    order = await orderToWithdrawFrom(deps.store, found.number, found.email, null);
  } catch (error) {
    if (!(error instanceof WithdrawalInputError)) throw error;
    const said = shopTranslator(deps.store).say(error.said);
    await page(ctx, deps, html`<p class="notice notice--error" role="alert">${said}</p>`, 400);
    return true;
  }
  await page(ctx, deps, itemsStep(ctx, deps, order, order.email, key, {}));
  return true;
}

export function withdrawalRoutes(deps: ShopDependencies): Router {
  // Links to an order's items sent per order and address: enough to ask again, not to flood a customer's inbox.
  const linkThrottle = new LoginThrottle(deps.store, 'withdrawal_link');
  // With the function off there is no such page: the request goes on to the 404 page.
  const whenEnabled = (handler: (ctx: Context) => Promise<void>) => (ctx: Context, next: Next) =>
    deps.store.site.data.settings.compliance.withdrawal_enabled ? handler(ctx) : next();
  return new Router()
    .get(
      '/withdraw',
      whenEnabled(async (ctx) => {
        const number = typeof ctx.query.order === 'string' ? ctx.query.order.slice(0, 40) : '';
        if (typeof ctx.query.key === 'string' && (await itemsFromLink(ctx, deps, number, ctx.query.key.slice(0, 64))))
          return;
        const user = ctx.state.session?.user ?? null;
        const ownOrders = user ? await deps.store.orders.listByUser(user.id) : [];
        await page(ctx, deps, identifyStep(ctx, deps, { order: number, email: '' }, {}, ownOrders));
      }),
    )
    .post(
      '/withdraw',
      whenEnabled((ctx) => advance(ctx, deps, linkThrottle)),
    );
}
