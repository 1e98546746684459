/**
 * An object's JSON as UTF-8 bytes, exactly what `Buffer.from(JSON.stringify(record))` gives, for answers that carry
 * long HTML strings (`/filter`: 60,000 characters, two bytes each once a label or a star is outside Latin-1).
 * Serialized whole, such an answer is one string past V8's large-object threshold: allocated in pages of its own and
 * freed only by a full collection, it cost a third more than the same work field by field, where each long string
 * is serialized and encoded alone and the pieces are joined as bytes.
 */

/** Strings at least this long are serialized and encoded on their own. */
const LONG_STRING = 4096;

/**
 * The last long strings encoded, by string: a state's facets form is the same string for its other pages and sort
 * orders (see facets-fragment.ts), and half of such an answer's bytes. A string longer than V8 hashes is keyed by
 * its length and compared whole only when two lengths meet, and the same string object is found by identity.
 */
const recentLong = new Map<string, Buffer>();
const RECENT_LONG_STRINGS = 16;

/** The JSON of `value` as UTF-8, serialized and encoded once for as long as `value` is among the recent ones. */
function longStringBytes(value: string): Buffer {
  const known = recentLong.get(value);
  if (known) return known;
  const bytes = Buffer.from(JSON.stringify(value));
  recentLong.set(value, bytes);
  if (recentLong.size > RECENT_LONG_STRINGS) recentLong.delete(recentLong.keys().next().value!);
  return bytes;
}

/** @param record a plain object (values with a `toJSON` that reads its key would see `''`) */
export function jsonBytes(record: object): Buffer {
  const pieces: Buffer[] = [];
  let text = '{';
  let first = true;
  for (const key of Object.keys(record)) {
    const value = (record as Record<string, unknown>)[key];
    const long = typeof value === 'string' && value.length >= LONG_STRING;
    const json = long ? '' : JSON.stringify(value);
    // As JSON.stringify leaves out undefined values, functions and symbols.
    if (json === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (long) {
      pieces.push(Buffer.from(text), longStringBytes(value));
      text = '';
    } else {
      text += json;
    }
  }
  pieces.push(Buffer.from(`${text}}`));
  return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
}
