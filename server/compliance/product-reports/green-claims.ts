/**
 * Finds generic environmental claims in text (the green-claims check, setting `greenwashing_enabled`).
 * Matching ignores case and diacritics, yet every hit is reported in the original spelling with the words around
 * it, because a manager must see the phrase as the shopper reads it to reword it.
 */
import { foldText } from '../../catalog/model.js';
import { GREEN_CLAIM_TERMS, type ClaimLanguage, type GreenClaimTerm } from './green-claim-terms.js';

export interface GreenClaimHit {
  /** The list entry that matched, e.g. `eco-friendly`. */
  term: string;
  language: ClaimLanguage;
  /** The matched words exactly as written, e.g. `Eco-Friendly`. */
  phrase: string;
  /** The phrase with up to {@link CONTEXT_CHARS} characters either side, `…` where text was cut. */
  context: string;
  /** Offset of the phrase in the original text. */
  index: number;
}

export const CONTEXT_CHARS = 40;

/** Folded text with, for each folded character, the offset of the original character it came from. */
function foldWithOffsets(text: string): { folded: string; offsets: number[] } {
  let folded = '';
  const offsets: number[] = [];
  let index = 0;
  for (const character of text) {
    const piece = foldText(character);
    folded += piece;
    for (let at = 0; at < piece.length; at++) offsets.push(index);
    index += character.length;
  }
  offsets.push(text.length);
  return { folded, offsets };
}

function compile(terms: readonly GreenClaimTerm[]): { term: GreenClaimTerm; regex: RegExp }[] {
  // Letters and digits on either side mean another word ("evergreen", "ecology", "Ökonomie" is not "öko-").
  return terms.map((entry) => ({
    term: entry,
    regex: new RegExp(`(?<![a-z0-9])(?:${entry.pattern})(?![a-z0-9])`, 'g'),
  }));
}

const COMPILED = compile(GREEN_CLAIM_TERMS);

function contextOf(text: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(text.length, end + CONTEXT_CHARS);
  return `${from > 0 ? '…' : ''}${text.slice(from, to).replace(/\s+/g, ' ').trim()}${to < text.length ? '…' : ''}`;
}

/**
 * Every generic environmental claim in `text`, in the order they appear; overlapping matches keep the longest
 * ("eco-friendly", not also "eco").
 *
 * @param ignore words that are not claims here, e.g. the product's own colour ("Green" on a green jumper)
 * @example findGreenClaims('Our eco-friendly, biologisch abbaubare bag').map((hit) => hit.phrase) // ['eco-friendly',
 * 'biologisch abbaubare']
 */
export function findGreenClaims(text: string, ignore: readonly string[] = []): GreenClaimHit[] {
  const { folded, offsets } = foldWithOffsets(text);
  const ignored = new Set(ignore.map(foldText));
  const found: { start: number; end: number; term: GreenClaimTerm }[] = [];
  for (const { term, regex } of COMPILED) {
    regex.lastIndex = 0;
    for (let match = regex.exec(folded); match; match = regex.exec(folded)) {
      if (ignored.has(match[0])) continue;
      found.push({ start: match.index, end: match.index + match[0].length, term });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: typeof found = [];
  for (const hit of found) if (!kept.some((other) => hit.start < other.end && other.start < hit.end)) kept.push(hit);
  return kept.map(({ start, end, term }) => {
    const [from, to] = [offsets[start]!, offsets[end]!];
    return {
      term: term.term,
      language: term.language,
      phrase: text.slice(from, to),
      context: contextOf(text, from, to),
      index: from,
    };
  });
}
