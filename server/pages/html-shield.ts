/**
 * Keeps HTML out of a text pass: the content pipeline parks each dynamic block's output here before the shortcode
 * pass and puts it back after, so that shortcodes are expanded only in what an editor wrote, never in text a block
 * drew from the catalog or the request (a search for `[facet]`, a product titled `[facet per_page="1"]`).
 *
 * Markers are letters, digits and hyphens, which the shortcode grammar never matches or splits, and carry a secret
 * drawn per shield, so that no text from a request or the catalog can pose as one.
 */
import { randomBytes } from 'node:crypto';

export class HtmlShield {
  readonly #prefix = `vitrine-shielded-${randomBytes(12).toString('hex')}-`;
  readonly #markers = new RegExp(`${this.#prefix}(\\d+)-end`, 'g');
  readonly #parked: string[] = [];

  /**
   * @param markup Finished HTML that no later pass may change.
   * @returns The marker that stands for it until {@link restore}.
   * @example const marker = shield.park(await renderBlock(block));
   */
  park(markup: string): string {
    this.#parked.push(markup);
    return `${this.#prefix}${this.#parked.length - 1}-end`;
  }

  /** Replaces every marker of this shield in text by the HTML it stands for (every copy, if a pass repeated one). */
  restore(text: string): string {
    if (!text.includes(this.#prefix)) return text;
    return text.replace(this.#markers, (marker, id: string) => this.#parked[Number(id)] ?? marker);
  }
}
