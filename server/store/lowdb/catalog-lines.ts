/**
 * Where each product's line is in `catalog.json` (one product per line, see catalog-file.ts), so that a server
 * opened with a lazy catalog reads the products of a results page from the file instead of holding a million of
 * them: one pass at open finds every line, its product id and a hash of its slug (24 bytes a product), a read takes a
 * few lines back.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Product } from '../catalog-types.js';
import type { CatalogFileMeta } from './catalog-file.js';

const CHUNK_BYTES = 8 << 20;
/** Parsed products kept between reads: a few pages of every popular listing, a few MB. */
const KEPT_PRODUCTS = 5000;
const ID_PREFIX = Buffer.from('{"id":');

export class CatalogLines {
  readonly #file: string;
  readonly meta: CatalogFileMeta;
  readonly count: number;
  /** Per line (in file order): its start and length in bytes, and its product's id. */
  readonly #starts: Float64Array;
  readonly #lengths: Uint32Array;
  readonly #ids: Float64Array;
  /** Lines by ascending product id, for the binary search of `read`. */
  readonly #byId: Uint32Array;
  /** Per line, a hash of its product's slug; and the lines by ascending hash, for {@link linesWithSlug}. */
  readonly #slugHashes: Uint32Array;
  readonly #bySlugHash: Uint32Array;
  /** Products read and parsed, by id, least recently used first. */
  readonly #kept = new Map<number, Product>();
  /** The file, open for reading while products are read from it. */
  #fd: number | null = null;

  private constructor(
    file: string,
    meta: CatalogFileMeta,
    starts: Float64Array,
    lengths: Uint32Array,
    ids: Float64Array,
    slugHashes: Uint32Array,
    count: number,
  ) {
    this.#file = file;
    this.meta = meta;
    this.count = count;
    this.#starts = starts.subarray(0, count);
    this.#lengths = lengths.subarray(0, count);
    this.#ids = ids.subarray(0, count);
    const byId = Uint32Array.from({ length: count }, (_, line) => line);
    const sorted = this.#ids.every((id, line) => line === 0 || this.#ids[line - 1]! <= id);
    this.#byId = sorted ? byId : byId.sort((a, b) => this.#ids[a]! - this.#ids[b]!);
    this.#slugHashes = slugHashes.subarray(0, count);
    this.#bySlugHash = linesByHash(this.#slugHashes);
  }

  /**
   * Reads the header and finds every product line of a catalog file.
   * @throws when the file is not laid out as catalog-file.ts writes it
   */
  static async scan(file: string): Promise<CatalogLines> {
    const handle = await open(file, 'r');
    try {
      let chunk = Buffer.alloc(CHUNK_BYTES);
      let position = 0;
      let meta: CatalogFileMeta | null = null;
      let closed = false;
      let count = 0;
      let starts = new Float64Array(1 << 16);
      let lengths = new Uint32Array(1 << 16);
      let ids = new Float64Array(1 << 16);
      let slugHashes = new Uint32Array(1 << 16);
      for (;;) {
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
        let lineStart = 0;
        for (
          let newline = chunk.indexOf(10, 0);
          newline >= 0 && newline < bytesRead;
          newline = chunk.indexOf(10, lineStart)
        ) {
          const line = chunk.subarray(lineStart, newline);
          if (meta === null) meta = JSON.parse(`${line.toString('utf8')}]}`) as CatalogFileMeta;
          else if (line.length === 2 && line[0] === 0x5d && line[1] === 0x7d)
            closed = true; // ]}
          else if (line.length > 0 && !closed) {
            if (count === starts.length)
              [starts, lengths, ids, slugHashes] = [grown(starts), grown(lengths), grown(ids), grown(slugHashes)];
            const length = line[line.length - 1] === 0x2c ? line.length - 1 : line.length; // a trailing comma
            starts[count] = position + lineStart;
            lengths[count] = length;
            readHead(line.subarray(0, length));
            ids[count] = head.id;
            slugHashes[count] = head.slugHash;
            count++;
          }
          lineStart = newline + 1;
        }
        if (bytesRead < chunk.length) break;
        // A line longer than the chunk: read it again with room for it.
        if (lineStart === 0) chunk = Buffer.alloc(chunk.length * 2);
        position += lineStart;
      }
      if (!meta || !closed) throw new Error('the document ends before the products array is closed');
      return new CatalogLines(file, meta, starts, lengths, ids, slugHashes, count);
    } finally {
      await handle.close();
    }
  }

