/** Counting the words a reader sees in page content, which holds markup, block comments and entities. */

const COMMENTS = /<!--[\s\S]*?-->/g;
const SCRIPTS_AND_STYLES = /<(script|style)\b[\s\S]*?<\/\1\s*>/gi;
const TAGS = /<[^>]*>/g;
const ENTITIES = /&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/gi;
// A word: letters or digits, joined by inner apostrophes or hyphens (`don't`, `e-mail` are one word each).
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * @param content HTML, possibly with block comments and shortcodes
 * @example countWords('<!-- wp:paragraph --><p>Hello <b>world</b>&nbsp;again</p>') === 3
 */
export function countWords(content: string): number {
  const text = content
    .replace(COMMENTS, ' ')
    .replace(SCRIPTS_AND_STYLES, ' ')
    .replace(TAGS, ' ')
    .replace(ENTITIES, ' ');
  return text.match(WORD)?.length ?? 0;
}
