/**
 * `catalog-changes.ndjson`: the catalog edits made since `catalog.json` was last written, one JSON line each, so that
 * changing one product appends a line instead of rewriting a file of a hundred thousand products.
 *
 * Each line names the generation of `catalog.json` it applies to. Rewriting the catalog (a replace, or folding the
 * journal in) gives the file a new generation before the journal is emptied, so a crash between the two leaves lines
 * that are recognisably stale rather than edits applied twice over a different catalog.
 *
 * A line may carry records of other files that must be stored with its edit or not at all (`attached`: an order and
 * the stock it took, lowdb-orders.ts): the line is the one durable write that commits both, and the records
 * are applied to their own file right after; a writer that dies in between leaves them here, to be applied by the
 * next writer under the catalog's lock (and before the journal is emptied).
 */
import { statSync } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import type { CatalogEdit } from '../store.js';
import { appendFileDurably } from './durable-write.js';
import { readRange } from './read-range.js';

interface JournalLine extends CatalogEdit {
  generation: string;
  attached?: unknown[];
}

export interface JournalRead {
  /** The edits of `generation` found after what was read before, oldest first. */
  edits: CatalogEdit[];
  /** The records attached to those edits' lines, oldest first. */
  attached: unknown[];
  /** The file shrank since it was last read: it was emptied by a rewrite of the catalog. */
  restarted: boolean;
}

export class CatalogJournal {
  /** Bytes of complete lines read (or written) so far. */
  #offset = 0;

  constructor(readonly path: string) {}

  get size(): number {
    return this.#offset;
  }

  /** Forgets what was read: the next read starts at the beginning (after the catalog file was loaded again). */
  rewind(): void {
    this.#offset = 0;
  }

  /** Reads the complete lines appended since the last read; a torn last line (a writer that died) is left alone. */
  async readNew(generation: string): Promise<JournalRead> {
    const size = this.#sizeOnDisk();
    const restarted = size < this.#offset;
    if (restarted) this.#offset = 0;
    if (size === this.#offset) return { edits: [], attached: [], restarted };
    const bytes = await readRange(this.path, this.#offset, size);
    const end = bytes.lastIndexOf(0x0a) + 1;
    const edits: CatalogEdit[] = [];
    const attached: unknown[] = [];
    let lineStart = 0;
    for (let index = 0; index < end; index++) {
      if (bytes[index] !== 0x0a) continue;
      const text = bytes.subarray(lineStart, index).toString('utf8');
      lineStart = index + 1;
      if (text.trim() === '') continue;
      let line: JournalLine;
      try {
        line = JSON.parse(text) as JournalLine;
      } catch (error) {
        throw new Error(
          `The catalog journal ${this.path} has a damaged line at byte ${this.#offset + index - text.length}: ${(error as Error).message}`,
        );
      }
      if (line.generation !== generation) continue;
      edits.push(editOf(line));
      if (Array.isArray(line.attached)) attached.push(...line.attached);
    }
    this.#offset += end;
    return { edits, attached, restarted };
  }

  /** Whether the file holds exactly what was read so far: no new line, not emptied (one synchronous `stat`). */
  unchanged(): boolean {
    return this.#sizeOnDisk() === this.#offset;
  }

  /** The file's size now (0 when it does not exist); synchronous, as it is checked on every request. */
  #sizeOnDisk(): number {
    return statSync(this.path, { throwIfNoEntry: false })?.size ?? 0;
  }

  /**
   * Appends one edit durably. Call under the catalog's lock, right after {@link readNew}, so that a torn line left by a
   * writer that died is cut off first instead of being glued to this one.
   */
  async append(generation: string, edit: CatalogEdit, attached: readonly unknown[] = []): Promise<void> {
    const size = await stat(this.path).then(
      (info) => info.size,
      () => 0,
    );
    if (size > this.#offset) await truncate(this.path, this.#offset);
    const line = `${JSON.stringify({ generation, ...edit, ...(attached.length ? { attached: [...attached] } : {}) } satisfies JournalLine)}\n`;
    await appendFileDurably(this.path, line);
    this.#offset += Buffer.byteLength(line);
  }

  /** Every record attached to the lines of `generation`, read from the start without moving this reader. */
  async attachedRecords(generation: string): Promise<unknown[]> {
    const reader = new CatalogJournal(this.path);
    return (await reader.readNew(generation)).attached;
  }

  /** Empties the journal once the catalog file holds every edit (under the catalog's lock). */
  async clear(): Promise<void> {
    await truncate(this.path, 0).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    this.#offset = 0;
  }
}

function editOf(line: JournalLine): CatalogEdit {
  const edit: CatalogEdit = { upsert: line.upsert ?? [], remove: line.remove ?? [] };
  if (line.categories) edit.categories = line.categories;
  if (line.attributes) edit.attributes = line.attributes;
  return edit;
}
