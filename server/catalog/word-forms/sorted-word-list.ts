/**
 * A dictionary's words and their affix flags as one sorted text of `word\tflags\n` lines, looked up by binary search.
 * A map of ~290,000 entries costs the Polish dictionary most of its load time (and its garbage collection) at every
 * start; this text is read from a cache file as it is and only needs its line starts found.
 */
const TAB = 9;
const NEWLINE = 10;

export class SortedWordList {
  readonly #starts: Uint32Array;
  readonly #tabs: Uint32Array;

  private constructor(readonly text: string) {
    let lines = 0;
    for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) === NEWLINE) lines++;
    this.#starts = new Uint32Array(lines);
    this.#tabs = new Uint32Array(lines);
    let line = 0;
    let start = 0;
    let tabSeen = false;
    for (let at = 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === TAB && !tabSeen) {
        this.#tabs[line] = at;
        tabSeen = true;
      } else if (code === NEWLINE) {
        if (!tabSeen) throw new Error(`Line ${line + 1} of a sorted word list has no tab after its word.`);
        this.#starts[line++] = start;
        start = at + 1;
        tabSeen = false;
      }
    }
  }

  /** Words with their flags, in any order, a word given more than once having its flags joined. */
  static fromEntries(words: readonly string[], flags: readonly string[]): SortedWordList {
    const order = words
      .map((_, at) => at)
      .sort((a, b) => (words[a]! < words[b]! ? -1 : words[a]! > words[b]! ? 1 : a - b));
    const lines: string[] = [];
    let previous: string | null = null;
    for (const at of order) {
      const word = words[at]!;
      if (word === previous) lines[lines.length - 1] += flags[at]!;
      else lines.push(`${word}\t${flags[at]!}`);
      previous = word;
    }
    return new SortedWordList(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  }

  /** A list from the text of an earlier one (its `text`), e.g. read back from a cache file. */
  static fromText(text: string): SortedWordList {
    if (text !== '' && !text.endsWith('\n')) throw new Error('A sorted word list ends with a line break.');
    return new SortedWordList(text);
  }

  get size(): number {
    return this.#starts.length;
  }

  /** The flags of a listed word ('' for a word without flags), undefined for a word not listed. */
  flagsOf(word: string): string | undefined {
    let low = 0;
    let high = this.#starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const listed = this.text.slice(this.#starts[middle]!, this.#tabs[middle]!);
      if (listed < word) low = middle + 1;
      else if (listed > word) high = middle;
      else return this.text.slice(this.#tabs[middle]! + 1, (this.#starts[middle + 1] ?? this.text.length) - 1);
    }
    return undefined;
  }
}
