/**
 * A message named but not yet written in a language: what a service answers or throws for a shopper to read, so that
 * the page or the e-mail writes it in its reader's language (`translator.say(ref)`), and logs and APIs in English.
 */
import type { MessageValues } from './translator.js';

export interface MessageRef {
  key: string;
  values?: MessageValues;
}

export const messageRef = (key: string, values?: MessageValues): MessageRef => (values ? { key, values } : { key });
