/** `/contact`: a message to the shop, with the contact checkboxes; managers read the messages through the API. */
import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Context } from 'koa';
import { CSRF_FIELD } from '../auth/csrf.js';
import {
  checkboxesFor,
  consentRecordsFor,
  legalCheckboxesTemplate,
  readCheckboxAnswers,
} from '../compliance/checkboxes/legal-checkboxes.js';
import { respondWithPage, shopTranslator } from '../site/page-chrome.js';
import { renderToString } from '../html/render-html.js';
import { errorSummary, textField, type FieldErrors, type FormState } from './form-fields.js';
import { formFields, formToken, type ShopDependencies } from './shop-dependencies.js';
import { storefrontLocale } from '../i18n/chosen-language.js';

/** The form's fields, each with the catalogue keys of its label and of the problem of leaving it empty. */
const FIELDS = {
  name: { label: 'contact.name', missing: 'contact.enterName' },
  email: { label: 'contact.email', missing: 'contact.enterEmail' },
  subject: { label: 'contact.subject', missing: 'contact.enterSubject' },
  message: { label: 'contact.message', missing: 'contact.enterMessage' },
} as const;
type ContactField = keyof typeof FIELDS;
const FIELD_NAMES = Object.keys(FIELDS) as ContactField[];
const LIMITS: Record<ContactField, number> = { name: 100, email: 200, subject: 200, message: 5000 };

type ContactState = FormState<Record<ContactField, string>>;

async function showContact(ctx: Context, deps: ShopDependencies, state: ContactState, status = 200) {
  const firstError = Object.keys(state.errors)[0];
  const { t } = shopTranslator(deps.store);
  const labels = Object.fromEntries(FIELD_NAMES.map((name) => [name, t(FIELDS[name].label)]));
  const field = (name: ContactField, extra: { type?: 'email'; autocomplete?: string; multiline?: boolean } = {}) =>
    textField({
      name,
      label: labels[name]!,
      value: state.values[name],
      errors: state.errors,
      required: true,
      autofocus: firstError === name,
      ...extra,
    });
  const form = html`
    ${state.error ? html`<p class="notice notice--error" role="alert">${state.error}</p>` : nothing}
    ${errorSummary(state.errors, labels, t, state.checkboxErrors)}
    <form method="post" action="/contact" class="contact-form" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${formToken(ctx, deps)} />
      ${field('name', { autocomplete: 'name' })} ${field('email', { type: 'email', autocomplete: 'email' })}
      ${field('subject')} ${field('message', { multiline: true })}
      ${legalCheckboxesTemplate(checkboxesFor(deps.store.site.data, 'contact'), state.ticked, state.checkboxErrors, t, firstError === undefined)}
      <button type="submit" class="button button--primary">${t('contact.send')}</button>
    </form>`;
  await respondWithPage(ctx, deps, { title: t('contact.title'), bodyHtml: await renderToString(form) }, status);
}

async function sendMessage(ctx: Context, deps: ShopDependencies): Promise<void> {
  const fields = await formFields(ctx);
  const values = Object.fromEntries(FIELD_NAMES.map((name) => [name, (fields[name] ?? '').trim()])) as Record<
    ContactField,
    string
  >;
  const translator = shopTranslator(deps.store);
  const { t } = translator;
  const shown = checkboxesFor(deps.store.site.data, 'contact');
  const answers = readCheckboxAnswers(shown, fields, t);
  const refusal = await deps.guard.check(ctx, fields);
  if (refusal)
    return showContact(
      ctx,
      deps,
      { values, errors: {}, ticked: answers.ticked, checkboxErrors: new Map(), error: translator.say(refusal.said) },
      refusal.status,
    );
  const errors: FieldErrors = {};
  const numbers = new Intl.NumberFormat(storefrontLocale(deps.store.site.data.settings.general.locale));
  for (const name of FIELD_NAMES) {
    if (!values[name]) errors[name] = t(FIELDS[name].missing);
    else if (values[name].length > LIMITS[name])
      errors[name] = t('contact.tooLong', {
        count: LIMITS[name],
        limit: numbers.format(LIMITS[name]),
        length: numbers.format(values[name].length),
      });
  }
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) errors.email = t('contact.invalidEmail');
  if (Object.keys(errors).length || answers.errors.size)
    return showContact(ctx, deps, { values, errors, ticked: answers.ticked, checkboxErrors: answers.errors }, 400);
  const now = new Date().toISOString();
  await deps.store.messages.create(
    { ...values, user_id: ctx.state.session?.user.id ?? null, created_at: now },
    consentRecordsFor(shown, answers.ticked, 'contact', ctx.ip, now),
    deps.mail.contactReceived,
  );
  const thanks = html`<p class="notice" role="status">${t('contact.thanks', { name: values.name, email: values.email })}</p>`;
  await respondWithPage(ctx, deps, { title: t('contact.sent'), bodyHtml: await renderToString(thanks) });
}

export function contactRoutes(deps: ShopDependencies): Router {
  const empty = { name: '', email: '', subject: '', message: '' };
  return new Router()
    .get('/contact', (ctx) => {
      const user = ctx.state.session?.user;
      return showContact(ctx, deps, {
        values: { ...empty, name: user?.display_name ?? '', email: user?.email ?? '' },
        errors: {},
        ticked: new Set(),
        checkboxErrors: new Map(),
      });
    })
    .post('/contact', (ctx) => sendMessage(ctx, deps));
}
