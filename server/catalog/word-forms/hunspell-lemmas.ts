/**
 * A lemmatiser made from a Hunspell dictionary: its affix rules applied in reverse. A Hunspell `.dic` lists lemmas
 * with affix flags (`kubek/PSZz`), its `.aff` says what each flag's suffix rules do (strip `ek`, add `ki`, when the
 * lemma ends in `ek`). A word's lemmas are then every listed word from which one rule of one of its flags makes it:
 * `kubki` → `kubek`, `butów` → `but`, `koszule` → `koszula`.
 *
 * Everything is folded first (case and diacritics, as search tokens are: model.ts foldText), so that `butow` typed
 * without Polish letters finds its lemma as `butów` does. Folding can make a condition class such as `[^ą]` mean
 * something else; such classes are widened (see foldedCondition), so folding only ever finds more lemmas, and every
 * lemma found must still be a listed word that carries the rule's flag.
 *
 * Prefix rules are left out: Polish has one, `nie-`, and a shopper who types `niebieski` (blue) wants no `bieski`.
 */
import { foldText } from '../model.js';
import { SortedWordList } from './sorted-word-list.js';

interface SuffixRule {
  flag: string;
  /** Folded text the rule removed from the lemma's end (put back to undo it). */
  strip: string;
  /** Matches the end of a lemma the rule applies to. */
  condition: RegExp | null;
}

export interface HunspellSources {
  aff: string;
  dic: string;
}

/** ASCII letters and digits fold to themselves: a class made of them alone needs no widening. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included
const PLAIN = /^[\x00-\x7f]*$/;

/**
 * A Hunspell condition (`[^i]e`, `[aeiouy]k`, `.`) as a regular expression on folded lemmas, null when it holds for
 * every lemma. A negated class with a letter that folding changes is dropped to "any letter": `[^ą]` must still let
 * through a lemma that ended in `ą` and now ends in `a`.
 */
function foldedCondition(condition: string): RegExp | null {
  if (condition === '.') return null;
  const parts = condition.match(/\[[^\]]*\]|./gu) ?? [];
  const pattern = parts
    .map((part) => {
      if (part === '.') return '.';
      if (!part.startsWith('[')) return escapeForClass(foldText(part));
      const negated = part.startsWith('[^');
      const members = part.slice(negated ? 2 : 1, -1);
      if (negated) return PLAIN.test(members) ? `[^${escapeForClass(members)}]` : '.';
      return `[${escapeForClass([...members].map(foldText).join(''))}]`;
    })
    .join('');
  return new RegExp(`${pattern}$`, 'u');
}

function escapeForClass(text: string): string {
  return text.replace(/[\\\]^[-]/g, '\\$&');
}

/**
 * The lemmas of words in one language, from a Hunspell `.aff` and `.dic`. Parsing a large dictionary takes a few
 * hundred milliseconds: make one per language and keep it (word-forms.ts does).
 *
 * @example new HunspellLemmas({ aff, dic }).lemmasOf('kubki') // ['kubek']
 */
export class HunspellLemmas {
  /** Folded lemmas with the flags of every listed word that folds to each. */
  readonly words: SortedWordList;
  /** Folded added text → the rules that add it; '' for rules that only strip. */
  readonly #rulesByEnding = new Map<string, SuffixRule[]>();
  #longestEnding = 0;

  /** @param words the word list an earlier instance made of the same `dic` (its `words.text`), to skip reading it */
  constructor({ aff, dic }: HunspellSources, words?: SortedWordList) {
    this.#readAffixes(aff);
    this.words = words ?? HunspellLemmas.#readWords(dic);
  }

  #readAffixes(aff: string): void {
    const groups = new Set<string>();
    for (const line of aff.split('\n')) {
      if (!line.startsWith('SFX')) continue;
      const [, flag, stripped, added, condition = '.'] = line.trim().split(/\s+/);
      if (!flag || added === undefined) continue;
      // A group's first line is its header (`SFX a Y 6`: cross product, rule count), not a rule.
      if (!groups.has(flag)) {
        groups.add(flag);
        continue;
      }
      const ending = added === '0' ? '' : foldText(added.split('/')[0]!);
      const rule: SuffixRule = {
        flag,
        strip: stripped === '0' ? '' : foldText(stripped!),
        condition: foldedCondition(condition),
      };
      const rules = this.#rulesByEnding.get(ending);
      if (rules) rules.push(rule);
      else this.#rulesByEnding.set(ending, [rule]);
      this.#longestEnding = Math.max(this.#longestEnding, ending.length);
    }
  }

  static #readWords(dic: string): SortedWordList {
    // The first line is the word count.
    const lines = dic
      .split('\n')
      .slice(1)
      .filter((line) => line.trim() !== '');
    const slashes = lines.map((line) => line.indexOf('/'));
    // One fold of all the words at once: a fold per word takes ten times as long. Folding keeps the line breaks.
    const words = foldText(
      lines.map((line, at) => (slashes[at]! < 0 ? line.trimEnd() : line.slice(0, slashes[at]))).join('\n'),
    ).split('\n');
    if (words.length !== lines.length) throw new Error('Folding the dictionary changed its number of lines.');
    // Flags end at the first blank: what follows it on a line is morphological data, not flags.
    const flags = lines.map((line, at) => (slashes[at]! < 0 ? '' : line.slice(slashes[at]! + 1).split(/\s/, 1)[0]!));
    return SortedWordList.fromEntries(words, flags);
  }

  /** How many distinct folded lemmas the dictionary lists. */
  get size(): number {
    return this.words.size;
  }

  /**
   * The folded lemmas `word` (folded) is a form of, the word itself first when it is listed; empty when the
   * dictionary does not know it (a brand, a code).
   * @example lemmas.lemmasOf('butow') // ['but']
   */
  lemmasOf(word: string): string[] {
    const found = new Set<string>();
    if (this.words.flagsOf(word) !== undefined) found.add(word);
    const longest = Math.min(this.#longestEnding, word.length - 1);
    for (let length = 0; length <= longest; length++) {
      const rules = this.#rulesByEnding.get(word.slice(word.length - length));
      if (!rules) continue;
      const stem = word.slice(0, word.length - length);
      for (const rule of rules) {
        const lemma = stem + rule.strip;
        if (found.has(lemma)) continue;
        const flags = this.words.flagsOf(lemma);
        if (flags === undefined || !flags.includes(rule.flag)) continue;
        if (rule.condition && !rule.condition.test(lemma)) continue;
        found.add(lemma);
      }
    }
    return [...found];
  }
}
