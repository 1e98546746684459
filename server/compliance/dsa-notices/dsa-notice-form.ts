/**
 * The DSA notice form and its acknowledgement, as server-only Lit templates (every value escaped). The form works
 * without JavaScript: a plain POST, errors listed at the top and beside each field (tied with aria-describedby), and
 * everything typed shown again.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { CSRF_FIELD } from '../../auth/csrf.js';
import type { Translate } from '../../i18n/translator.js';
import type { DsaNotice } from '../../store/schema.js';
import { NOTICE_LIMITS, type NoticeErrors, type NoticeFields } from './dsa-notices.js';

export const NOTICE_PATH = '/report-content';

/** The catalogue keys of the fields' labels. */
const FIELD_LABELS: Record<keyof NoticeFields, string> = {
  url: 'dsaNotice.urlLabel',
  explanation: 'dsaNotice.explanationLabel',
  name: 'dsaNotice.nameLabel',
  email: 'dsaNotice.emailLabel',
  good_faith: 'dsaNotice.goodFaithLabel',
};

/** `aria-describedby` of a field: its hint when it has one, and its error when there is one. */
function describedBy(field: keyof NoticeFields, errors: NoticeErrors, hint = false): string | typeof nothing {
  const ids = [hint ? `notice-${field}-hint` : '', errors[field] ? `notice-${field}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : nothing;
}

function fieldError(field: keyof NoticeFields, errors: NoticeErrors) {
  return errors[field] ? html`<p class="field-error" id="notice-${field}-error">${errors[field]}</p>` : nothing;
}

function errorSummary(errors: NoticeErrors, t: Translate) {
  const fields = Object.keys(errors) as (keyof NoticeFields)[];
  if (fields.length === 0) return nothing;
  return html`<div class="notice error-summary" role="alert" tabindex="-1" id="notice-errors">
    <h2>${t('dsaNotice.notSent')}</h2>
    <ul>${fields.map((field) => html`<li><a href="#notice-${field}">${t(FIELD_LABELS[field])}: ${errors[field]}</a></li>`)}</ul>
  </div>`;
}

/**
 * @example await renderToString(noticeFormTemplate({ url: 'https://shop.example/product/x', … }, {}, token))
 */
export function noticeFormTemplate(
  fields: NoticeFields,
  errors: NoticeErrors,
  token: string,
  t: Translate,
  message?: string,
) {
  const invalid = (field: keyof NoticeFields) => (errors[field] ? 'true' : nothing);
  return html`${message ? html`<p class="notice" role="alert">${message}</p>` : nothing}
    ${errorSummary(errors, t)}
    <p>${t('dsaNotice.intro')}</p>
    <form class="notice-form" method="post" action=${NOTICE_PATH} novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${token} />
      <fieldset>
        <legend>${t('dsaNotice.contentLegend')}</legend>
        <label for="notice-url">${t(FIELD_LABELS.url)}</label>
        <p class="field-hint" id="notice-url-hint">${t('dsaNotice.urlHint')}</p>
        <input id="notice-url" name="url" type="url" required maxlength=${NOTICE_LIMITS.url} value=${fields.url}
          aria-invalid=${invalid('url')} aria-describedby=${describedBy('url', errors, true)} />
        ${fieldError('url', errors)}
        <label for="notice-explanation">${t(FIELD_LABELS.explanation)}</label>
        <p class="field-hint" id="notice-explanation-hint">${t('dsaNotice.explanationHint')}</p>
        <textarea id="notice-explanation" name="explanation" rows="6" required maxlength=${NOTICE_LIMITS.explanationMax}
          aria-invalid=${invalid('explanation')} aria-describedby=${describedBy('explanation', errors, true)}>${fields.explanation}</textarea>
        ${fieldError('explanation', errors)}
      </fieldset>
      <fieldset>
        <legend>${t('dsaNotice.aboutYou')}</legend>
        <label for="notice-name">${t(FIELD_LABELS.name)}</label>
        <input id="notice-name" name="name" autocomplete="name" required maxlength=${NOTICE_LIMITS.name} value=${fields.name}
          aria-invalid=${invalid('name')} aria-describedby=${describedBy('name', errors)} />
        ${fieldError('name', errors)}
        <label for="notice-email">${t(FIELD_LABELS.email)}</label>
        <input id="notice-email" name="email" type="email" autocomplete="email" required maxlength=${NOTICE_LIMITS.email} value=${fields.email}
          aria-invalid=${invalid('email')} aria-describedby=${describedBy('email', errors)} />
        ${fieldError('email', errors)}
      </fieldset>
      <fieldset>
        <legend>${t(FIELD_LABELS.good_faith)}</legend>
        <label class="checkbox-label"><input id="notice-good_faith" name="good_faith" type="checkbox" value="yes" required
          ?checked=${fields.good_faith} aria-invalid=${invalid('good_faith')} aria-describedby=${describedBy('good_faith', errors)} />
          ${t('dsaNotice.goodFaith')}</label>
        ${fieldError('good_faith', errors)}
      </fieldset>
      <button class="button" type="submit">${t('dsaNotice.send')}</button>
    </form>`;
}

export function noticeReceivedTemplate(notice: Pick<DsaNotice, 'reference' | 'email' | 'url'>, t: Translate) {
  return html`<div class="notice-received" role="status">
    <p>${t('dsaNotice.thanks')} <a href=${notice.url}>${notice.url}</a>.</p>
    <p>${t('dsaNotice.referenceIs')} <strong class="notice-reference">${notice.reference}</strong>.
      ${t('dsaNotice.quoteReference', { email: notice.email })}</p>
  </div>`;
}
