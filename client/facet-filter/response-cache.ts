/**
 * Answers of `/filter` by canonical query string, so that back and forward need no request for states already seen.
 * Bounded: past the limit the least recently stored answer goes, so a long session does not hoard memory.
 */
import type { FilterResponse } from './filter-request.js';

export class ResponseCache {
  readonly #answers = new Map<string, FilterResponse>();

  constructor(private readonly limit = 30) {}

  get(query: string): FilterResponse | undefined {
    return this.#answers.get(query);
  }

  set(query: string, response: FilterResponse): void {
    this.#answers.delete(query);
    this.#answers.set(query, response);
    if (this.#answers.size > this.limit) this.#answers.delete(this.#answers.keys().next().value!);
  }
}
