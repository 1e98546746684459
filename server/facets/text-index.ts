/**
 * The search index behind `sf_q`: folded tokens of each product's title and brand. Every word of the query must
 * match (earlier words whole, the last one as a prefix, since the shopper may still be typing), case- and
 * diacritic-insensitively (`zolty` finds `Żółty`). Title matches rank above brand-only ones.
 * @internal
 */
import { foldText, type Product } from '../catalog/model.js';
import { addSetInto, createBitset, intersectInto, toOrdinalSet, type Bitset, type OrdinalSet } from './bitset.js';

const TOKEN_SPLIT = /[^a-z0-9]+/;
const MAX_WORDS = 8;

/** Splits text into folded search tokens. */
export function tokenize(text: string): string[] {
  return foldText(text).split(TOKEN_SPLIT).filter((token) => token !== '');
}

/** The tokens of one field (title or brand) and the products that have each. */
class FieldIndex {
  /** Sorted, so that a prefix is a contiguous range. */
  readonly tokens: string[];
  readonly postings: OrdinalSet[];

  constructor(texts: Iterable<string>, size: number) {
    const byToken = new Map<string, number[]>();
    let ordinal = 0;
    const foldedCache = new Map<string, string[]>();
    for (const text of texts) {
      let tokens = foldedCache.get(text);
      if (!tokens) {
        tokens = [...new Set(tokenize(text))];
        // Brands repeat across thousands of products; titles rarely do, so only short texts are worth caching.
        if (text.length < 40) foldedCache.set(text, tokens);
      }
      for (const token of tokens) {
        let list = byToken.get(token);
        if (!list) byToken.set(token, (list = []));
        list.push(ordinal);
      }
      ordinal++;
    }
    this.tokens = [...byToken.keys()].sort();
    this.postings = this.tokens.map((token) => toOrdinalSet(Uint32Array.from(byToken.get(token)!), size));
  }

  /** Adds to `out` the products with a token equal to `word`, or starting with it when `prefix`. */
  addMatches(word: string, prefix: boolean, out: Bitset): void {
    let low = 0;
    let high = this.tokens.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.tokens[middle]! < word) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < this.tokens.length; index++) {
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

export class TextIndex {
  readonly #size: number;
  readonly #title: FieldIndex;
  readonly #brand: FieldIndex;

  constructor(products: readonly Product[]) {
    this.#size = products.length;
    this.#title = new FieldIndex(products.map((product) => product.title), products.length);
    this.#brand = new FieldIndex(products.map((product) => product.brand), products.length);
  }

  /** Matches a query; null when it has no searchable word (then it filters nothing). */
  match(query: string): TextMatch | null {
    const words = tokenize(query).slice(0, MAX_WORDS);
    if (words.length === 0) return null;
    let matches: Bitset | null = null;
    const titleMatches = words.map((word, position) => {
      const prefix = position === words.length - 1;
      const inTitle = createBitset(this.#size);
      this.#title.addMatches(word, prefix, inTitle);
      const anywhere = inTitle.slice();
      this.#brand.addMatches(word, prefix, anywhere);
      matches = matches ? intersectInto(matches, anywhere) : anywhere;
      return inTitle;
    });
    return { matches: matches!, titleMatches };
  }
}
