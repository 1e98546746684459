/**
 * `Store.outbox` on the data folder: `outbox.json`, one durable document of the messages still to do, and
 * `outbox-finished.ndjson`, the ones done with (outbox-files.ts says how a message moves from one to the other).
 *
 * A cause (a withdrawal in `withdrawals.json`, a registration in `users.json`…) cannot be written in one durable
 * write with another file, so the operation that causes a message puts it into its own file's `outbox` list, in the
 * same write as the cause (`pendOutbox`). Before each claim, the outbox takes those over (`relay`): it copies them
 * into `outbox.json` unless a message with the same Message-ID is already there or finished, then removes them from
 * the cause's file. A crash between the two steps leaves a message in both places, and the next relay skips the copy:
 * nothing is lost and nothing is queued twice.
 *
 * A claim names its sender (`pid:<process id>@<host>`). All senders of a data folder run on one machine, so a claim
 * whose process is gone (a `kill -9`) is taken over at once instead of when its lease runs out.
 */
import os from 'node:os';
import {
  initialState,
  priorityOf,
  type Enqueue,
  type NewMessage,
  type OutboxMessage,
  type OutboxRepository,
} from '../outbox.js';
import type { FinishedMailLog } from './finished-mail-log.js';
import type { JsonDocument, Revisioned } from './json-document.js';
import type { OutboxFile } from './lowdb-files.js';
import { OutboxFiles } from './outbox-files.js';
import { findOutboxMessage, listOutboxMessages } from './outbox-reads.js';

/** A data file that keeps the messages its operations cause until the outbox takes them over. */
export type WithPendingOutbox = Revisioned & { outbox: NewMessage[] };

/** Adds the messages of `enqueue` for `stored` to the draft of the cause's file (inside its `update`). */
export function pendOutbox<T>(draft: WithPendingOutbox, enqueue: Enqueue<T> | undefined, stored: T): void {
  if (enqueue) draft.outbox.push(...structuredClone(enqueue(stored)));
}

function queued({ suppressed, attachments, ...message }: NewMessage, id: number): OutboxMessage {
  return {
    ...message,
    id,
    attachments: attachments ?? [],
    ...initialState({ suppressed }),
    priority: priorityOf(message),
    attempts: 0,
    next_attempt_at: message.created_at,
    claimed_by: null,
    claimed_until: null,
    sent_at: null,
    updated_at: message.created_at,
  };
}

/** The due message a sender takes next: the highest priority, and of those the oldest (the lowest id). */
function nextDue(messages: readonly OutboxMessage[], at: string): OutboxMessage | undefined {
  let next: OutboxMessage | undefined;
  for (const message of messages) {
    if (!isDue(message, at)) continue;
    if (!next || message.priority > next.priority || (message.priority === next.priority && message.id < next.id))
      next = message;
  }
  return next;
}

/** Queues the messages not seen before; call under the lock with the finished log's index brought up to date. */
function addNew(draft: OutboxFile, finished: FinishedMailLog, messages: readonly NewMessage[]): OutboxMessage[] {
  finished.catchUpSync();
  const known = new Set(draft.messages.map((message) => message.message_id));
  const added: OutboxMessage[] = [];
  for (const message of messages) {
    if (known.has(message.message_id) || finished.hasMessageId(message.message_id)) continue;
    known.add(message.message_id);
    draft.last_id += 1;
    const stored = queued(structuredClone(message), draft.last_id);
    draft.messages.push(stored);
    added.push(stored);
  }
  return structuredClone(added);
}

/** Whether the process a lowdb claim names has died (same machine: every sender of a data folder is local). */
function claimantIsGone(claimedBy: string | null): boolean {
  const [, pid, host] = /^pid:(\d+)@(.+)$/.exec(claimedBy ?? '') ?? [];
  if (!pid || host !== os.hostname() || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function isDue(message: OutboxMessage, at: string): boolean {
  if (message.status === 'queued' || message.status === 'retrying') return message.next_attempt_at <= at;
  if (message.status === 'sending') return (message.claimed_until ?? '') <= at || claimantIsGone(message.claimed_by);
  return false;
}

/**
 * Opens the outbox of a data folder; finished messages an older version kept in `outbox.json` are moved out now.
 * @param causes the files whose operations pend messages (pendOutbox)
 */
export async function openLowdbOutbox(
  document: JsonDocument<OutboxFile>,
  finishedLog: FinishedMailLog,
  causes: readonly JsonDocument<WithPendingOutbox>[],
): Promise<OutboxRepository> {
  const files = new OutboxFiles(document, finishedLog);
  await files.tidy();
  /**
   * Adds messages to outbox.json, with the finished log's index read first (so the lock is held only for its new tail).
   */
  const enqueue = async (messages: readonly NewMessage[]) => {
    await finishedLog.catchUp();
    return files.update((draft) => addNew(draft, finishedLog, messages));
  };
  const relay = async () => {
    for (const cause of causes) {
      const pending = (await cause.current()).outbox;
      if (pending.length === 0) continue;
      await enqueue(pending);
      const moved = new Set(pending.map((message) => message.message_id));
      await cause.update((draft) => {
        draft.outbox = draft.outbox.filter((message) => !moved.has(message.message_id));
      });
    }
  };
  const change = (id: number, apply: (message: OutboxMessage) => boolean) =>
    files.update((draft) => {
      const message = draft.messages.find((candidate) => candidate.id === id);
      if (!message) return null;
      return apply(message) ? structuredClone(message) : null;
    });

  return {
    enqueue,
    async claimNext(sender, now, leaseMs) {
      await relay();
      const at = now.toISOString();
      if (!(await files.active()).some((message) => isDue(message, at))) return null;
      return files.update((draft) => {
        const message = nextDue(draft.messages, at);
        if (!message) return null;
        Object.assign(message, {
          status: 'sending',
          attempts: message.attempts + 1,
          claimed_by: sender,
          claimed_until: new Date(now.getTime() + leaseMs).toISOString(),
          updated_at: at,
        });
        return structuredClone(message);
      });
    },
    settle(id, sender, outcome, now) {
      return change(id, (message) => {
        if (message.status !== 'sending' || message.claimed_by !== sender) return false;
        Object.assign(message, {
          status: outcome.status,
          last_response: outcome.response,
          claimed_until: null,
          updated_at: now.toISOString(),
          ...(outcome.status === 'sent' ? { sent_at: now.toISOString() } : {}),
          ...(outcome.status === 'retrying' ? { next_attempt_at: outcome.next_attempt_at } : {}),
        });
        return true;
      });
    },
    async requeue(id, now) {
      await finishedLog.catchUp();
      return files.update((draft) => {
        let message = draft.messages.find((candidate) => candidate.id === id);
        if (!message) {
          // A finished message comes back into outbox.json, in id order (claims take the oldest due first).
          finishedLog.catchUpSync();
          const entry = finishedLog.entry(id);
          if (!entry) return null;
          message = finishedLog.readSync(entry);
          const before = draft.messages.findIndex((candidate) => candidate.id > id);
          draft.messages.splice(before === -1 ? draft.messages.length : before, 0, message);
        }
        if (message.status === 'sending') return null;
        Object.assign(message, {
          status: 'queued',
          attempts: 0,
          next_attempt_at: now.toISOString(),
          claimed_by: null,
          claimed_until: null,
          updated_at: now.toISOString(),
        });
        return structuredClone(message);
      });
    },
    async find(id) {
      await relay();
      return findOutboxMessage(files, id);
    },
    async list(filter) {
      await relay();
      return listOutboxMessages(files, filter);
    },
  };
}
