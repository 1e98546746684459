/**
 * A binary container for an index snapshot: a JSON document whose typed arrays are stored as raw bytes after it,
 * with a format version and a CRC-32 of the whole, so that a damaged or foreign file is told apart from a good one
 * before anything is built from it. Read back, the arrays are views on the bytes read (no copy, no parse per
 * element): a million-product index comes back in the time it takes to read the file.
 *
 * Layout: `VTSNAP` 0 0 | container version (u32 LE) | JSON length (u32 LE) | JSON (UTF-8) | zero padding to a
 * multiple of 8 | each array's bytes, each starting at a multiple of 8 | CRC-32 of everything before (u32 LE).
 * In the JSON, an array is `{"$array": [type, offset, length]}`, its offset counted from the first array's.
 * @internal
 */
import { backgroundPause } from '../../http/background-pause.js';
import { crc32 } from 'node:zlib';

const MAGIC = Buffer.from('VTSNAP\0\0', 'latin1');
const CONTAINER_VERSION = 1;
const HEADER_BYTES = MAGIC.length + 8;

type StoredArray = Uint32Array | Int32Array | Float64Array | Uint8Array;
const ARRAY_TYPES = { u32: Uint32Array, i32: Int32Array, f64: Float64Array, u8: Uint8Array } as const;
type ArrayType = keyof typeof ARRAY_TYPES;

/** A snapshot that cannot be read: damaged, cut short, or written by another version. */
export class SnapshotError extends Error {}

function typeOf(array: StoredArray): ArrayType {
  if (array instanceof Uint32Array) return 'u32';
  if (array instanceof Int32Array) return 'i32';
  if (array instanceof Float64Array) return 'f64';
  return 'u8';
}

const align8 = (bytes: number): number => (bytes + 7) & ~7;

/**
 * Bytes of arrays copied and checksummed between two pauses for requests (background-pause.ts) in {@link withDocument}
 * and {@link decodeSnapshotSteps}.
 */
const SLICE_BYTES = 4 * 1024 * 1024;

/**
 * The snapshot of `document`: plain JSON values and typed arrays (Uint32, Int32, Float64, Uint8).
 * @param room bytes of spaces after the document, for a longer one to take its place ({@link withDocument})
 */
export function encodeSnapshot(document: unknown, room = 0): Buffer {
  const arrays: StoredArray[] = [];
  let arrayBytes = 0;
  const json = Buffer.from(
    JSON.stringify(document, (_key, value: unknown) => {
      if (!ArrayBuffer.isView(value)) return value;
      const array = value as StoredArray;
      const reference = { $array: [typeOf(array), arrayBytes, array.length] };
      arrays.push(array);
      arrayBytes += align8(array.byteLength);
      return reference;
    }) + ' '.repeat(room),
    'utf8',
  );
  const arraysStart = align8(HEADER_BYTES + json.length);
  const bytes = Buffer.alloc(arraysStart + arrayBytes + 4);
  MAGIC.copy(bytes, 0);
  bytes.writeUInt32LE(CONTAINER_VERSION, MAGIC.length);
  bytes.writeUInt32LE(json.length, MAGIC.length + 4);
  json.copy(bytes, HEADER_BYTES);
  let offset = arraysStart;
  for (const array of arrays) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += align8(array.byteLength);
  }
  bytes.writeUInt32LE(crc32(bytes.subarray(0, bytes.length - 4)), bytes.length - 4);
  return bytes;
}

/**
 * The document of a snapshot, its arrays as views on `bytes` (which must not be changed afterwards), with a step
 * after each `sliceBytes` checksummed: a caller serving requests pauses between them (the checksum of a 50 MB
 * snapshot would otherwise be part of one step), another runs the steps through.
 * @throws SnapshotError saying why it cannot be read
 */
