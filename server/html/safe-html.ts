/**
 * HTML built as a string by a tagged template, for markup rebuilt on every request (the filter widget's fragments):
 * every interpolated value is escaped (text and quoted attribute values alike, see escapeHtml), arrays are joined,
 * `SafeHtml` (another `safeHtml` result, or `rawHtml` of markup built with the escape module) passes as it is, and
 * null, undefined and false print nothing. It does what Lit SSR's server-only templates do for such markup, without
 * their cost per part, which was most of a `/filter` answer's time when measured.
 *
 * Attribute values must be quoted in the template (`href="${url}"`); a boolean attribute is written as text
 * (`${checked ? ' checked' : ''}`).
 */
import { escapeHtml } from '../../client/html/escape.js';

export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

function print(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(print).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** @example safeHtml`<a href="${url}">${title}</a>` */
export function safeHtml(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let markup = strings[0]!;
  for (let index = 0; index < values.length; index++) markup += print(values[index]) + strings[index + 1]!;
  return new SafeHtml(markup);
}

/** Markup that is already safe: built by the server with every text escaped. */
export function rawHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

export const EMPTY_HTML = new SafeHtml('');
