/**
 * The search index behind `sf_q`: folded tokens of each product's title and brand. Every word of the query must
 * match (earlier words whole, the last one as a prefix, since the shopper may still be typing), case- and
 * diacritic-insensitively (`zolty` finds `Żółty`). Title matches rank above brand-only ones.
 *
 * With the shop language's word forms (WordForms, given by the caller: the engine knows no language), a word also
 * matches a token with which it shares a form (a lemma or stem: `kubki` finds `Kubek`, `butów` finds `Buty`). The
 * last word then matches as a prefix of a token OR by its forms: the prefix keeps every partly typed word working
 * (`kub` finds `Kubek`), the forms make a finished one find its other forms; stemming a partly typed word would
 * only give a stem of something else (`kubk` is no form of anything), so a prefix of forms is never tried.
 * @internal
 */
import { foldText, type Product } from '../../catalog/model.js';
import { grow } from './growable.js';
import { lowerBound } from './sorted-search.js';
import {
  addSetInto,
  copyInto,
  intersectInto,
  setSize,
  toOrdinalSet,
  type Bitset,
  type BitsetPool,
  type OrdinalSet,
} from './bitset.js';
import { addOrdinal, emptySet, removeOrdinal, widenSet } from './ordinal-set-edit.js';
import type { RowChange } from './row-placement.js';

const TOKEN_SPLIT = /[^a-z0-9]+/;
export const MAX_WORDS = 8;

/** Splits text into folded search tokens. */
export function tokenize(text: string): string[] {
  return foldText(text)
    .split(TOKEN_SPLIT)
    .filter((token) => token !== '');
}

/**
 * How the words of one language meet their other forms: the caller's (catalog/word-forms), so that the engine stays
 * free of any language.
 */
export interface WordForms {
  /** The language and the stemmer or dictionary behind it, with its version: a snapshot is keyed by it. */
  readonly id: string;
  /**
   * The forms (lemmas or stems) of a folded token: two tokens match when they share one. Empty for a token the
   * language does not know.
   */
  formsOf(token: string): readonly string[];
}

/** The distinct forms of the tokens of `text`. */
function formTokens(text: string, wordForms: WordForms): string[] {
  const forms = new Set<string>();
  for (const token of tokenize(text)) for (const form of wordForms.formsOf(token)) forms.add(form);
  return [...forms];
}

/** The tokens of one field (title or brand) and the products that have each. */
class FieldIndex {
  /** Sorted, so that a prefix is a contiguous range. */
  readonly tokens: string[];
  postings: OrdinalSet[];
  /** What a text's tokens are: its folded words, or their forms. */
  tokensOf: (text: string) => string[];

  widen(words: number): void {
    this.postings = this.postings.map((set) => widenSet(set, words));
  }

