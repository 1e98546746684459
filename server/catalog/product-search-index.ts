/**
 * An inverted index for product search, so that a query costs the size of its matches rather than the size of the
 * catalog. Built once per catalog; edits are layered over it by edited-product-search.ts.
 *
 * Matching: every word of the query must be the beginning of some search word of the product (see search-text.ts),
 * so `zol` and `zolty` both find `Żółty`, or, with the shop language's word forms (word-forms/), share a form with
 * one: `kubki` finds `Kubek`, `butów` finds `Buty`. Each query word thus matches its typed prefix OR its forms: the
 * prefix keeps a partly typed word working, the forms make a whole one find its other forms. Ranking: products whose
 * title matches every query word come first; ties go by popularity.
 *
 * Layout: the vocabulary is sorted, so all words starting with a prefix form one contiguous id range. Products are
 * numbered by rank (popularity order), so posting lists sorted by number are already in result order. Each product
 * keeps its sorted word ids, so checking a further query word is a range test, not a string comparison. A word's
 * forms are words of the same vocabulary, marked (FORM_MARK), so a query word is a few id ranges: its prefix range
 * and one range per form.
 */
import type { Category, Product } from './model.js';
import { compareByPopularity, forEachSearchField, searchWords } from './search-text.js';
import type { WordForms } from './word-forms/word-forms.js';

/**
 * Starts a form's entry in the vocabulary: no search word holds a control character, so a form never falls in a
 * typed word's prefix range, and every form sorts before every word.
 */
const FORM_MARK = '\u0001';

export interface ProductSearchOptions {
  /** How many products to return; `total` still counts every match. */
  limit: number;
  /** When set, only products filed under one of these categories match. */
  categoryIds?: ReadonlySet<number> | null;
}

export interface ProductSearchResult {
  products: Product[];
  total: number;
}

/** Matches split by rank group, each in rank order and cut at the limit: what two indexes' answers merge from. */
export interface ProductSearchMatches {
  titleMatches: Product[];
  otherMatches: Product[];
  total: number;
}

/** A list of word ids per product, in one flat array: product r's ids are `ids[offsets[r]] .. ids[offsets[r+1]-1]`. */
interface WordLists {
  offsets: Uint32Array;
  ids: Uint32Array;
}

interface IdRange {
  low: number;
  high: number;
}

