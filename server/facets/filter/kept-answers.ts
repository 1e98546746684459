/**
 * Answers made from the facet index, kept in memory by a key that names what they depend on (filter-cache.ts: the
 * catalog revision, the configuration, the settings, the canonical address), so that the same state asked again (the
 * first page of a listing, a popular filter, every shopper's back button) costs a look-up instead of filtering and
 * rendering again. `/filter`'s answers (filter-answers.ts) and the widget a page embeds (widget-renderer.ts) are each
 * kept in one.
 *
 * - An answer is fresh for {@link TTL_MS} at most (a scheduled sale changes the key itself, see
 *   FacetService.answeringKey), and for at least half of it, each for a time of its own. Past that, what the key
 *   cannot name (the Omnibus prices its cards show: see `unkeyedNow`) is read again: unchanged, the answer is kept on
 *   for another lifetime; changed, it is dropped, and made again when next asked. Making again every answer of a
 *   crowd as it expired cost a 1M-product shop about 4 ms of its serving thread each, 200 answers a minute, which
 *   showed in the slowest requests of a busy minute.
 * - That read runs behind the request that found the answer expired, which is answered the kept answer, as a CDN
 *   answers within `stale-while-revalidate` (FILTER_CACHE_CONTROL): after a quiet spell, the first requests of a
 *   crowd found every answer expired and each waited for its read, which made the slowest 5 seconds of a benchmark's
 *   crowd half as slow again as the others. What the read looks for (a reference price the 30-day window moved) can
 *   show those few milliseconds late; a price change itself changes the catalog's revision, so the key.
 * - At most `max` answers, least recently used first out.
 * @internal
 */
import { backgroundPause } from '../../http/background-pause.js';

const TTL_MS = 60_000;
const MAX_ANSWERS = 500;

/** An answer just made, with what it must be checked against once past its lifetime. */
export interface MadeAnswer<T> {
  /** The key it is kept under: made after the answer, as asking may have started a rebuild (see FilterAnswers). */
  key: string;
  value: T;
  /** The products its page shows. */
  productIds: readonly number[];
  /** What those showed beyond the key when it was made; undefined: nothing to compare, made again once expired. */
  unkeyed: string | undefined;
}

interface Kept<T> {
  value: T;
  expiresAt: number;
  productIds: readonly number[];
  unkeyed: string | undefined;
  /** Its read past its lifetime, while it runs. */
  checking?: Promise<void>;
}

/** A kept answer's lifetime: between half of TTL_MS and all of it, so that answers made together expire apart. */
const lifetime = () => TTL_MS * (0.5 + Math.random() / 2);

export class KeptAnswers<T> {
  readonly #kept = new Map<string, Kept<T>>();

  /**
   * @param unkeyedNow what the page of these products shows now beyond an answer's key, compared with what
   *   {@link MadeAnswer.unkeyed} read when it was made; without it, an answer is made again once expired
   */
  constructor(
    private readonly unkeyedNow?: (productIds: readonly number[]) => Promise<string>,
    private readonly max = MAX_ANSWERS,
  ) {}

  /** The answer kept under `key` if it is still true, else the one `make` makes (then kept under its own key). */
  async get(key: string, make: () => Promise<MadeAnswer<T>>): Promise<T> {
    const kept = this.#kept.get(key);
    if (kept && (Date.now() <= kept.expiresAt || this.#checkedBehind(key, kept))) {
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept.value;
    }
    const made = await make();
    this.#kept.delete(made.key);
    this.#kept.set(made.key, {
      value: made.value,
      expiresAt: Date.now() + lifetime(),
      productIds: made.productIds,
      unkeyed: made.unkeyed,
    });
    while (this.#kept.size > this.max) this.#kept.delete(this.#kept.keys().next().value!);
    return made.value;
  }

  /**
   * Starts the read of a kept answer past its lifetime (once, however many ask meanwhile), and says whether it may be
   * answered meanwhile: not when nothing can be read to check it (then it is made again).
   */
  #checkedBehind(key: string, kept: Kept<T>): boolean {
    if (kept.unkeyed === undefined || !this.unkeyedNow) return false;
    kept.checking ??= this.#check(key, kept).finally(() => (kept.checking = undefined));
    return true;
  }

  /** Whether it still shows what it would if made now: if so it lives another lifetime, else it is dropped. */
  async #check(key: string, kept: Kept<T>): Promise<void> {
    // After the request that found it expired is answered.
    await backgroundPause();
    const unkeyed = await this.unkeyedNow!(kept.productIds).catch(() => undefined);
    if (unkeyed === kept.unkeyed) kept.expiresAt = Date.now() + lifetime();
    else if (this.#kept.get(key) === kept) this.#kept.delete(key);
  }
}
