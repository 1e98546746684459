/**
 * A message as HTML where some of its values are HTML themselves (an amount in its spans, a link inside a sentence):
 * the message's own text is escaped, the HTML values go in as they are. The caller vouches for those values, as for
 * any trusted HTML.
 */
import { escapeHtml } from '../../client/html/escape.js';
import type { MessageValues, Translate } from './translator.js';

/** Stands in for an HTML value while the text around it is escaped; a private-use character no message contains. */
const slot = (index: number) => `\uE000${index}\uE000`;

export function messageHtml(
  t: Translate,
  key: string,
  htmlValues: Record<string, string>,
  values: MessageValues = {},
): string {
  const names = Object.keys(htmlValues);
  const text = t(key, { ...values, ...Object.fromEntries(names.map((name, index) => [name, slot(index)])) });
  return escapeHtml(text).replace(/\uE000(\d+)\uE000/g, (_, index: string) => htmlValues[names[Number(index)]!]!);
}
