/**
 * The search index behind `sf_q`: folded tokens of each product's title and brand. Every word of the query must
 * match (earlier words whole, the last one as a prefix, since the shopper may still be typing), case- and
 * diacritic-insensitively (`zolty` finds `Żółty`). Title matches rank above brand-only ones.
 * @internal
 */
import { foldText, type Product } from '../../catalog/model.js';
import { grow } from './growable.js';
import { lowerBound } from './sorted-search.js';
import { addSetInto, copyInto, intersectInto, setSize, toOrdinalSet, type Bitset, type BitsetPool, type OrdinalSet } from './bitset.js';
import { addOrdinal, emptySet, removeOrdinal, widenSet } from './ordinal-set-edit.js';
import type { RowChange } from './row-placement.js';

const TOKEN_SPLIT = /[^a-z0-9]+/;
export const MAX_WORDS = 8;

/** Splits text into folded search tokens. */
export function tokenize(text: string): string[] {
  return foldText(text).split(TOKEN_SPLIT).filter((token) => token !== '');
}

/** The tokens of one field (title or brand) and the products that have each. */
class FieldIndex {
  /** Sorted, so that a prefix is a contiguous range. */
  readonly tokens: string[];
  postings: OrdinalSet[];

  widen(words: number): void {
    this.postings = this.postings.map((set) => widenSet(set, words));
  }

  /**
   * Builds postings in typed arrays, without a JS array per token: at a million products those arrays would survive
   * into the old generation and make every full GC walk them.
   */
  constructor(texts: readonly string[], size: number) {
    const idByToken = new Map<string, number>();
    // Folding is the costly part and texts are made of few distinct words, so each space-separated word is folded
    // once. Splitting on spaces first gives the same tokens: folding maps a space to a space, a separator.
    const idsByWord = new Map<string, number[]>();
    let occurrences: Uint32Array = new Uint32Array(Math.max(16, size * 4));
    const starts = new Uint32Array(size + 1);
    let lastProduct: Int32Array = new Int32Array(64).fill(-1);
    let used = 0;
    for (let ordinal = 0; ordinal < size; ordinal++) {
      starts[ordinal] = used;
      for (const word of texts[ordinal]!.split(' ')) {
        let ids = idsByWord.get(word);
        if (!ids) {
          ids = tokenize(word).map((token) => idByToken.get(token) ?? (idByToken.set(token, idByToken.size), idByToken.size - 1));
          idsByWord.set(word, ids);
        }
        for (const id of ids) {
          if (id >= lastProduct.length) lastProduct = grow(lastProduct, id, -1);
          if (lastProduct[id] === ordinal) continue; // a token twice in one text is one posting
          lastProduct[id] = ordinal;
          if (used === occurrences.length) occurrences = grow(occurrences, used);
          occurrences[used++] = id;
        }
      }
    }
    starts[size] = used;
    // Counting sort by token; walking products in order leaves each posting list sorted.
    const tokenStarts = new Uint32Array(idByToken.size + 1);
    for (let index = 0; index < used; index++) tokenStarts[occurrences[index]! + 1]!++;
    for (let id = 0; id < idByToken.size; id++) tokenStarts[id + 1]! += tokenStarts[id]!;
    const filled = tokenStarts.slice(0, idByToken.size);
    const postings = new Uint32Array(used);
    for (let ordinal = 0; ordinal < size; ordinal++) {
      for (let index = starts[ordinal]!; index < starts[ordinal + 1]!; index++) postings[filled[occurrences[index]!]!++] = ordinal;
    }
    this.tokens = [...idByToken.keys()].sort();
    this.postings = this.tokens.map((token) => {
      const id = idByToken.get(token)!;
      return toOrdinalSet(postings.subarray(tokenStarts[id]!, tokenStarts[id + 1]!), size);
    });
  }

