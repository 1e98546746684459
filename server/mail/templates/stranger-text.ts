/**
 * Free text that whoever filled in a form wrote (a notice's explanation, a contact message, an order's note), as a mail
 * quotes it. Bounded, so that the shop's mail cannot carry a stranger's long text to an address the stranger chose:
 * the receipt shows enough to recognise what was sent, and the whole text stays in the admin.
 */

/** Characters of a stranger's text a mail quotes at most. */
export const QUOTED_TEXT_LIMIT = 300;

/** `text` cut to the limit at a word where one is near, with an ellipsis; shorter text as it is. */
export function boundedQuote(text: string, limit = QUOTED_TEXT_LIMIT): string {
  const characters = Array.from(text.trim());
  if (characters.length <= limit) return text.trim();
  const cut = characters.slice(0, limit).join('');
  const lastSpace = cut.search(/\s\S*$/);
  // Cut at the last word boundary unless that loses more than a fifth of what fits.
  const atWord = lastSpace > limit * 0.8 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.trimEnd()}…`;
}
