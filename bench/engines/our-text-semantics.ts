/**
 * Our `sf_q` semantics for engines whose own full-text search cannot express them (itemsjs runs lunr with stemming
 * and no prefix matching; Orama prefix-matches every word and tokenizes differently): every query word must be a
 * token of the title or brand, the last one as a prefix, with our folding and tokenizer. Adapters express it with
 * what the engine offers: a list of ids (itemsjs) or exact-token filters on a token field (Orama).
 */
import type { Product } from '../../server/catalog/model.js';
import { lowerBound } from '../../server/facets/engine/sorted-search.js';
import { MAX_WORDS, tokenize } from '../../server/facets/engine/text-index.js';

/** The distinct tokens of a product's title and brand. */
export function productTokens(product: Product): string[] {
  return [...new Set([...tokenize(product.title), ...tokenize(product.brand)])];
}

export class TokenVocabulary {
  /** Sorted, so that a prefix is a contiguous range. */
  readonly #tokens: string[];

  constructor(tokensPerProduct: Iterable<readonly string[]>) {
    const all = new Set<string>();
    for (const tokens of tokensPerProduct) for (const token of tokens) all.add(token);
    this.#tokens = [...all].sort();
  }

  /** Per query word, the tokens that match it: the word itself, or for the last word every token it begins. */
  expand(query: string): string[][] {
    const words = tokenize(query).slice(0, MAX_WORDS);
    return words.map((word, index) =>
      index === words.length - 1 ? this.#withPrefix(word) : this.#tokens.includes(word) ? [word] : [],
    );
  }

  #withPrefix(prefix: string): string[] {
    const matches: string[] = [];
    for (
      let index = lowerBound(this.#tokens, prefix);
      index < this.#tokens.length && this.#tokens[index]!.startsWith(prefix);
      index++
    )
      matches.push(this.#tokens[index]!);
    return matches;
  }
}
