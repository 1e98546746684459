/**
 * The legal checkboxes of a storefront form: which ones a form shows, how each is rendered (linked to its legal page),
 * and what a submission of them means (which were required but left unticked, and the consent records to keep).
 *
 * A checkbox that refers to a legal page is shown only while that page is published: shoppers are never asked to
 * accept a page they cannot read, and the consent records (one per box shown) never name one. A box that refers to no
 * legal page (say, a newsletter consent) is shown whenever it is enabled.
 *
 * A label may mark the words to link with `{link}…{/link}`, e.g. `I accept the {link}Terms and Conditions{/link}.`;
 * without the marker, the page's title follows the label as a link. The text shown (markers removed) is what the
 * consent record keeps, with its SHA-256, so that exactly what the customer agreed to can be proven later.
 */
import type { Translate } from '../../i18n/translator.js';
import { createHash } from 'node:crypto';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Checkbox, CheckboxLocation, ConsentRecord, Page, SiteData } from '../../store/schema.js';
import { anonymiseIp } from './anonymise-ip.js';
import { checkboxLegalPage } from './checkbox-legal-page.js';

const LINK = /\{link\}([\s\S]*?)\{\/link\}/;

export interface ShownCheckbox {
  checkbox: Checkbox;
  /** The label as the customer reads it, markers removed. */
  text: string;
  /** The published legal page it links to; null for a box that refers to no legal page. */
  page: Page | null;
}

/**
 * The enabled checkboxes of `location`, in position order, as a form shows them: those whose legal page is missing or
 * not published are left out (see above).
 */
export function checkboxesFor(
  site: Pick<SiteData, 'checkboxes' | 'pages'>,
  location: CheckboxLocation,
): ShownCheckbox[] {
  return site.checkboxes
    .filter((checkbox) => checkbox.enabled && checkbox.location === location)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .flatMap((checkbox) => {
      const linked = checkboxLegalPage(site, checkbox);
      if (linked && linked.state !== 'published') return [];
      return [{ checkbox, page: linked ? linked.page : null, text: checkbox.label.replace(LINK, '$1') }];
    });
}

export const checkboxFieldName = (checkbox: Checkbox) => `legal_${checkbox.id}`;
export const checkboxErrorId = (checkbox: Checkbox) => `legal_${checkbox.id}-error`;

function labelTemplate({ checkbox, page }: ShownCheckbox) {
  const marked = LINK.exec(checkbox.label);
  if (page && marked) {
    const before = checkbox.label.slice(0, marked.index);
    const after = checkbox.label.slice(marked.index + marked[0].length);
    return html`${before}<a href="/${page.slug}" target="_blank">${marked[1]}</a>${after}`;
  }
  const text = checkbox.label.replace(LINK, '$1');
  return page ? html`${text} (<a href="/${page.slug}" target="_blank">${page.title}</a>)` : html`${text}`;
}

/**
 * The checkboxes as one group: a fieldset with a legend, each box with its label, `required` where it is, and its
 * error (if any) tied to it with aria-describedby.
 * @param ticked ids ticked in the submission being shown again
 * @param errors checkbox id -> message
 */
export function legalCheckboxesTemplate(
  shown: readonly ShownCheckbox[],
  ticked: ReadonlySet<number>,
  errors: ReadonlyMap<number, string>,
  t: Translate,
  /** Put the focus on the first checkbox in error (when no field above it is in error). */
  focusFirstError = false,
) {
  if (shown.length === 0) return nothing;
  const firstError = focusFirstError ? shown.find((entry) => errors.has(entry.checkbox.id))?.checkbox.id : undefined;
  return html`<fieldset class="legal-checkboxes">
    <legend>${t('form.consents')}</legend>
    ${shown.map((entry) => {
      const { checkbox } = entry;
      const error = errors.get(checkbox.id);
      return html`<div class="legal-checkbox ${error ? 'has-error' : ''}">
        <input type="checkbox" id=${checkboxFieldName(checkbox)} name=${checkboxFieldName(checkbox)} value="1"
          ?checked=${ticked.has(checkbox.id)} ?required=${checkbox.required} ?autofocus=${checkbox.id === firstError}
          aria-invalid=${error ? 'true' : nothing} aria-describedby=${error ? checkboxErrorId(checkbox) : nothing} />
        <label for=${checkboxFieldName(checkbox)}>${labelTemplate(entry)}${checkbox.required ? html` <span class="required" aria-hidden="true">*</span>` : nothing}</label>
        ${error ? html`<p class="field-error" id=${checkboxErrorId(checkbox)}>${error}</p>` : nothing}
      </div>`;
    })}
    <input type="hidden" name="legal_shown" value=${shown.map((entry) => entry.checkbox.id).join(',')} />
  </fieldset>`;
}

export interface CheckboxAnswers {
  /** Ids the customer ticked, among those shown. */
  ticked: Set<number>;
  /** Required checkboxes left unticked: id -> message. */
  errors: Map<number, string>;
}

/** Reads the ticks of a submitted form against the checkboxes it shows now. */
export function readCheckboxAnswers(
  shown: readonly ShownCheckbox[],
  fields: Record<string, string | undefined>,
  t: Translate,
): CheckboxAnswers {
  const ticked = new Set<number>();
  const errors = new Map<number, string>();
  for (const { checkbox, text } of shown) {
    if (fields[checkboxFieldName(checkbox)] === '1') ticked.add(checkbox.id);
    else if (checkbox.required) errors.set(checkbox.id, t('form.tickToContinue', { text }));
  }
  return { ticked, errors };
}

/** One consent record per checkbox shown, as evidence (the IP address is shortened before it is kept). */
export function consentRecordsFor(
  shown: readonly ShownCheckbox[],
  ticked: ReadonlySet<number>,
  location: CheckboxLocation,
  ip: string,
  time = new Date().toISOString(),
): ConsentRecord[] {
  return shown.map(({ checkbox, text, page }) => ({
    checkbox_id: checkbox.id,
    label: text,
    label_hash: createHash('sha256').update(text).digest('hex'),
    location,
    accepted: ticked.has(checkbox.id),
    time,
    legal_page_id: page ? page.id : 0,
    legal_page_modified_at: page ? page.modified_at : null,
    ip: anonymiseIp(ip),
  }));
}
