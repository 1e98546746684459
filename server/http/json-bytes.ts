/**
 * An object's JSON as UTF-8 bytes, exactly what `Buffer.from(JSON.stringify(record))` gives, for answers that carry
 * long HTML strings (`/filter`: 60,000 characters, two bytes each once a label or a star is outside Latin-1).
 * Serialized whole, such an answer is one string past V8's large-object threshold: allocated in pages of its own and
 * freed only by a full collection, it cost a third more than the same work field by field, where each long string
 * is serialized alone and every piece is encoded in turn into one buffer.
 */

/** Strings at least this long are serialized on their own. */
const LONG_STRING = 4096;

/**
 * Where an answer is encoded before its exact bytes are copied out, grown to the largest answer and kept: encoding
 * into room known to be enough takes one pass over a string, where `Buffer.from` takes two (its length in UTF-8,
 * then the bytes), and the pieces need no joining.
 */
let scratch = Buffer.allocUnsafe(1 << 16);

/** Where a member (`"key":value`) of an object's JSON lies in its bytes: from its key's quote to its value's end. */
export interface MemberBytes {
  start: number;
  end: number;
}

/** @param record a plain object (values with a `toJSON` that reads its key would see `''`) */
export function jsonBytes(record: object): Buffer {
  return jsonBytesWithMembers(record, []).bytes;
}

/**
 * {@link jsonBytes}, and where the members named in `located` lie in the bytes (those present), so that a copy without
 * one can be cut from them ({@link withoutMember}) instead of serialized again.
 */
export function jsonBytesWithMembers(
  record: object,
  located: readonly string[],
): { bytes: Buffer; members: Map<string, MemberBytes> } {
  const members = new Map<string, MemberBytes>();
  let length = 0;
  const put = (text: string) => {
    // A UTF-16 code unit takes at most three bytes in UTF-8.
    if (scratch.length - length < text.length * 3) {
      const grown = Buffer.allocUnsafe(Math.max(scratch.length * 2, length + text.length * 3));
      scratch.copy(grown, 0, 0, length);
      scratch = grown;
    }
    length += scratch.write(text, length, 'utf8');
  };
  let text = '{';
  let first = true;
  for (const key of Object.keys(record)) {
    const value = (record as Record<string, unknown>)[key];
    const json = JSON.stringify(value);
    // As JSON.stringify leaves out undefined values, functions and symbols.
    if (json === undefined) continue;
    const keyJson = JSON.stringify(key);
    text += first ? '' : ',';
    first = false;
    if (located.includes(key)) {
      put(text);
      const start = length;
      put(keyJson);
      put(':');
      put(json);
      members.set(key, { start, end: length });
      text = '';
    } else if (typeof value === 'string' && value.length >= LONG_STRING) {
      put(`${text}${keyJson}:`);
      put(json);
      text = '';
    } else {
      text += `${keyJson}:${json}`;
    }
  }
  put(`${text}}`);
  const bytes = Buffer.allocUnsafe(length);
  scratch.copy(bytes, 0, 0, length);
  return { bytes, members };
}

/**
 * The JSON of an object without one of its members, cut from the object's bytes: the member and the comma that
 * joined it to the next (or, for the last member, to the one before) are left out.
 */
export function withoutMember(bytes: Buffer, { start, end }: MemberBytes): Buffer {
  const COMMA = 0x2c;
  if (bytes[end] === COMMA) return Buffer.concat([bytes.subarray(0, start), bytes.subarray(end + 1)]);
  if (bytes[start - 1] === COMMA) return Buffer.concat([bytes.subarray(0, start - 1), bytes.subarray(end)]);
  return Buffer.concat([bytes.subarray(0, start), bytes.subarray(end)]);
}