/** A Uint32Array that grows, for building without millions of small JavaScript arrays. */
class Uint32Builder {
  private data = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  finish(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

/** Renumbers each product's word ids, sorts them and drops repeats, compacting the flat array. */
function sortedUnique(offsets: Uint32Array, provisionalIds: Uint32Array, finalId: Uint32Array): WordLists {
  const ids = new Uint32Array(provisionalIds.length);
  const compacted = new Uint32Array(offsets.length);
  let written = 0;
  for (let rank = 0; rank + 1 < offsets.length; rank++) {
    const start = written;
    for (let at = offsets[rank]!; at < offsets[rank + 1]!; at++) {
      // Insertion sort: a product has a few dozen words at most, where it beats a typed-array sort call.
      const id = finalId[provisionalIds[at]!]!;
      let slot = written++;
      while (slot > start && ids[slot - 1]! > id) {
        ids[slot] = ids[slot - 1]!;
        slot--;
      }
      ids[slot] = id;
    }
    let kept = start;
    for (let at = start; at < written; at++) if (at === start || ids[at] !== ids[kept - 1]) ids[kept++] = ids[at]!;
    written = kept;
    compacted[rank + 1] = written;
  }
  return { offsets: compacted, ids: ids.slice(0, written) };
}

function inAnyCategory(product: Product, categoryIds: ReadonlySet<number>): boolean {
  for (const id of product.category_ids) if (categoryIds.has(id)) return true;
  return false;
}

function hasWordIn(lists: WordLists, rank: number, range: IdRange): boolean {
  const end = lists.offsets[rank + 1]!;
  for (let at = lists.offsets[rank]!; at < end; at++) {
    const id = lists.ids[at]!;
    if (id >= range.high) return false; // ids are sorted: nothing further can be in range
    if (id >= range.low) return true;
  }
  return false;
}

export class ProductSearchIndex {
  /** Products by rank. */
  private readonly ranked: Product[];
  private readonly vocabulary: string[];
  private readonly all: WordLists;
  private readonly title: WordLists;
  private readonly postingOffsets: Uint32Array;
  private readonly postings: Uint32Array;

  readonly wordForms: WordForms | null;

  /**
   * @param products the catalog's products; the array is read, never changed
   * @param categories the catalog's categories, for matching category names
   * @param wordForms the shop language's word forms; null matches typed prefixes only
   */
  constructor(products: readonly Product[], categories: readonly Category[], wordForms: WordForms | null = null) {
    this.wordForms = wordForms;
    this.ranked = [...products].sort(compareByPopularity);
    // Pass 1: number words in order of first sight and record each product's words with those provisional ids.
    const provisional = new Map<string, number>();
    const words: string[] = [];
    const all = { offsets: new Uint32Array(this.ranked.length + 1), ids: new Uint32Builder() };
    const title = { offsets: new Uint32Array(this.ranked.length + 1), ids: new Uint32Builder() };
    const idOf = (word: string) => {
      let id = provisional.get(word);
      if (id === undefined) {
        id = words.push(word) - 1;
        provisional.set(word, id);
      }
      return id;
    };
    // Brands, terms and category names repeat across the catalog: fold each once.
    const repeatedIds = new Map<string, number[]>();
    const productIds: number[] = [];
    // A word's id and its forms' ids, found once per distinct word.
    const idsByWord = new Map<string, number[]>();
    const idsOfWord = (word: string): number[] => {
      let ids = idsByWord.get(word);
      if (!ids) {
        ids = [idOf(word), ...wordForms!.formsOf(word).map((form) => idOf(FORM_MARK + form))];
        idsByWord.set(word, ids);
      }
      return ids;
    };
    const idsOfText = (text: string): number[] =>
      wordForms ? searchWords(text).flatMap(idsOfWord) : searchWords(text).map(idOf);
    const collect = (text: string, repeats: boolean) => {
      let ids = repeats ? repeatedIds.get(text) : undefined;
      if (!ids) {
        ids = idsOfText(text);
        if (repeats) repeatedIds.set(text, ids);
      }
      for (const id of ids) productIds.push(id);
    };
    this.ranked.forEach((product, rank) => {
      const titleIds = idsOfText(product.title);
      for (const id of titleIds) title.ids.push(id);
      productIds.length = 0;
      productIds.push(...titleIds);
      forEachSearchField(product, categories, collect);
      // Provisional ids are renumbered below, so repeats are dropped then, after sorting.
      for (const id of productIds) all.ids.push(id);
      all.offsets[rank + 1] = all.ids.length;
      title.offsets[rank + 1] = title.ids.length;
    });
    // Pass 2: sort the vocabulary and renumber, so that prefixes become id ranges.
    // The default sort compares UTF-16 code units, the same order the prefix search's `<` and `>` use.
    this.vocabulary = words.sort();
    const finalId = new Uint32Array(this.vocabulary.length);
    this.vocabulary.forEach((word, newId) => (finalId[provisional.get(word)!] = newId));
    this.all = sortedUnique(all.offsets, all.ids.finish(), finalId);
    this.title = sortedUnique(title.offsets, title.ids.finish(), finalId);
    // Postings by counting sort: walking products in rank order leaves every list sorted by rank.
    this.postingOffsets = new Uint32Array(this.vocabulary.length + 1);
    for (const id of this.all.ids) this.postingOffsets[id + 1]! += 1;
    for (let id = 0; id < this.vocabulary.length; id++) this.postingOffsets[id + 1]! += this.postingOffsets[id]!;
    this.postings = new Uint32Array(this.all.ids.length);
    const cursor = this.postingOffsets.slice(0, this.vocabulary.length);
    for (let rank = 0; rank < this.ranked.length; rank++) {
      for (let at = this.all.offsets[rank]!; at < this.all.offsets[rank + 1]!; at++)
        this.postings[cursor[this.all.ids[at]!]!++] = rank;
    }
  }

  /** How many products the index holds. */
  get size(): number {
    return this.ranked.length;
  }

  /**
   * Finds products for a search phrase.
   * @param query free text; empty or punctuation-only text matches nothing
   * @example index.search('zolty koc', { limit: 8 }) // { products: [Żółty koc wełniany, ...], total: 3 }
   */
  search(query: string, options: ProductSearchOptions): ProductSearchResult {
    const { titleMatches, otherMatches, total } = this.matches(query, options);
    return { products: [...titleMatches, ...otherMatches].slice(0, options.limit), total };
  }

  /**
   * The matches of a search phrase, title matches apart from the others.
   * @param without product ids to pass over (replaced or removed since this index was built)
   */
  matches(
    query: string,
    { limit, categoryIds = null }: ProductSearchOptions,
    without: ReadonlySet<number> | null = null,
  ): ProductSearchMatches {
    const words = searchWords(query).map((word) => this.wordRanges(word));
    if (words.length === 0 || words.some((ranges) => ranges.length === 0))
      return { titleMatches: [], otherMatches: [], total: 0 };
    // Start from the query word with the fewest postings; the others are checked per candidate.
    words.sort((a, b) => this.postingCount(a) - this.postingCount(b));
    const [first, ...rest] = words as [IdRange[], ...IdRange[][]];
    const titleMatches: Product[] = [];
    const otherMatches: Product[] = [];
    let total = 0;
    const candidates = this.candidates(first);
    // Plain loops: this runs once per candidate, up to the whole catalog for a one-letter query.
    for (let at = 0; at < candidates.length; at++) {
      const rank = candidates[at]!;
      if (!this.hasEvery(this.all, rank, rest)) continue;
      const product = this.ranked[rank]!;
      if (categoryIds && !inAnyCategory(product, categoryIds)) continue;
      if (without?.has(product.id)) continue;
      total++;
      // Once `limit` title matches are in hand, nothing else can make the cut: just count.
      if (titleMatches.length >= limit) continue;
      if (this.hasEvery(this.title, rank, words)) titleMatches.push(product);
      else if (otherMatches.length < limit) otherMatches.push(product);
    }
    return { titleMatches, otherMatches, total };
  }

  /** Whether the product has, for every query word, a word in one of its ranges. */
  private hasEvery(lists: WordLists, rank: number, words: readonly (readonly IdRange[])[]): boolean {
    for (let at = 0; at < words.length; at++) {
      const ranges = words[at]!;
      let found = false;
      for (let index = 0; index < ranges.length && !found; index++) found = hasWordIn(lists, rank, ranges[index]!);
      if (!found) return false;
    }
    return true;
  }

  /** The id ranges a query word matches: the words it begins, and each of its forms; none empty. */
  private wordRanges(word: string): IdRange[] {
    const ranges = [this.prefixRange(word)];
    for (const form of this.wordForms?.formsOf(word) ?? []) ranges.push(this.exactRange(FORM_MARK + form));
    return ranges.filter((range) => range.low < range.high);
  }

  /** The ids of the vocabulary words that start with `prefix`: contiguous, since the vocabulary is sorted. */
  private prefixRange(prefix: string): IdRange {
    const low = this.firstIndex((word) => word >= prefix);
    const high = this.firstIndex((word) => word > prefix && !word.startsWith(prefix), low);
    return { low, high };
  }

  private exactRange(entry: string): IdRange {
    const low = this.firstIndex((word) => word >= entry);
    return { low, high: this.vocabulary[low] === entry ? low + 1 : low };
  }

  private firstIndex(predicate: (word: string) => boolean, from = 0): number {
    let low = from;
    let high = this.vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (predicate(this.vocabulary[middle]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** Postings of the word's ranges, a product counted once per range it is in. */
  private postingCount(ranges: readonly IdRange[]): number {
    let count = 0;
    for (const range of ranges) count += this.postingOffsets[range.high]! - this.postingOffsets[range.low]!;
    return count;
  }

  /** The ranks of products having any word of the ranges, ascending and without repeats. */
  private candidates(ranges: readonly IdRange[]): Uint32Array {
    if (ranges.length === 1 && ranges[0]!.high - ranges[0]!.low === 1) {
      return this.postings.subarray(this.postingOffsets[ranges[0]!.low]!, this.postingOffsets[ranges[0]!.high]!);
    }
    // Several words: a product may appear under more than one. Small unions sort; large ones mark a bitmap and sweep,
    // which stays linear when a one-letter prefix covers most of the catalog.
    const count = this.postingCount(ranges);
    if (count < this.ranked.length / 16) {
      const merged = new Uint32Array(count);
      let filled = 0;
      for (const range of ranges) {
        const slice = this.postings.subarray(this.postingOffsets[range.low]!, this.postingOffsets[range.high]!);
        merged.set(slice, filled);
        filled += slice.length;
      }
      merged.sort();
      return merged.filter((rank, at) => at === 0 || merged[at - 1] !== rank);
    }
    const marked = new Uint8Array(this.ranked.length);
    for (const range of ranges) {
      for (let at = this.postingOffsets[range.low]!; at < this.postingOffsets[range.high]!; at++)
        marked[this.postings[at]!] = 1;
    }
    const ranks = new Uint32Array(Math.min(count, marked.length));
    let found = 0;
    for (let rank = 0; rank < marked.length; rank++) if (marked[rank]) ranks[found++] = rank;
    return ranks.subarray(0, found);
  }
}
