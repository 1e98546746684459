/**
 * The WordPress shortcode grammar, found in text: which registered shortcodes occur where, with their attributes.
 *
 * The matching itself is `@wordpress/shortcode` (its `regexp()` is WordPress's `get_shortcode_regex()`, its `attrs()`
 * is `shortcode_parse_atts()`); this module only adds what `do_shortcode()` does around them on the PHP side and
 * the JavaScript package leaves out: all tags in one pattern, only tags that occur in the text, and `[[tag]]`
 * unescaped to `[tag]`. It never throws and never calls handlers; the registry does that.
 */
import { attrs as parseAttributeText, fromMatch, regexp as shortcodeRegExp } from '@wordpress/shortcode';

/** Parsed attributes of one shortcode, as WordPress hands them to a handler. */
export interface ShortcodeAttributes {
  /** `name="v"`, `name='v'` and `name=v`; names lower-cased; the last of duplicate names wins. */
  readonly named: Readonly<Record<string, string>>;
  /** Values without a name (`[gallery 1 "two words"]`), in order. */
  readonly positional: readonly string[];
}

/** One shortcode found in text. `start`/`end` delimit the text it replaces. */
export interface ShortcodeOccurrence {
  readonly start: number;
  readonly end: number;
  readonly tag: string;
  readonly attributes: ShortcodeAttributes;
  /** The text between `[tag]` and `[/tag]`, unparsed; `undefined` for `[tag]` and `[tag /]`. */
  readonly content: string | undefined;
  /**
   * `[[tag]]`: the author wants the shortcode shown, not run. Its replacement is {@link text} without the outer
   * brackets.
   */
  readonly escaped: boolean;
  /** The matched source text, including an unused extra bracket, e.g. `[[tag]` keeps its leading `[` here. */
  readonly text: string;
  /** A `[` before the shortcode that did not escape it (`[[tag]`): it must stay in the output. */
  readonly leadingBracket: string;
  /** A `]` after the shortcode that did not escape it (`[tag]]`): it must stay in the output. */
  readonly trailingBracket: string;
}

/**
 * Characters WordPress refuses in a shortcode name (`add_shortcode()`); also what ends a name in the text.
 * @internal
 */
const FORBIDDEN_NAME_CHARACTERS = '<>&/\\[\\]\\x00-\\x20=';
const VALID_TAG_NAME = new RegExp(`^[^${FORBIDDEN_NAME_CHARACTERS}]+$`);
/** Like `do_shortcode()`'s pre-scan: every `[name` candidate in the text. */
const TAG_NAME_CANDIDATE = new RegExp(`\\[([^${FORBIDDEN_NAME_CHARACTERS}]+)`, 'g');

/**
 * The package memoizes `attrs()` (which `fromMatch()` calls too) for every attribute text it ever saw, without a
 * bound: text from anywhere would grow the server's memory for good. Its cache is cleared after this many parses,
 * which keeps it small and still serves a page's repeated shortcodes.
 * @internal
 */
export const ATTRIBUTE_PARSES_PER_CACHE = 1000;
let attributeParsesSinceClear = 0;

function countAttributeParse(): void {
  attributeParsesSinceClear += 1;
  if (attributeParsesSinceClear < ATTRIBUTE_PARSES_PER_CACHE) return;
  parseAttributeText.clear();
  attributeParsesSinceClear = 0;
}

/**
 * Whether a shortcode name can be registered, by WordPress's rule in `add_shortcode()`.
 *
 * @param tag A shortcode name such as `facet`.
 * @example isValidShortcodeTag('facet') === true; isValidShortcodeTag('a b') === false
 */
export function isValidShortcodeTag(tag: string): boolean {
  return VALID_TAG_NAME.test(tag);
}

/**
 * Parses a shortcode attribute string the way WordPress does.
 *
 * @param attributeText The text between the tag name and `]`, e.g. ` per_page="12" columns=3`.
 * @example
 * parseShortcodeAttributes(`a="1" B='2' c=3 d=4 d=5 loose "quoted words"`)
 * // => {named: {a: '1', b: '2', c: '3', d: '5'}, positional: ['loose', 'quoted words']}
 */
export function parseShortcodeAttributes(attributeText: string): ShortcodeAttributes {
  countAttributeParse();
  return copyAttributes(parseAttributeText(attributeText));
}

/**
 * Finds the shortcodes of the given names in text, in one left-to-right pass, as `do_shortcode()` does: the pattern
 * holds every wanted name that occurs in the text, so text produced for one shortcode can never be matched again.
 *
 * @param text Any text; content that is not one of `tags` is never reported.
 * @param tags The registered names.
 * @returns Occurrences in text order, non-overlapping. Enclosing shortcodes' content is not searched.
 * @example
 * findShortcodes('a [facet per_page=5] b [[facet]]', ['facet'])
 * // => [{start: 2, end: 20, tag: 'facet', escaped: false, ...}, {start: 23, end: 32, escaped: true, ...}]
 */
export function findShortcodes(text: string, tags: Iterable<string>): ShortcodeOccurrence[] {
  const tagsInText = registeredTagsOccurringIn(text, tags);
  if (tagsInText.length === 0) return [];
  // Names are escaped, so the alternation adds no capture groups and the package's group numbers still hold.
  const pattern = shortcodeRegExp(tagsInText.map(escapeRegExp).join('|'));
  const occurrences: ShortcodeOccurrence[] = [];
  for (const match of text.matchAll(pattern)) {
    occurrences.push(occurrenceFromMatch(match));
  }
  return occurrences;
}

/**
 * Why the pre-scan: WordPress only puts the names that appear as whole `[name` tokens into its pattern. Without it,
 * a registered `a` would match inside `[a.b]`, since `.` does not end a name for the pattern's `(?![\w-])`.
 */
function registeredTagsOccurringIn(text: string, tags: Iterable<string>): string[] {
  if (!text.includes('[')) return [];
  const candidates = new Set<string>();
  for (const match of text.matchAll(TAG_NAME_CANDIDATE)) candidates.add(match[1] as string);
  return [...tags].filter((tag) => candidates.has(tag));
}

function occurrenceFromMatch(match: RegExpMatchArray): ShortcodeOccurrence {
  // Capture groups of `regexp()`: 1 extra `[`, 2 name, 3 attributes, 4 self-closing `/`, 5 content, 6 closer,
  // 7 extra `]`.
  const leadingBracket = match[1] ?? '';
  const trailingBracket = match[7] ?? '';
  const escaped = leadingBracket === '[' && trailingBracket === ']';
  countAttributeParse();
  const shortcode = fromMatch(match);
  const start = match.index ?? 0;
  return {
    start,
    end: start + match[0].length,
    tag: shortcode.tag,
    attributes: copyAttributes(shortcode.attrs),
    content: shortcode.type === 'closed' ? (shortcode.content ?? '') : undefined,
    escaped,
    text: match[0],
    leadingBracket: escaped ? '' : leadingBracket,
    trailingBracket: escaped ? '' : trailingBracket,
  };
}

/**
 * The package memoizes `attrs()` and hands out the same object for the same text, so handlers get a copy: one
 * mutating its attributes must not change the next parse. The null prototype keeps `named.constructor` undefined
 * when the author wrote no `constructor` attribute.
 */
function copyAttributes(parsed: { named: Record<string, string | undefined>; numeric: string[] }): ShortcodeAttributes {
  const named: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(parsed.named)) {
    if (value !== undefined) named[name] = value;
  }
  return { named, positional: [...parsed.numeric] };
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