  /**
   * The products of these ids found in the file, by id. A results page asks for two dozen, mostly the same ones
   * again (first pages, popular filters): parsed products are kept (at most {@link KEPT_PRODUCTS}, least recently
   * used first out), and the others read through one file descriptor kept open.
   * The reads are synchronous: a product's line is a kilobyte or two of a file the system keeps cached, which one
   * `pread` returns in microseconds, where a read through the thread pool costs far more in round trips (and
   * allocations) than the copy itself.
   */
  async read(ids: readonly number[]): Promise<Map<number, Product>> {
    const found = new Map<number, Product>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = this.#kept.get(id);
      if (kept) {
        this.#kept.delete(id);
        this.#kept.set(id, kept);
        found.set(id, kept);
      } else if (this.#lineOf(id) >= 0) {
        missing.push(this.#lineOf(id));
      }
    }
    if (missing.length === 0) return found;
    const fd = (this.#fd ??= openSync(this.#file, 'r'));
    for (const line of missing) {
      const bytes = Buffer.allocUnsafe(this.#lengths[line]!);
      readSync(fd, bytes, 0, bytes.length, this.#starts[line]!);
      const product = JSON.parse(bytes.toString('utf8')) as Product;
      found.set(product.id, product);
      this.#kept.set(product.id, product);
    }
    while (this.#kept.size > KEPT_PRODUCTS) this.#kept.delete(this.#kept.keys().next().value!);
    return found;
  }

  /**
   * The products of the file whose slug is `slug`, in file order: a product page is found by its address without
   * the catalog loaded. Lines are told apart by a hash of their slug (8 bytes a product), then read to be sure.
   */
  async withSlug(slug: string): Promise<Product[]> {
    const hash = slugHash(jsonStringBytes(slug));
    const low = lowerBound(this.#bySlugHash, this.#slugHashes, hash);
    const ids: number[] = [];
    for (let at = low; at < this.count && this.#slugHashes[this.#bySlugHash[at]!] === hash; at++)
      ids.push(this.#ids[this.#bySlugHash[at]!]!);
    if (ids.length === 0) return [];
    const found = await this.read(ids);
    return ids.flatMap((id) => found.get(id) ?? []).filter((product) => product.slug === slug);
  }

  /** Releases the file handle (the catalog file was replaced, or the store is closing). */
  async close(): Promise<void> {
    const fd = this.#fd;
    this.#fd = null;
    if (fd !== null) closeSync(fd);
  }

  #lineOf(id: number): number {
    const low = lowerBound(this.#byId, this.#ids, id);
    return low < this.count && this.#ids[this.#byId[low]!] === id ? this.#byId[low]! : -1;
  }
}

/** The first position in `order` (lines sorted by `keys`) whose line's key is not below `key`. */
function lowerBound(order: Uint32Array, keys: Float64Array | Uint32Array, key: number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[order[middle]!]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

const SLUG_PREFIX = Buffer.from(',"slug":"');

/**
 * FNV-1a of a slug as it is written inside its JSON string: a slug has no quote or backslash to escape, and any
 * other text is hashed as JSON writes it, the same on both sides.
 */
function slugHash(bytes: Uint8Array): number {
  let hash = FNV_OFFSET;
  for (let at = 0; at < bytes.length; at++) hash = Math.imul(hash ^ bytes[at]!, FNV_PRIME);
  return hash >>> 0;
}
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function jsonStringBytes(text: string): Buffer {
  return Buffer.from(JSON.stringify(text).slice(1, -1));
}

/** What {@link readHead} read of a line: reused, as a million lines are read at a server's start. */
const head = { id: 0, slugHash: 0 };

/**
 * A product line's id and slug hash, read from its first bytes when it starts `{"id":<digits>,"slug":"<slug>"` (as
 * the store writes it), else from the parsed line.
 */
function readHead(line: Buffer): void {
  if (line.subarray(0, ID_PREFIX.length).equals(ID_PREFIX)) {
    let id = 0;
    let at = ID_PREFIX.length;
    for (; at < line.length && line[at]! >= 0x30 && line[at]! <= 0x39; at++) id = id * 10 + line[at]! - 0x30;
    if (at > ID_PREFIX.length && startsAt(line, at, SLUG_PREFIX)) {
      let hash = FNV_OFFSET;
      for (at += SLUG_PREFIX.length; at < line.length && line[at] !== 0x22 && line[at] !== 0x5c; at++)
        hash = Math.imul(hash ^ line[at]!, FNV_PRIME);
      if (line[at] === 0x22) {
        head.id = id;
        head.slugHash = hash >>> 0;
        return;
      }
    }
  }
  const product = JSON.parse(line.toString('utf8')) as Product;
  head.id = product.id;
  head.slugHash = slugHash(jsonStringBytes(product.slug));
}

function startsAt(bytes: Buffer, at: number, prefix: Buffer): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let offset = 0; offset < prefix.length; offset++) if (bytes[at + offset] !== prefix[offset]) return false;
  return true;
}

/**
 * The lines in ascending order of their hash, lines of one hash in file order: a radix sort, two passes of 16 bits,
 * since a sort with a comparator took half a second of a million-product server's start.
 */
function linesByHash(hashes: Uint32Array): Uint32Array {
  let order = Uint32Array.from({ length: hashes.length }, (_, line) => line);
  let sorted = new Uint32Array(hashes.length);
  for (const shift of [0, 16]) {
    const starts = new Uint32Array(65_537);
    for (let at = 0; at < order.length; at++) starts[((hashes[order[at]!]! >>> shift) & 0xffff) + 1]!++;
    for (let bucket = 1; bucket < starts.length; bucket++) starts[bucket]! += starts[bucket - 1]!;
    for (let at = 0; at < order.length; at++) sorted[starts[(hashes[order[at]!]! >>> shift) & 0xffff]!++] = order[at]!;
    [order, sorted] = [sorted, order];
  }
  return order;
}

function grown<T extends Float64Array | Uint32Array>(array: T): T {
  const larger = new (array.constructor as new (length: number) => T)(array.length * 2);
  larger.set(array);
  return larger;
}
