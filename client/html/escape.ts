/**
 * The one place where text becomes HTML outside Lit templates.
 *
 * Isomorphic and dependency-free on purpose: the server's page shell, the block wrappers in `blocks/` and any
 * string-built fragment import it, and nothing here may pull in Node or DOM APIs.
 */

const HTML_SPECIAL_CHARACTERS = /[&<>"']/g;
/** Not global: a global expression's test() would carry its position from one call to the next. */
const HAS_HTML_SPECIAL_CHARACTER = /[&<>"']/;

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for use between tags. Quotes are escaped too, so the same output is also safe inside a quoted
 * attribute: one function cannot be used in the wrong place.
 *
 * @param text Untrusted text.
 * @returns The text with `& < > " '` replaced by entities.
 * @example
 * escapeHtml('<b>Tom & "Jerry"</b>') === '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;'
 */
export function escapeHtml(text: string): string {
  // Most texts (names, slugs, numbers) hold none of them: one test, instead of a replace that calls back per match.
  return HAS_HTML_SPECIAL_CHARACTER.test(text)
    ? text.replace(HTML_SPECIAL_CHARACTERS, (character) => HTML_ENTITIES[character] ?? character)
    : text;
}

/**
 * Escapes a value for a double- or single-quoted HTML attribute. Callers must still quote the attribute:
 * an unquoted attribute value ends at whitespace, which no escaping of these characters prevents.
 *
 * @param value Untrusted attribute value.
 * @returns The value, safe between quotes.
 * @example
 * `<div class="${escapeAttribute('a" onclick="x')}">` === '<div class="a&quot; onclick=&quot;x">'
 */
export function escapeAttribute(value: string): string {
  return escapeHtml(value);
}