export function* decodeSnapshotSteps(bytes: Buffer, sliceBytes = SLICE_BYTES): Generator<void, unknown, void> {
  if (bytes.length < HEADER_BYTES + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    throw new SnapshotError('not a snapshot file');
  const version = bytes.readUInt32LE(MAGIC.length);
  if (version !== CONTAINER_VERSION)
    throw new SnapshotError(`container version ${version}, this version reads ${CONTAINER_VERSION}`);
  const checked = bytes.length - 4;
  let checksum = 0;
  for (let at = 0; at < checked; at += sliceBytes) {
    checksum = crc32(bytes.subarray(at, Math.min(checked, at + sliceBytes)), checksum);
    yield;
  }
  if (checksum !== bytes.readUInt32LE(checked)) throw new SnapshotError('checksum mismatch (damaged or cut short)');
  // Views need their element size's alignment: a buffer that does not start at a multiple of 8 is copied once.
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(new Uint8Array(bytes));
  const jsonLength = aligned.readUInt32LE(MAGIC.length + 4);
  const arraysStart = align8(HEADER_BYTES + jsonLength);
  return JSON.parse(aligned.toString('utf8', HEADER_BYTES, HEADER_BYTES + jsonLength), (_key, value: unknown) => {
    const reference = (value as { $array?: [ArrayType, number, number] } | null)?.$array;
    if (!reference) return value;
    const [type, offset, length] = reference;
    const Type = ARRAY_TYPES[type];
    const start = aligned.byteOffset + arraysStart + offset;
    if (!Type || start + length * Type.BYTES_PER_ELEMENT > aligned.byteOffset + aligned.length - 4)
      throw new SnapshotError('an array lies outside the file');
    return new Type(aligned.buffer as ArrayBuffer, start, length);
  });
}

/**
 * The same snapshot with its document changed by `edit`, its arrays left as they are (an array is still
 * `{"$array": …}` in the document `edit` sees): a new key for an index built elsewhere, without encoding it again.
 * When the new document fits in the room of the old one (see encodeSnapshot's `room`), `bytes` is changed in place
 * and returned: no second copy of the arrays, whose allocation alone could set off a full garbage collection of a
 * large heap. Otherwise the arrays are copied. The checksum is made a slice at a time, a pause for requests between.
 * @throws SnapshotError when `bytes` is not a snapshot
 */
export async function withDocument(bytes: Buffer, edit: (document: Record<string, unknown>) => void): Promise<Buffer> {
  if (bytes.length < HEADER_BYTES + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    throw new SnapshotError('not a snapshot file');
  const room = bytes.readUInt32LE(MAGIC.length + 4);
  const document = JSON.parse(bytes.toString('utf8', HEADER_BYTES, HEADER_BYTES + room)) as Record<string, unknown>;
  edit(document);
  let json = Buffer.from(JSON.stringify(document), 'utf8');
  const arrays = bytes.subarray(align8(HEADER_BYTES + room), bytes.length - 4);
  const inPlace = json.length <= room;
  // Spaces after a JSON document are allowed: the arrays stay where they are.
  if (inPlace) json = Buffer.concat([json, Buffer.alloc(room - json.length, 0x20)]);
  const arraysStart = align8(HEADER_BYTES + json.length);
  const out = inPlace ? bytes : Buffer.alloc(arraysStart + arrays.length + 4);
  if (!inPlace) bytes.copy(out, 0, 0, MAGIC.length + 4);
  out.writeUInt32LE(json.length, MAGIC.length + 4);
  json.copy(out, HEADER_BYTES);
  let checksum = crc32(out.subarray(0, arraysStart));
  for (let at = 0; at < arrays.length; at += SLICE_BYTES) {
    const end = Math.min(arrays.length, at + SLICE_BYTES);
    if (!inPlace) arrays.copy(out, arraysStart + at, at, end);
    checksum = crc32(out.subarray(arraysStart + at, arraysStart + end), checksum);
    await backgroundPause();
  }
  out.writeUInt32LE(checksum, out.length - 4);
  return out;
}
