import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Context } from 'koa';
import { PASSWORD_MIN_LENGTH } from '../../client/api/users.js';
import { CSRF_FIELD } from '../auth/csrf.js';
import { safeRedirectTarget } from '../accounts/login-routes.js';
import { LOGIN_PATTERN } from '../auth/users.js';
import {
  checkboxesFor,
  consentRecordsFor,
  legalCheckboxesTemplate,
  readCheckboxAnswers,
} from '../compliance/checkboxes/legal-checkboxes.js';
import { respondWithPage, shopTranslator } from '../site/page-chrome.js';
import { renderToString } from '../html/render-html.js';
import { errorSummary, textField, type FieldErrors, type FormState } from './form-fields.js';
import { REGISTRATION_LINK_HOURS } from '../mail/messages/registration-messages.js';
import { requestRegistration } from './registration.js';
import { formFields, formToken, type ShopDependencies } from './shop-dependencies.js';

/** The form's fields, each with the catalogue key of its label. */
const FIELDS = { display_name: 'account.name', email: 'account.email', password: 'account.password' } as const;

type RegisterState = FormState<Record<string, string>>;

async function showRegister(ctx: Context, deps: ShopDependencies, state: RegisterState, status = 200) {
  const firstError = Object.keys(state.errors)[0];
  const { t } = shopTranslator(deps.store);
  const labels = { display_name: t(FIELDS.display_name), email: t(FIELDS.email), password: t(FIELDS.password) };
  const field = (name: keyof typeof FIELDS, type: 'text' | 'email' | 'password', autocomplete: string) =>
    textField({
      name,
      label: labels[name],
      type,
      autocomplete,
      value: type === 'password' ? '' : state.values[name],
      errors: state.errors,
      required: true,
      autofocus: firstError === name,
    });
  const form = html`
    ${state.error ? html`<p class="notice notice--error" role="alert">${state.error}</p>` : nothing}
    ${errorSummary(state.errors, labels, t, state.checkboxErrors)}
    <form method="post" action="/register" class="register-form" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${formToken(ctx, deps)} />
      <input type="hidden" name="redirect_to" value=${state.values.redirect_to ?? '/account'} />
      ${field('display_name', 'text', 'name')} ${field('email', 'email', 'email')} ${field('password', 'password', 'new-password')}
      ${legalCheckboxesTemplate(checkboxesFor(deps.store.site.data, 'registration'), state.ticked, state.checkboxErrors, t, firstError === undefined)}
      <button type="submit" class="button button--primary">${t('account.create')}</button>
    </form>
    <p>${t('account.haveAccount')} <a href="/login">${t('account.logIn')}</a></p>`;
  await respondWithPage(ctx, deps, { title: t('account.registerTitle'), bodyHtml: await renderToString(form) }, status);
}

async function register(ctx: Context, deps: ShopDependencies): Promise<void> {
  const fields = await formFields(ctx);
  const values = {
    display_name: (fields.display_name ?? '').trim().slice(0, 100),
    email: (fields.email ?? '').trim().slice(0, 200),
    redirect_to: safeRedirectTarget(fields.redirect_to),
  };
  const shown = checkboxesFor(deps.store.site.data, 'registration');
  const { t, say } = shopTranslator(deps.store);
  const answers = readCheckboxAnswers(shown, fields, t);
  const refusal = await deps.guard.check(ctx, fields);
  if (refusal)
    return showRegister(
      ctx,
      deps,
      { values, errors: {}, ticked: answers.ticked, checkboxErrors: new Map(), error: say(refusal.said) },
      refusal.status,
    );
  const errors: FieldErrors = {};
  if (!values.display_name) errors.display_name = t('account.enterName');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) errors.email = t('account.invalidEmail');
  else if (!LOGIN_PATTERN.test(values.email.toLowerCase())) errors.email = t('account.emailCharacters');
  if ((fields.password ?? '').length < PASSWORD_MIN_LENGTH)
    errors.password = t('account.shortPassword', { count: PASSWORD_MIN_LENGTH });
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
  const answer = html`<p class="notice" role="status">${t('account.linkSent', { email: values.email, count: REGISTRATION_LINK_HOURS })}</p>
    <p>${t('account.nothingArrived')} <a href="/register">${t('account.registerAgain')}</a></p>`;
  await respondWithPage(ctx, deps, { title: t('account.checkEmail'), bodyHtml: await renderToString(answer) });
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
    .post('/register', (ctx) => register(ctx, deps));
}
