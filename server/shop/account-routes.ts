/**
 * `/register` (a customer account, with the registration checkboxes) and `/account` (the customer's orders, each with
 * the withdrawal link). Registering e-mails a link that creates the account (registration.ts), and the page answers
 * the same whether the address has an account or not; the link signs the new customer in and keeps their cart.
 */
import { productDisplay } from '../catalog/product-display.js';
import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Context } from 'koa';
import { PASSWORD_MIN_LENGTH } from '../../client/api/users.js';
import { CSRF_FIELD } from '../auth/csrf.js';
import { safeRedirectTarget } from '../accounts/login-routes.js';
import { LOGIN_PATTERN } from '../auth/users.js';
import { formatMoney } from '../catalog/price-format.js';
import {
  checkboxesFor,
  consentRecordsFor,
  legalCheckboxesTemplate,
  readCheckboxAnswers,
} from '../compliance/checkboxes/legal-checkboxes.js';
import { shopLocalTime } from '../compliance/shop-context.js';
import { respondWithPage } from '../site/page-chrome.js';
import { renderToString } from '../html/render-html.js';
import { errorSummary, textField, type FieldErrors, type FormState } from './form-fields.js';
import { REGISTRATION_LINK_HOURS } from '../mail/messages/registration-messages.js';
import { requestRegistration } from './registration.js';
import { formFields, formToken, type ShopDependencies } from './shop-dependencies.js';

const LABELS = { display_name: 'Your name', email: 'E-mail', password: 'Password' };

type RegisterState = FormState<Record<string, string>>;

async function showRegister(ctx: Context, deps: ShopDependencies, state: RegisterState, status = 200) {
  const firstError = Object.keys(state.errors)[0];
  const field = (name: keyof typeof LABELS, type: 'text' | 'email' | 'password', autocomplete: string) =>
    textField({
      name,
      label: LABELS[name],
      type,
      autocomplete,
      value: type === 'password' ? '' : state.values[name],
      errors: state.errors,
      required: true,
      autofocus: firstError === name,
    });
  const form = html`
    ${state.error ? html`<p class="notice notice--error" role="alert">${state.error}</p>` : nothing}
    ${errorSummary(state.errors, LABELS, state.checkboxErrors)}
    <form method="post" action="/register" class="register-form" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${formToken(ctx, deps)} />
      <input type="hidden" name="redirect_to" value=${state.values.redirect_to ?? '/account'} />
      ${field('display_name', 'text', 'name')} ${field('email', 'email', 'email')} ${field('password', 'password', 'new-password')}
      ${legalCheckboxesTemplate(checkboxesFor(deps.store.site.data, 'registration'), state.ticked, state.checkboxErrors, firstError === undefined)}
      <button type="submit" class="button button--primary">Create account</button>
    </form>
    <p>Already have an account? <a href="/login">Log in</a>.</p>`;
  await respondWithPage(ctx, deps, { title: 'Create an account', bodyHtml: await renderToString(form) }, status);
}

async function register(ctx: Context, deps: ShopDependencies): Promise<void> {
  const fields = await formFields(ctx);
  const values = {
    display_name: (fields.display_name ?? '').trim().slice(0, 100),
    email: (fields.email ?? '').trim().slice(0, 200),
    redirect_to: safeRedirectTarget(fields.redirect_to),
  };
  const shown = checkboxesFor(deps.store.site.data, 'registration');
  const answers = readCheckboxAnswers(shown, fields);
  const refusal = await deps.guard.check(ctx, fields);
  if (refusal)
    return showRegister(
      ctx,
      deps,
      { values, errors: {}, ticked: answers.ticked, checkboxErrors: new Map(), error: refusal.message },
      refusal.status,
    );
  const errors: FieldErrors = {};
  if (!values.display_name) errors.display_name = 'Enter your name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
    errors.email = 'Enter an e-mail address, like name@example.com.';
  else if (!LOGIN_PATTERN.test(values.email.toLowerCase()))
    errors.email = 'Use an e-mail address of letters, digits and . _ - only (up to 60 characters).';
  if ((fields.password ?? '').length < PASSWORD_MIN_LENGTH)
    errors.password = `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (Object.keys(errors).length || answers.errors.size)
    return showRegister(ctx, deps, { values, errors, ticked: answers.ticked, checkboxErrors: answers.errors }, 400);
  await requestRegistration(deps.store, deps.mail, {
    display_name: values.display_name,
    email: values.email,
    password: fields.password ?? '',
    redirect_to: values.redirect_to,
    consent: consentRecordsFor(shown, answers.ticked, 'registration', ctx.ip),
  });
  // The same page whether the address has an account or not: its owner learns which from the e-mail.
  const answer = html`<p class="notice" role="status">We have sent a message to ${values.email}. Open the link in it to create your account;
      the link works for ${REGISTRATION_LINK_HOURS} hours.</p>
    <p>Nothing arrived after a few minutes? Check your spam folder, or <a href="/register">register again</a>.</p>`;
  await respondWithPage(ctx, deps, { title: 'Check your e-mail', bodyHtml: await renderToString(answer) });
}

async function showAccount(ctx: Context, deps: ShopDependencies): Promise<void> {
  const user = ctx.state.session?.user;
  if (!user) {
    ctx.status = 303;
    ctx.redirect('/login?redirect_to=%2Faccount');
    return;
  }
  const orders = await deps.store.orders.listByUser(user.id);
  const withdrawal = deps.store.site.data.settings.compliance.withdrawal_enabled;
  const shopMoney = productDisplay(deps.store);
  const body = html`<p>Signed in as ${user.display_name} (${user.email}).</p>
    <h2>Your orders</h2>
    ${
      orders.length === 0
        ? html`<p>You have no orders yet. <a href="/shop">Start shopping</a>.</p>`
        : html`<table class="account-orders">
          <caption class="visually-hidden">Your orders</caption>
          <thead><tr><th scope="col">Order</th><th scope="col">Date</th><th scope="col">Total</th>${withdrawal ? html`<th scope="col">Withdrawal</th>` : nothing}</tr></thead>
          <tbody>${orders.map(
            (order) => html`<tr>
              <th scope="row"><a href="/order-received/${encodeURIComponent(order.number)}">${order.number}</a></th>
              <td>${shopLocalTime(deps.store, order.created_at).replace('T', ' ')}</td>
              <td>${formatMoney(order.total, shopMoney)}</td>
              ${withdrawal ? html`<td><a href="/withdraw?order=${encodeURIComponent(order.number)}">Withdraw from contract here<span class="visually-hidden"> (order ${order.number})</span></a></td>` : nothing}
            </tr>`,
          )}</tbody>
        </table>`
    }`;
  await respondWithPage(ctx, deps, { title: 'Your account', bodyHtml: await renderToString(body) });
}

export function accountRoutes(deps: ShopDependencies): Router {
  return new Router()
    .get('/register', (ctx) =>
      showRegister(ctx, deps, {
        values: { redirect_to: safeRedirectTarget(ctx.query.redirect_to) },
        errors: {},
        ticked: new Set(),
        checkboxErrors: new Map(),
      }),
    )
    .post('/register', (ctx) => register(ctx, deps))
    .get('/account', (ctx) => showAccount(ctx, deps));
}