  /**
   * Builds postings in typed arrays, without a JS array per token: at a million products those arrays would survive
   * into the old generation and make every full GC walk them.
   */
  constructor(texts: readonly string[], size: number, tokensOf: (text: string) => string[] = tokenize) {
    this.tokensOf = tokensOf;
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
          ids = tokensOf(word).map(
            (token) => idByToken.get(token) ?? (idByToken.set(token, idByToken.size), idByToken.size - 1),
          );
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
      for (let index = starts[ordinal]!; index < starts[ordinal + 1]!; index++)
        postings[filled[occurrences[index]!]!++] = ordinal;
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
    const oldTokens = new Set(oldText === null ? [] : this.tokensOf(oldText));
    const newTokens = new Set(newText === null ? [] : this.tokensOf(newText));
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

/** A field as a snapshot holds it: sorted tokens and their postings. */
type StoredField = Pick<FieldIndex, 'tokens' | 'postings'>;

/**
 * A text index as a snapshot holds it (see engine-snapshot.ts): each field's sorted tokens and their postings, and
 * with word forms, the forms' fields and the id of the word forms they were made with.
 */
export interface TextIndexParts {
  title: StoredField;
  brand: StoredField;
  forms?: { id: string; title: StoredField; brand: StoredField };
}

function restoredField(stored: StoredField, tokensOf: (text: string) => string[]): FieldIndex {
  return Object.assign(Object.create(FieldIndex.prototype) as FieldIndex, {
    tokens: stored.tokens,
    postings: stored.postings,
    tokensOf,
  });
}

const storedField = (field: FieldIndex): StoredField => ({ tokens: field.tokens, postings: field.postings });

/** The forms' fields of a text index: the tokens' forms, and how a query word's forms are found. */
interface FormFields {
  wordForms: WordForms;
  title: FieldIndex;
  brand: FieldIndex;
}

export class TextIndex {
  readonly #title: FieldIndex;
  readonly #brand: FieldIndex;
  readonly #forms: FormFields | null;

  /**
   * Indexes the products' titles and brands, or takes the fields of a snapshot.
   * @param wordForms the shop language's word forms; null matches folded tokens only. A snapshot's must be the ones
   *   it was made with (engine-snapshot.ts keys snapshots by their id).
   */
  constructor(source: readonly Product[] | TextIndexParts, wordForms: WordForms | null = null) {
    const tokensOfForms = wordForms && ((text: string) => formTokens(text, wordForms));
    if ('title' in source) {
      if ((source.forms?.id ?? null) !== (wordForms?.id ?? null))
        throw new Error(
          `A text index made with word forms ${source.forms?.id ?? 'none'} cannot use ${wordForms?.id ?? 'none'}.`,
        );
      this.#title = restoredField(source.title, tokenize);
      this.#brand = restoredField(source.brand, tokenize);
      this.#forms =
        source.forms && wordForms && tokensOfForms
          ? {
              wordForms,
              title: restoredField(source.forms.title, tokensOfForms),
              brand: restoredField(source.forms.brand, tokensOfForms),
            }
          : null;
      return;
    }
    const titles = source.map((product) => product.title);
    const brands = source.map((product) => product.brand);
    this.#title = new FieldIndex(titles, source.length);
    this.#brand = new FieldIndex(brands, source.length);
    this.#forms =
      wordForms && tokensOfForms
        ? {
            wordForms,
            title: new FieldIndex(titles, source.length, tokensOfForms),
            brand: new FieldIndex(brands, source.length, tokensOfForms),
          }
        : null;
  }

  /** The id of the word forms the index matches by, null when it matches folded tokens only. */
  get wordFormsId(): string | null {
    return this.#forms?.wordForms.id ?? null;
  }

  parts(): TextIndexParts {
    const forms = this.#forms;
    return {
      title: storedField(this.#title),
      brand: storedField(this.#brand),
      ...(forms
        ? { forms: { id: forms.wordForms.id, title: storedField(forms.title), brand: storedField(forms.brand) } }
        : {}),
    };
  }

  #fields(): FieldIndex[] {
    return this.#forms ? [this.#title, this.#brand, this.#forms.title, this.#forms.brand] : [this.#title, this.#brand];
  }

  /** Makes room for rows up to `words` * 32 in the postings held as bitsets. */
  widen(words: number): void {
    for (const field of this.#fields()) field.widen(words);
  }

  /** Brings the postings up to date with changed rows (see engine.ts's applyEdit). */
  update(changes: readonly RowChange[], words: number): void {
    const forms = this.#forms;
    for (const { row, ownerBefore, ownerAfter } of changes) {
      if (ownerBefore?.title !== ownerAfter?.title) {
        this.#title.replaceText(row, ownerBefore?.title ?? null, ownerAfter?.title ?? null, words);
        forms?.title.replaceText(row, ownerBefore?.title ?? null, ownerAfter?.title ?? null, words);
      }
      if (ownerBefore?.brand !== ownerAfter?.brand) {
        this.#brand.replaceText(row, ownerBefore?.brand ?? null, ownerAfter?.brand ?? null, words);
        forms?.brand.replaceText(row, ownerBefore?.brand ?? null, ownerAfter?.brand ?? null, words);
      }
    }
  }

  /** Matches a query; null when it has no searchable word (then it filters nothing). The bitsets come from `pool`. */
  match(query: string, pool: BitsetPool): TextMatch | null {
    const words = tokenize(query).slice(0, MAX_WORDS);
    if (words.length === 0) return null;
    const forms = this.#forms;
    let matches: Bitset | null = null;
    const titleMatches = words.map((word, position) => {
      const prefix = position === words.length - 1;
      const wordForms = forms ? forms.wordForms.formsOf(word) : [];
      const inTitle = pool.takeZeroed();
      this.#title.addMatches(word, prefix, inTitle);
      for (const form of wordForms) forms!.title.addMatches(form, false, inTitle);
      const anywhere = copyInto(pool.take(), inTitle);
      this.#brand.addMatches(word, prefix, anywhere);
      for (const form of wordForms) forms!.brand.addMatches(form, false, anywhere);
      matches = matches ? intersectInto(matches, anywhere) : anywhere;
      return inTitle;
    });
    return { matches: matches!, titleMatches };
  }
}
