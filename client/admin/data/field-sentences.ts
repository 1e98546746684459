/**
 * A refused REST write in the manager's words. The server names each bad field in `data.params` with a reason written
 * for API clients (`omnibus_days must be an integer from 1 to 365.`); a form turns each into a sentence with the label
 * the screen shows and what to do ("Omnibus look-back in days must be a whole number from 1 to 365."). Each form keeps
 * its own words (labels and sentences by REST field) next to its field definitions; this module only applies them.
 * No I/O: tested in Node.
 */
import { __ } from '@wordpress/i18n';

/** How a form names one REST field, and what it says for the server's reasons about it. */
export interface FieldWords {
  /** The label the screen shows, e.g. `Sale price`. */
  label: string;
  /** The sentence for a reason (the server's own text); null or absent: the reason with labels put in. */
  sentence?: (reason: string) => string | null;
}

/** A form's words, by REST field (`sale_price`, `meta_data.delivery_time`). */
export type FormWords = Record<string, FieldWords>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label inside a sentence: lower case, but for an abbreviation such as SKU. */
export const labelInSentence = (label: string) =>
  label === label.toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1);

/**
 * The server's words with each field name in them replaced by its label, and a capital first letter.
 * @example withLabels('sale_price (9.00) must be lower than regular_price.', words) // 'Sale price (9.00) must be lower
 * than regular price.'
 */
export function withLabels(reason: string, words: FormWords): string {
  const names = Object.keys(words)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  if (names.length === 0) return reason;
  const pattern = new RegExp(`\\b(${names.join('|')})(?:_gmt)?\\b`, 'g');
  const text = reason.replace(pattern, (name) => {
    const field = name.replace(/_gmt$/, '');
    return Object.hasOwn(words, field) ? labelInSentence(words[field]!.label) : name;
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Each refused field's sentence, keyed by the field it is shown beside (`fieldOf` maps a REST param to it, e.g. a
 * date's `_gmt` twin to the date). A field the form has no words for keeps the server's reason, with labels put in.
 * @example fieldSentences({ password: 'password must be at least 8 characters long.' }, { password: { label: 'Password'
 * } })
 *   // { password: 'Password must be at least 8 characters long.' }
 */
export function fieldSentences(
  params: Record<string, string>,
  words: FormWords,
  fieldOf: (param: string) => string = (param) => param,
): Record<string, string> {
  const sentences: Record<string, string> = {};
  for (const [param, reason] of Object.entries(params)) {
    const field = fieldOf(param);
    const own = Object.hasOwn(words, field) ? words[field]!.sentence?.(reason) : null;
    if (!Object.hasOwn(sentences, field)) sentences[field] = own ?? withLabels(reason, words);
  }
  return sentences;
}

/** The notice above a refused form: what happened, and where to look. */
export function refusalSummary(fieldCount: number, message: string): string {
  if (fieldCount === 0) return `${__('Nothing was saved.')} ${message}`;
  return fieldCount === 1
    ? __('Nothing was saved: correct the field marked below.')
    : __('Nothing was saved: correct the fields marked below.');
}
