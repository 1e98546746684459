/**
 * Answers of `/filter` by canonical query string, so that back and forward need no request for states already seen.
 * Bounded: past the limit the least recently stored answer goes, so a long session does not hoard memory.
 */
import type { FilterResponse } from '../api/facets.js';

/**
 * What the element shows of an answer; the regions the page was served with have no page counts, and their facets
 * form's tag only when the page gives one.
 */
export type CachedAnswer = Omit<FilterResponse, 'page' | 'pages' | 'facets_etag'> & { facets_etag?: string };

export class ResponseCache {
  readonly #answers = new Map<string, CachedAnswer>();

  constructor(private readonly limit = 30) {}

  get(query: string): CachedAnswer | undefined {
    return this.#answers.get(query);
  }

  set(query: string, response: CachedAnswer): void {
    this.#answers.delete(query);
    this.#answers.set(query, response);
    if (this.#answers.size > this.limit) this.#answers.delete(this.#answers.keys().next().value!);
  }
}
