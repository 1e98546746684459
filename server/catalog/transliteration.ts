/**
 * Letters that Unicode does not decompose into a base letter and a mark, spelled in Latin letters, so that a name in
 * any of the shop's likely languages gives a readable slug and matches a search typed without them: `Żółta miska` →
 * `zolta-miska`, `Straße` → `strasse`, `Москва` → `moskva`, `Αθήνα` → `athina`. Keys are lower case and without
 * marks (foldText lowers and strips marks first). Transliterations follow common practice (Russian and Ukrainian as
 * passports spell them, Greek ELOT 743), without the language-specific variants, which a slug cannot know.
 */
const LATIN: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
  ð: 'd',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'ng',
  ĳ: 'ij',
  ŀ: 'l',
  ſ: 's',
  ƒ: 'f',
  ə: 'e',
  ĸ: 'k',
};

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
};

const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const LETTERS: Record<string, string> = { ...LATIN, ...CYRILLIC, ...GREEK };
const PATTERN = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * Spells the letters above in Latin letters; everything else is left as it is.
 * @param folded text already lowered and stripped of combining marks
 * @example transliterate('moscow: москва') === 'moscow: moskva'
 */
export function transliterate(folded: string): string {
  return folded.replace(PATTERN, (letter) => LETTERS[letter] ?? letter);
}