  /**
   * Moves one product from its old text's tokens to its new one's (null: none); a new token is inserted in sorted
   * place and one no product has any more is dropped, as a fresh build would leave them.
   */
  replaceText(ordinal: number, oldText: string | null, newText: string | null, words: number): void {
    const oldTokens = new Set(oldText === null ? [] : tokenize(oldText));
    const newTokens = new Set(newText === null ? [] : tokenize(newText));
    for (const token of oldTokens) {
      if (newTokens.has(token)) continue;
      const index = lowerBound(this.tokens, token);
      const posting = removeOrdinal(this.postings[index]!, ordinal);
      if (setSize(posting) === 0) this.tokens.splice(index, 1), this.postings.splice(index, 1);
      else this.postings[index] = posting;
    }
    for (const token of newTokens) {
      if (oldTokens.has(token)) continue;
      const index = lowerBound(this.tokens, token);
      if (this.tokens[index] !== token) this.tokens.splice(index, 0, token), this.postings.splice(index, 0, emptySet());
      this.postings[index] = addOrdinal(this.postings[index]!, ordinal, words);
    }
  }

  /** Adds to `out` the products with a token equal to `word`, or starting with it when `prefix`. */
  addMatches(word: string, prefix: boolean, out: Bitset): void {
    for (let index = lowerBound(this.tokens, word); index < this.tokens.length; index++) {
      const token = this.tokens[index]!;
      if (prefix ? !token.startsWith(word) : token !== word) break;
      addSetInto(out, this.postings[index]!);
    }
  }
}

export interface TextMatch {
  /** Products matching every word. */
  matches: Bitset;
  /** Per query word, the products whose title matches it: a product's relevance is how many of these hold it. */
  titleMatches: Bitset[];
}

/** A text index as a snapshot holds it (see engine-snapshot.ts): each field's sorted tokens and their postings. */
export interface TextIndexParts {
  title: Pick<FieldIndex, 'tokens' | 'postings'>;
  brand: Pick<FieldIndex, 'tokens' | 'postings'>;
}

export class TextIndex {
  readonly #title: FieldIndex;
  readonly #brand: FieldIndex;

  /** Indexes the products' titles and brands, or takes the fields of a snapshot. */
  constructor(source: readonly Product[] | TextIndexParts) {
    if ('title' in source) {
      this.#title = Object.assign(Object.create(FieldIndex.prototype) as FieldIndex, source.title);
      this.#brand = Object.assign(Object.create(FieldIndex.prototype) as FieldIndex, source.brand);
      return;
    }
    this.#title = new FieldIndex(source.map((product) => product.title), source.length);
    this.#brand = new FieldIndex(source.map((product) => product.brand), source.length);
  }

  parts(): TextIndexParts {
    return { title: { tokens: this.#title.tokens, postings: this.#title.postings }, brand: { tokens: this.#brand.tokens, postings: this.#brand.postings } };
  }

  /** Makes room for rows up to `words` * 32 in the postings held as bitsets. */
  widen(words: number): void {
    for (const field of [this.#title, this.#brand]) field.widen(words);
  }

  /** Brings the postings up to date with changed rows (see engine.ts's applyEdit). */
  update(changes: readonly RowChange[], words: number): void {
    for (const { row, ownerBefore, ownerAfter } of changes) {
      if (ownerBefore?.title !== ownerAfter?.title) this.#title.replaceText(row, ownerBefore?.title ?? null, ownerAfter?.title ?? null, words);
      if (ownerBefore?.brand !== ownerAfter?.brand) this.#brand.replaceText(row, ownerBefore?.brand ?? null, ownerAfter?.brand ?? null, words);
    }
  }

  /** Matches a query; null when it has no searchable word (then it filters nothing). The bitsets come from `pool`. */
  match(query: string, pool: BitsetPool): TextMatch | null {
    const words = tokenize(query).slice(0, MAX_WORDS);
    if (words.length === 0) return null;
    let matches: Bitset | null = null;
    const titleMatches = words.map((word, position) => {
      const prefix = position === words.length - 1;
      const inTitle = pool.takeZeroed();
      this.#title.addMatches(word, prefix, inTitle);
      const anywhere = copyInto(pool.take(), inTitle);
      this.#brand.addMatches(word, prefix, anywhere);
      matches = matches ? intersectInto(matches, anywhere) : anywhere;
      return inTitle;
    });
    return { matches: matches!, titleMatches };
  }
}
