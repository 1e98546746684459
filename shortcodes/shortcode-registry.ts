/**
 * Registered shortcodes and their expansion in text: WordPress's `add_shortcode()` / `do_shortcode()`, async.
 */
import { findShortcodes, isValidShortcodeTag, type ShortcodeAttributes } from './shortcode-grammar.js';

/**
 * Renders one shortcode. Like a WordPress shortcode callback, it returns HTML and is responsible for escaping
 * whatever it puts there; the content of an enclosing shortcode arrives unexpanded (call
 * {@link ShortcodeRegistry.expand} on it to support nesting).
 *
 * @param attributes Parsed attributes, unvalidated: the handler normalises them.
 * @param content Text between `[tag]` and `[/tag]`, or `undefined` for `[tag]` and `[tag /]`.
 * @param context Whatever the caller of `expand()` passes, e.g. the request's page state.
 */
export type ShortcodeHandler<Context> = (
  attributes: ShortcodeAttributes,
  content: string | undefined,
  context: Context,
) => string | Promise<string>;

/**
 * A set of shortcode handlers by tag.
 *
 * @example
 * const shortcodes = new ShortcodeRegistry<PageContext>();
 * shortcodes.register('year', () => String(new Date().getFullYear()));
 * await shortcodes.expand('© [year] [unknown]', context); // '© 2025 [unknown]'
 */
export class ShortcodeRegistry<Context = unknown> {
  readonly #handlers = new Map<string, ShortcodeHandler<Context>>();

  /**
   * Registers or replaces the handler of a tag. Names are case-sensitive, as in WordPress.
   *
   * @param tag The shortcode name; it may not contain `< > & / [ ] =`, whitespace or control characters.
   * @param handler Renders the shortcode.
   * @throws TypeError when the name could never be matched: a programming error, caught at start.
   */
  register(tag: string, handler: ShortcodeHandler<Context>): this {
    if (!isValidShortcodeTag(tag)) {
      throw new TypeError(
        `The shortcode name "${tag}" cannot be registered: names may not contain < > & / [ ] =, spaces or control characters.`,
      );
    }
    this.#handlers.set(tag, handler);
    return this;
  }

  /**
   * Removes a tag; its shortcodes are left in the text from then on.
   *
   * @param tag The shortcode name.
   * @returns Whether the tag was registered.
   */
  unregister(tag: string): boolean {
    return this.#handlers.delete(tag);
  }

  /**
   * @param tag The shortcode name.
   * @returns Whether a handler is registered for it.
   */
  has(tag: string): boolean {
    return this.#handlers.has(tag);
  }

  /** The registered names, in registration order. */
  get tags(): string[] {
    return [...this.#handlers.keys()];
  }

  /**
   * Replaces every registered shortcode in text by its handler's output, in one pass: output is never searched
   * for further shortcodes, unknown shortcodes stay as they are, and `[[tag]]` becomes the literal `[tag]`.
   * Handlers run one after another in text order, so that anything they number (element ids) follows the page.
   *
   * @param text Page content (HTML with shortcodes).
   * @param context Passed to every handler.
   * @returns The expanded text. A handler's rejection propagates: the caller decides how a page fails.
   * @example
   * await registry.expand('<p>[facet per_page="12"]</p>', context);
   */
  async expand(text: string, context: Context): Promise<string> {
    const occurrences = findShortcodes(text, this.#handlers.keys());
    if (occurrences.length === 0) return text;
    const pieces: string[] = [];
    let copiedUpTo = 0;
    for (const occurrence of occurrences) {
      pieces.push(text.slice(copiedUpTo, occurrence.start));
      if (occurrence.escaped) {
        pieces.push(occurrence.text.slice(1, -1));
      } else {
        const handler = this.#handlers.get(occurrence.tag) as ShortcodeHandler<Context>;
        const output = await handler(occurrence.attributes, occurrence.content, context);
        pieces.push(occurrence.leadingBracket, output, occurrence.trailingBracket);
      }
      copiedUpTo = occurrence.end;
    }
    pieces.push(text.slice(copiedUpTo));
    return pieces.join('');
  }
}
