/**
 * What JSON from a request may hold: at most {@link MAX_JSON_DEPTH} levels of arrays and objects (real bodies have
 * three or four; thousands exhaust the stack of any recursive code that later walks them), and only well-formed
 * Unicode text, since a lone surrogate (`"\ud800"`) cannot be written out again as UTF-8 or put in a URL.
 */

export const MAX_JSON_DEPTH = 32;
/** With the `u` flag a paired surrogate is one code point; only a lone one is of the category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** @example isWellFormedText('\ud800') === false */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/**
 * @param value Parsed JSON.
 * @returns A sentence naming the first problem, or null when the value is acceptable.
 * @example jsonProblem(JSON.parse('[[[[1]]]]'), 3)  // 'The JSON is nested more than 3 levels deep.'
 */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): string | null {
  // A loop, not recursion: the depth is exactly what must not be trusted.
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const current = entry.value;
    if (typeof current === 'string') {
      if (!isWellFormedText(current))
        return 'The JSON holds text that is not valid Unicode (a lone surrogate such as \\ud800).';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (entry.depth >= maxDepth) return `The JSON is nested more than ${maxDepth} levels deep.`;
    for (const [key, child] of Object.entries(current)) {
      if (!isWellFormedText(key))
        return 'The JSON holds a key that is not valid Unicode (a lone surrogate such as \\ud800).';
      pending.push({ value: child, depth: entry.depth + 1 });
    }
  }
  return null;
}
