/**
 * An object's JSON as UTF-8 bytes, exactly what `Buffer.from(JSON.stringify(record))` gives, for answers that carry
 * long HTML strings (`/filter`: 60,000 characters, two bytes each once a label or a star is outside Latin-1).
 * Serialized whole, such an answer is one string past V8's large-object threshold: allocated in pages of its own and
 * freed only by a full collection, it cost a third more than the same work field by field, where each long string
 * is serialized and encoded alone and the pieces are joined as bytes.
 */

/** Strings at least this long are serialized and encoded on their own. */
const LONG_STRING = 4096;

/** @param record a plain object (values with a `toJSON` that reads its key would see `''`) */
export function jsonBytes(record: object): Buffer {
  const pieces: Buffer[] = [];
  let text = '{';
  let first = true;
  for (const key of Object.keys(record)) {
    const value = (record as Record<string, unknown>)[key];
    const json = JSON.stringify(value);
    // As JSON.stringify leaves out undefined values, functions and symbols.
    if (json === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (typeof value === 'string' && value.length >= LONG_STRING) {
      pieces.push(Buffer.from(text), Buffer.from(json));
      text = '';
    } else {
      text += json;
    }
  }
  pieces.push(Buffer.from(`${text}}`));
  return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
}
