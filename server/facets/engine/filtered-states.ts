/**
 * The filtering and counting of recent states, kept apart from their sort order and page. After a selection, a
 * shopper's next clicks are mostly the next page or another order of the same selections: each is a state never
 * asked before, yet its products found and every facet's counts are those of the state before it. Kept here, such a
 * state costs only the choice of its page's products.
 * Entries are copies (the engine's scratch bitsets are reused by the next query) and belong to one engine: an edit
 * applied in place forgets them all.
 * @internal
 */
import { toQueryString, type FilterState, type QuerySchema } from '../../../client/facet-filter/query-state.js';
import type { Bitset, ListedBits } from './bitset.js';

/** What a state's selections, search text and widget category give, whatever its order and page. */
export interface FilteredState<Facets> {
  /** The rows that stand for the products found. */
  found: ListedBits;
  /** The facets' counts and selections, as the engine answers them. */
  facets: Facets;
  /** Per word of the search text, the rows whose title has it (relevance order); null without a text query. */
  titleMatches: readonly Bitset[] | null;
}

/**
 * States kept: the shoppers browsing now. Each holds a bit and a word index per catalog row (about 1 MB at 1,000,000
 * variable products), so a few dozen stay within the tens of MB.
 */
const KEPT_STATES = 32;

export class FilteredStates<Facets> {
  readonly #kept = new Map<string, FilteredState<Facets>>();
  /**
   * The arrays of states no longer kept, reused for the next: a copy per never-asked state would allocate two row
   * bitsets outside the heap per request, and the collections that frees them cost more than the copies.
   */
  readonly #spare: FilteredState<Facets>[] = [];

  /** The key of a state's filtering: its selections and text in canonical form, and the widget's category. */
  static keyOf(state: FilterState, schema: QuerySchema, baseCategory: string | undefined): string {
    const filtering = toQueryString({ ...state, orderby: schema.defaultOrderby, page: 1 }, schema);
    return `${baseCategory ?? ''}\n${filtering}`;
  }

  /** The kept filtering of `key`, now the most recently used; undefined when not kept. */
  get(key: string): FilteredState<Facets> | undefined {
    const kept = this.#kept.get(key);
    if (kept) {
      this.#kept.delete(key);
      this.#kept.set(key, kept);
    }
    return kept;
  }

  /**
   * Keeps copies of a state's found rows and title matches (the originals may be scratch), and returns them. What
   * it returns is valid until the next call.
   */
  keep(key: string, filtered: FilteredState<Facets>): FilteredState<Facets> {
    if (this.#kept.size >= KEPT_STATES) {
      const oldest = this.#kept.keys().next().value!;
      this.#spare.push(this.#kept.get(oldest)!);
      this.#kept.delete(oldest);
    }
    const reused = this.#spare.pop();
    const { found, titleMatches } = filtered;
    const copy: FilteredState<Facets> = {
      found: {
        bits: copied(found.bits, reused?.found.bits),
        members: found.members,
        // Only the first `wordCount` words are read: the copy keeps those, in an array with room for all.
        words: copied(found.words, reused?.found.words, found.wordCount),
        wordCount: found.wordCount,
      },
      facets: filtered.facets,
      titleMatches: titleMatches?.map((bits, index) => copied(bits, reused?.titleMatches?.[index])) ?? null,
    };
    this.#kept.set(key, copy);
    return copy;
  }

  /** Forgets every state: the rows they name have changed (and so may the length of a row bitset). */
  clear(): void {
    this.#kept.clear();
    this.#spare.length = 0;
  }
}

/** The first `length` values of `source` in `into` when it is as long as `source`, else in a new array like it. */
function copied(source: Uint32Array, into: Uint32Array | undefined, length = source.length): Uint32Array {
  const target = into?.length === source.length ? into : new Uint32Array(source.length);
  target.set(length === source.length ? source : source.subarray(0, length));
  return target;
}
