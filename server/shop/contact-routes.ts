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
import { respondWithPage } from '../site/page-chrome.js';
import { renderToString } from '../html/render-html.js';
import { errorSummary, textField, type FieldErrors, type FormState } from './form-fields.js';
import { formFields, formToken, type ShopDependencies } from './shop-dependencies.js';

const LABELS = { name: 'Your name', email: 'E-mail', subject: 'Subject', message: 'Message' };
type ContactField = keyof typeof LABELS;
const LIMITS: Record<ContactField, number> = { name: 100, email: 200, subject: 200, message: 5000 };

type ContactState = FormState<Record<ContactField, string>>;

async function showContact(ctx: Context, deps: ShopDependencies, state: ContactState, status = 200) {
  const firstError = Object.keys(state.errors)[0];
  const field = (name: ContactField, extra: { type?: 'email'; autocomplete?: string; multiline?: boolean } = {}) =>
    textField({
      name,
      label: LABELS[name],
      value: state.values[name],
      errors: state.errors,
      required: true,
      autofocus: firstError === name,
      ...extra,
    });
  const form = html`
    ${state.error ? html`<p class="notice notice--error" role="alert">${state.error}</p>` : nothing}
    ${errorSummary(state.errors, LABELS, state.checkboxErrors)}
    <form method="post" action="/contact" class="contact-form" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${formToken(ctx, deps)} />
      ${field('name', { autocomplete: 'name' })} ${field('email', { type: 'email', autocomplete: 'email' })}
      ${field('subject')} ${field('message', { multiline: true })}
      ${legalCheckboxesTemplate(checkboxesFor(deps.store.site.data, 'contact'), state.ticked, state.checkboxErrors, firstError === undefined)}
      <button type="submit" class="button button--primary">Send message</button>
    </form>`;
  await respondWithPage(ctx, deps, { title: 'Contact us', bodyHtml: await renderToString(form) }, status);
}

async function sendMessage(ctx: Context, deps: ShopDependencies): Promise<void> {
  const fields = await formFields(ctx);
  const values = Object.fromEntries(
    (Object.keys(LABELS) as ContactField[]).map((name) => [name, (fields[name] ?? '').trim()]),
  ) as Record<ContactField, string>;
  const shown = checkboxesFor(deps.store.site.data, 'contact');
  const answers = readCheckboxAnswers(shown, fields);
  const refusal = await deps.guard.check(ctx, fields);
  if (refusal)
    return showContact(
      ctx,
      deps,
      { values, errors: {}, ticked: answers.ticked, checkboxErrors: new Map(), error: refusal.message },
      refusal.status,
    );
  const errors: FieldErrors = {};
  for (const name of Object.keys(LABELS) as ContactField[]) {
    if (!values[name])
      errors[name] = `Enter ${name === 'email' ? 'your e-mail address' : `the ${LABELS[name].toLowerCase()}`}.`;
    else if (values[name].length > LIMITS[name])
      errors[name] =
        `Keep it under ${LIMITS[name].toLocaleString('en')} characters (now ${values[name].length.toLocaleString('en')}).`;
  }
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
    errors.email = 'Enter an e-mail address, like name@example.com.';
  if (Object.keys(errors).length || answers.errors.size)
    return showContact(ctx, deps, { values, errors, ticked: answers.ticked, checkboxErrors: answers.errors }, 400);
  const now = new Date().toISOString();
  await deps.store.messages.create(
    { ...values, user_id: ctx.state.session?.user.id ?? null, created_at: now },
    consentRecordsFor(shown, answers.ticked, 'contact', ctx.ip, now),
    deps.mail.contactReceived,
  );
  const thanks = html`<p class="notice" role="status">Thank you, ${values.name}. Your message has been sent; we will answer at ${values.email}.</p>`;
  await respondWithPage(ctx, deps, { title: 'Message sent', bodyHtml: await renderToString(thanks) });
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
