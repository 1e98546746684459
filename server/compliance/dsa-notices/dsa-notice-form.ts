/**
 * The DSA notice form and its acknowledgement, as server-only Lit templates (every value escaped). The form works
 * without JavaScript: a plain POST, errors listed at the top and beside each field (tied with aria-describedby), and
 * everything typed shown again.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { CSRF_FIELD } from '../../auth/csrf.js';
import type { DsaNotice } from '../../store/schema.js';
import { NOTICE_LIMITS, type NoticeErrors, type NoticeFields } from './dsa-notices.js';

export const NOTICE_PATH = '/report-content';

const FIELD_LABELS: Record<keyof NoticeFields, string> = {
  url: 'Exact address (URL) of the content',
  explanation: 'Why the content is illegal',
  name: 'Your name',
  email: 'Your e-mail address',
  good_faith: 'Good-faith statement',
};

/** `aria-describedby` of a field: its hint when it has one, and its error when there is one. */
function describedBy(field: keyof NoticeFields, errors: NoticeErrors, hint = false): string | typeof nothing {
  const ids = [hint ? `notice-${field}-hint` : '', errors[field] ? `notice-${field}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : nothing;
}

function fieldError(field: keyof NoticeFields, errors: NoticeErrors) {
  return errors[field] ? html`<p class="field-error" id="notice-${field}-error">${errors[field]}</p>` : nothing;
}

function errorSummary(errors: NoticeErrors) {
  const fields = Object.keys(errors) as (keyof NoticeFields)[];
  if (fields.length === 0) return nothing;
  return html`<div class="notice error-summary" role="alert" tabindex="-1" id="notice-errors">
    <h2>The notice was not sent</h2>
    <ul>${fields.map((field) => html`<li><a href="#notice-${field}">${FIELD_LABELS[field]}: ${errors[field]}</a></li>`)}</ul>
  </div>`;
}

/**
 * @example await renderToString(noticeFormTemplate({ url: 'https://shop.example/product/x', … }, {}, token))
 */
export function noticeFormTemplate(fields: NoticeFields, errors: NoticeErrors, token: string, message?: string) {
  const invalid = (field: keyof NoticeFields) => (errors[field] ? 'true' : nothing);
  return html`${message ? html`<p class="notice" role="alert">${message}</p>` : nothing}
    ${errorSummary(errors)}
    <p>Use this form to tell us about content on this shop that you consider illegal under EU or national law
      (Digital Services Act, Art. 16). We confirm receipt with a reference number and tell you our decision by e-mail.</p>
    <form class="notice-form" method="post" action=${NOTICE_PATH} novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${token} />
      <fieldset>
        <legend>The content</legend>
        <label for="notice-url">${FIELD_LABELS.url}</label>
        <p class="field-hint" id="notice-url-hint">Filled in from the page you came from; check that it is exact.</p>
        <input id="notice-url" name="url" type="url" required maxlength=${NOTICE_LIMITS.url} value=${fields.url}
          aria-invalid=${invalid('url')} aria-describedby=${describedBy('url', errors, true)} />
        ${fieldError('url', errors)}
        <label for="notice-explanation">${FIELD_LABELS.explanation}</label>
        <p class="field-hint" id="notice-explanation-hint">Say what is illegal and why, as precisely as you can.</p>
        <textarea id="notice-explanation" name="explanation" rows="6" required maxlength=${NOTICE_LIMITS.explanationMax}
          aria-invalid=${invalid('explanation')} aria-describedby=${describedBy('explanation', errors, true)}>${fields.explanation}</textarea>
        ${fieldError('explanation', errors)}
      </fieldset>
      <fieldset>
        <legend>About you</legend>
        <label for="notice-name">${FIELD_LABELS.name}</label>
        <input id="notice-name" name="name" autocomplete="name" required maxlength=${NOTICE_LIMITS.name} value=${fields.name}
          aria-invalid=${invalid('name')} aria-describedby=${describedBy('name', errors)} />
        ${fieldError('name', errors)}
        <label for="notice-email">${FIELD_LABELS.email}</label>
        <input id="notice-email" name="email" type="email" autocomplete="email" required maxlength=${NOTICE_LIMITS.email} value=${fields.email}
          aria-invalid=${invalid('email')} aria-describedby=${describedBy('email', errors)} />
        ${fieldError('email', errors)}
      </fieldset>
      <fieldset>
        <legend>${FIELD_LABELS.good_faith}</legend>
        <label class="checkbox-label"><input id="notice-good_faith" name="good_faith" type="checkbox" value="yes" required
          ?checked=${fields.good_faith} aria-invalid=${invalid('good_faith')} aria-describedby=${describedBy('good_faith', errors)} />
          I believe in good faith that the information and allegations in this notice are accurate and complete.</label>
        ${fieldError('good_faith', errors)}
      </fieldset>
      <button class="button" type="submit">Send notice</button>
    </form>`;
}

export function noticeReceivedTemplate(notice: Pick<DsaNotice, 'reference' | 'email' | 'url'>) {
  return html`<div class="notice-received" role="status">
    <p>Thank you. We have received your notice about <a href=${notice.url}>${notice.url}</a>.</p>
    <p>Your reference number is <strong class="notice-reference">${notice.reference}</strong>. Please quote it if you
      contact us about this notice. We will send our decision to ${notice.email}.</p>
  </div>`;
}
