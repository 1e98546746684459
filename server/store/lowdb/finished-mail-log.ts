/**
 * `outbox-finished.ndjson`: the data folder's messages that are done with (sent, or failed for good), one JSON line
 * each, only ever appended. `outbox.json`, rewritten at every step of a delivery, keeps only the messages still to
 * do, so its size no longer grows with the shop's age (lowdb-outbox.ts says how a message moves here safely).
 *
 * Readers keep an index of the file in memory, built once and then kept up to date from the file's new tail (this
 * process's appends and other processes' alike, noticed by its size, as the catalog journal and the price history
 * are): by id, where each message's line is, its status and recipient, enough to filter and page the mail log without
 * reading the file; a page's messages are then read from their lines. A message sent again ("Send again" in the mail
 * log) and finished again has a second line: the last one is its state.
 */
import { statSync, truncateSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { OutboxMessage } from '../outbox.js';
import { StoreCorruptError } from '../store-error.js';
import { appendFileDurably } from './durable-write.js';
import { outboxMessageSchema, parseWithSchema } from './file-schemas.js';
import { readRangeSync, readWholeLines, visitWholeLines } from './read-range.js';

/** Where a finished message's line is, and what the mail log filters by. */
export interface FinishedEntry {
  id: number;
  status: OutboxMessage['status'];
  to: string;
  message_id: string;
  offset: number;
  length: number;
}

/** What a writer finds after the bytes its document accounts for: lines whose move did not complete (a crash). */
export interface UnaccountedLines {
  ids: Set<number>;
  highestId: number;
  /** The file's size once a torn last line is cut off. */
  size: number;
}

/** Whether a message is done with: it leaves `outbox.json` for the finished log. */
export const isFinished = (message: Pick<OutboxMessage, 'status'>): boolean =>
  message.status === 'sent' || message.status === 'failed' || message.status === 'suppressed';

/**
 * The line a finished message is stored as: what the index needs first, then `kind` and the rest, so that indexing
 * parses only the start of each line instead of its bodies (see {@link entryOf}).
 */
export function finishedLine(message: OutboxMessage): string {
  const { id, status, message_id, to, kind, ...rest } = message;
  return `${JSON.stringify({ id, status, message_id, to, kind, ...rest })}\n`;
}

/**
 * Where the index's part of a line ends. Inside a JSON string every `"` is escaped, so these bytes appear unescaped
 * only as the key itself: the line's start up to them is the object's first members.
 */
const KIND_KEY = Buffer.from(',"kind":');

function indexFields(json: string): Pick<OutboxMessage, 'id' | 'status' | 'to' | 'message_id'> | null {
  try {
    const { id, status, to, message_id } = JSON.parse(json) as Partial<OutboxMessage>;
    if (
      typeof id !== 'number' ||
      typeof to !== 'string' ||
      typeof message_id !== 'string' ||
      !status ||
      !isFinished({ status })
    )
      return null;
    return { id, status, to, message_id };
  } catch {
    return null;
  }
}

/**
 * Reads what a line needs for the index, from its start when it is in {@link finishedLine}'s order, else from all of
 * it; a line that is not a finished message (damaged by hand) is left out.
 */
function entryOf(line: Buffer, offset: number): FinishedEntry | null {
  const kindAt = line.indexOf(KIND_KEY);
  const fields =
    (kindAt !== -1 && indexFields(`${line.toString('utf8', 0, kindAt)}}`)) || indexFields(line.toString('utf8'));
  return fields && { ...fields, offset, length: line.length };
}

export class FinishedMailLog {
  /** The file indexed so far: its inode (a file replaced is indexed again) and the bytes of complete lines read. */
  #inode = -1;
  #bytes = 0;
  #byId = new Map<number, FinishedEntry>();
  #messageIds = new Set<string>();
  #newestFirst: FinishedEntry[] | null = null;
  #reading: Promise<void> | null = null;

  constructor(readonly file: string) {}

  /** The file's size now (0 when it does not exist); synchronous, like the other freshness checks. */
  sizeOnDisk(): number {
    return statSync(this.file, { throwIfNoEntry: false })?.size ?? 0;
  }

  /** Brings the index up to date with the file (one read at a time; callers that arrive meanwhile wait for it). */
  async catchUp(): Promise<void> {
    while (this.#reading) await this.#reading;
    if (!this.#restartIfReplaced()) return;
    // A writer under the lock may catch up meanwhile (catchUpSync): the read stops where its position no longer
    // matches.
    this.#reading = readWholeLines(
      this.file,
      this.#bytes,
      this.sizeOnDisk(),
      this.#indexLine,
      (at) => at === this.#bytes,
    )
      .then(() => undefined)
      .finally(() => (this.#reading = null));
    await this.#reading;
  }

  /**
   * The same, synchronously: for a writer under the outbox's lock, after a {@link catchUp} just before it took the
   * lock, so only what other processes appended in between (a few lines) is read here.
   */
  catchUpSync(): void {
    if (!this.#restartIfReplaced()) return;
    visitWholeLines(readRangeSync(this.file, this.#bytes, this.sizeOnDisk()), this.#bytes, this.#indexLine);
  }

  /** The last line of message `id`, if it ever finished. */
  entry(id: number): FinishedEntry | undefined {
    return this.#byId.get(id);
  }

  hasMessageId(messageId: string): boolean {
    return this.#messageIds.has(messageId);
  }

  /** Each finished message's last state, newest (highest id) first; kept until the index changes. */
  newestFirst(): readonly FinishedEntry[] {
    this.#newestFirst ??= [...this.#byId.values()].sort((a, b) => b.id - a.id);
    return this.#newestFirst;
  }

  /** @throws StoreCorruptError when the line no longer holds the message (the file was edited by hand) */
  async read(entries: readonly FinishedEntry[]): Promise<OutboxMessage[]> {
    if (entries.length === 0) return [];
    // One descriptor for a page's lines: opening the file once per message cost more than reading them.
    const handle = await open(this.file, 'r');
    try {
      const messages: OutboxMessage[] = [];
      for (const entry of entries) {
        const bytes = Buffer.alloc(entry.length);
        const { bytesRead } = await handle.read(bytes, 0, entry.length, entry.offset);
        messages.push(this.#parse(bytes.subarray(0, bytesRead), entry));
      }
      return messages;
    } finally {
      await handle.close();
    }
  }

  readSync(entry: FinishedEntry): OutboxMessage {
    return this.#parse(readRangeSync(this.file, entry.offset, entry.offset + entry.length), entry);
  }

  /**
   * The complete lines after `accountedBytes` (what the outbox's document says it has moved), read under the outbox's
   * lock; a torn last line (a writer that died mid-append) is cut off, so that the next append starts a line of its
   * own.
   */
  unaccounted(accountedBytes: number): UnaccountedLines {
    const found: UnaccountedLines = { ids: new Set(), highestId: 0, size: this.sizeOnDisk() };
    // Smaller than accounted for: the file was replaced or emptied by hand; what it holds now is what there is.
    if (found.size <= accountedBytes) return found;
    const bytes = readRangeSync(this.file, accountedBytes, found.size);
    const end =
      accountedBytes +
      visitWholeLines(bytes, accountedBytes, (line, offset) => {
        const entry = entryOf(line, offset);
        if (!entry) return;
        found.ids.add(entry.id);
        found.highestId = Math.max(found.highestId, entry.id);
      });
    if (end < found.size) {
      truncateSync(this.file, end);
      found.size = end;
    }
    return found;
  }

  /** Appends lines durably (under the outbox's lock, after {@link unaccounted}). */
  append(lines: string): Promise<void> {
    return appendFileDurably(this.file, lines);
  }

  /** Starts the index again when the file was replaced or shrank. @returns whether there is a file to read */
  #restartIfReplaced(): boolean {
    const info = statSync(this.file, { throwIfNoEntry: false });
    if (!info) {
      if (this.#bytes > 0) this.#forget(-1);
      return false;
    }
    if (info.ino !== this.#inode || info.size < this.#bytes) this.#forget(info.ino);
    return info.size > this.#bytes;
  }

  #forget(inode: number): void {
    this.#inode = inode;
    this.#bytes = 0;
    this.#byId = new Map();
    this.#messageIds = new Set();
    this.#newestFirst = null;
  }

  /** Adds one complete line to the index and moves the read position past it. */
  #indexLine = (line: Buffer, offset: number): void => {
    this.#bytes = offset + line.length + 1;
    const entry = entryOf(line, offset);
    if (!entry) return;
    this.#byId.set(entry.id, entry);
    this.#messageIds.add(entry.message_id);
    this.#newestFirst = null;
  };

  #parse(bytes: Buffer, entry: FinishedEntry): OutboxMessage {
    try {
      const message = parseWithSchema(outboxMessageSchema, JSON.parse(bytes.toString('utf8'))) as OutboxMessage;
      if (message.id !== entry.id)
        throw new Error(`expected message ${entry.id} at byte ${entry.offset}, found ${message.id}`);
      return message;
    } catch (error) {
      throw new StoreCorruptError(this.file, error);
    }
  }
}
