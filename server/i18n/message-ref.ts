/**
 * A message named but not yet written in a language: what a service answers or throws for a shopper to read, so that
 * the page or the e-mail writes it in its reader's language (`translator.say(ref)`), and logs and APIs in English.
 */
/** Values put into a message's placeholders; `count` also chooses a plural message's form. */
export type MessageValues = Record<string, string | number>;

export interface MessageRef {
  key: string;
  values?: MessageValues;
}

export const messageRef = (key: string, values?: MessageValues): MessageRef => (values ? { key, values } : { key });
