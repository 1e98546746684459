/**
 * The data folder's outbox as two files changed together: `outbox.json` (the messages still to do: queued, being
 * sent, waiting for a retry) and `outbox-finished.ndjson` (the ones done with, finished-mail-log.ts).
 *
 * How a message moves without being lost or sent twice: every change of `outbox.json` runs under its lock, and any
 * message the change leaves sent or failed is appended to the finished log first (flushed), then dropped from
 * `outbox.json` in its durable rewrite, which also records how many bytes of the log it accounts for
 * (`finished_log_bytes`). A writer that dies between the two leaves lines past that count whose messages are still in
 * `outbox.json` (as being sent, by a process that is gone): the next change, under the same lock and before anything
 * else, drops those messages from `outbox.json`, since their line is their final state. Only the lines past the count
 * are looked at, so a message sent again from the mail log (back in `outbox.json`, with an older line in the log) is
 * never mistaken for one. A torn last line (a writer that died mid-append) is cut off: its message stays to do.
 */
import type { OutboxMessage } from '../outbox.js';
import { finishedLine, isFinished, type FinishedMailLog, type UnaccountedLines } from './finished-mail-log.js';
import type { JsonDocument } from './json-document.js';
import type { OutboxFile } from './lowdb-files.js';

/** Drops the messages whose move to the log a dead writer did not complete, and counts their lines as accounted for. */
function completeInterruptedMoves(draft: OutboxFile, unaccounted: UnaccountedLines): void {
  if (unaccounted.ids.size > 0) draft.messages = draft.messages.filter((message) => !unaccounted.ids.has(message.id));
  // Ids are never given twice, even if outbox.json was lost and started again empty beside an old log.
  draft.last_id = Math.max(draft.last_id, unaccounted.highestId);
  draft.finished_log_bytes = unaccounted.size;
}

export class OutboxFiles {
  constructor(
    readonly document: JsonDocument<OutboxFile>,
    readonly finished: FinishedMailLog,
  ) {}

  /**
   * Applies `change` to `outbox.json` under its lock, then moves every message it left finished to the log.
   * @returns what `change` returned
   */
  async update<R>(change: (draft: OutboxFile) => R): Promise<R> {
    const { result } = await this.document.update(
      (draft) => {
        completeInterruptedMoves(draft, this.finished.unaccounted(draft.finished_log_bytes));
        const result = change(draft);
        const lines = draft.messages.filter(isFinished).map(finishedLine).join('');
        if (lines) {
          draft.messages = draft.messages.filter((message) => !isFinished(message));
          draft.finished_log_bytes += Buffer.byteLength(lines);
        }
        return { result, lines };
      },
      // Still under the lock, before outbox.json is written: the log first, so a crash in between loses nothing.
      async ({ lines }) => {
        if (lines) await this.finished.append(lines);
      },
    );
    return result;
  }

  /**
   * Completes a move a dead writer left half done, and moves out finished messages that an older version kept in
   * `outbox.json` (on opening the folder): so that readers see each message in one place. Writes only when needed.
   */
  async tidy(): Promise<void> {
    // The log's size before the document: a writer appends, then rewrites, so a document read after the size has
    // caught up with it unless that writer died (or is between its two steps, which costs one needless rewrite).
    const size = this.finished.sizeOnDisk();
    const { finished_log_bytes: accounted, messages } = await this.document.current();
    if (size > accounted || messages.some(isFinished)) await this.update(() => undefined);
  }

  /** The messages still to do, as this process last saw them or fresher. */
  async active(): Promise<readonly OutboxMessage[]> {
    await this.tidy();
    return (await this.document.current()).messages;
  }
}
