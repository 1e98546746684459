/**
 * The fields of the storefront's forms: a label for every input, and an error tied to its input with
 * aria-describedby, so a screen reader reads the message when the field gets focus. Values typed are shown again.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Translate } from '../i18n/translator.js';

export type FieldErrors = Record<string, string>;

/** A form as it is shown again after a submission: what was typed and ticked, and every problem found. */
export interface FormState<Values> {
  values: Values;
  errors: FieldErrors;
  /** Legal checkboxes ticked. */
  ticked: ReadonlySet<number>;
  /** Required legal checkboxes left unticked: id -> message. */
  checkboxErrors: ReadonlyMap<number, string>;
  /** A problem with the whole form (a refused post, a cart that changed). */
  error?: string;
}

export interface TextFieldOptions {
  name: string;
  label: string;
  value?: string;
  errors: FieldErrors;
  type?: 'text' | 'email' | 'tel' | 'password';
  autocomplete?: string;
  required?: boolean;
  /** For a textarea instead of a one-line input. */
  multiline?: boolean;
  hint?: string;
  /** The first field in error gets the focus when the form is shown again, with or without JavaScript. */
  autofocus?: boolean;
}

export const errorId = (name: string) => `${name}-error`;

const describedByOf = (options: Pick<TextFieldOptions, 'name' | 'errors' | 'hint'>) =>
  [options.errors[options.name] ? errorId(options.name) : '', options.hint ? `${options.name}-hint` : '']
    .filter(Boolean)
    .join(' ') || nothing;

/** The label, the control, its hint and its error: what every field of the shop's forms looks like. */
function fieldTemplate(
  options: Pick<TextFieldOptions, 'name' | 'label' | 'errors' | 'hint' | 'required'>,
  control: unknown,
) {
  const error = options.errors[options.name];
  return html`<div class="form-field ${error ? 'has-error' : ''}">
    <label for=${options.name}>${options.label}${options.required ? html` <span class="required" aria-hidden="true">*</span>` : nothing}</label>
    ${control}
    ${options.hint ? html`<p class="field-hint" id="${options.name}-hint">${options.hint}</p>` : nothing}
    ${error ? html`<p class="field-error" id=${errorId(options.name)}>${error}</p>` : nothing}
  </div>`;
}

export interface SelectFieldOptions extends Omit<TextFieldOptions, 'type' | 'multiline'> {
  choices: readonly { value: string; label: string }[];
}

/** A `<select>` with its label, hint and error, like {@link textField}'s. */
export function selectField(options: SelectFieldOptions) {
  const error = options.errors[options.name];
  return fieldTemplate(
    options,
    html`<select id=${options.name} name=${options.name} autocomplete=${options.autocomplete ?? nothing}
      ?required=${options.required} ?autofocus=${options.autofocus} aria-invalid=${error ? 'true' : nothing} aria-describedby=${describedByOf(options)}>
    ${options.choices.map((choice) => html`<option value=${choice.value} ?selected=${choice.value === options.value}>${choice.label}</option>`)}
  </select>`,
  );
}

export function textField(options: TextFieldOptions) {
  const error = options.errors[options.name];
  const describedBy = describedByOf(options);
  const control = options.multiline
    ? html`<textarea id=${options.name} name=${options.name} rows="6" ?required=${options.required} ?autofocus=${options.autofocus} aria-invalid=${error ? 'true' : nothing}
        aria-describedby=${describedBy}>${options.value ?? ''}</textarea>`
    : html`<input id=${options.name} name=${options.name} type=${options.type ?? 'text'} value=${options.value ?? ''}
        autocomplete=${options.autocomplete ?? nothing} ?required=${options.required} ?autofocus=${options.autofocus} aria-invalid=${error ? 'true' : nothing}
        aria-describedby=${describedBy} />`;
  return fieldTemplate(options, control);
}

/**
 * A summary at the top of a form that failed, linking to each field in error (WCAG's recommended pattern), the legal
 * checkboxes left unticked included.
 */
export function errorSummary(
  fieldErrors: FieldErrors,
  labels: Record<string, string>,
  t: Translate,
  checkboxErrors: ReadonlyMap<number, string> = new Map(),
) {
  const errors: FieldErrors = { ...fieldErrors };
  for (const [id, message] of checkboxErrors) errors[`legal_${id}`] = message;
  const consent = t('form.consent');
  labels = { ...labels, ...Object.fromEntries([...checkboxErrors.keys()].map((id) => [`legal_${id}`, consent])) };
  const names = Object.keys(errors);
  if (names.length === 0) return nothing;
  return html`<div class="error-summary" role="alert" tabindex="-1" id="form-errors">
    <p>${t('form.correctFields', { count: names.length })}</p>
    <ul>${names.map((name) => html`<li><a href="#${name}">${labels[name] ?? name}: ${errors[name]}</a></li>`)}</ul>
  </div>`;
}
