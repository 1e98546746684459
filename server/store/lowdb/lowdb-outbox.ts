/**
 * `Store.outbox` on the data folder: `outbox.json`, one durable document.
 *
 * A cause (a withdrawal in `withdrawals.json`, a registration in `users.json`…) cannot be written in one durable
 * write with another file, so the operation that causes a message puts it into its own file's `outbox` list, in the
 * same write as the cause (`pendOutbox`). Before each claim, the outbox takes those over (`relay`): it copies them
 * into `outbox.json` unless a message with the same Message-ID is already there, then removes them from the cause's
 * file. A crash between the two steps leaves a message in both places, and the next relay skips the copy: nothing is
 * lost and nothing is queued twice.
 *
 * A claim names its sender (`pid:<process id>@<host>`). All senders of a data folder run on one machine, so a claim whose
 * process is gone (a `kill -9`) is taken over at once instead of when its lease runs out.
 */
import os from 'node:os';
import { matchesOutboxFilter, type Enqueue, type NewMessage, type OutboxMessage, type OutboxRepository } from '../outbox.js';
import type { JsonDocument, Revisioned } from './json-document.js';
import type { OutboxFile } from './lowdb-files.js';

/** A data file that keeps the messages its operations cause until the outbox takes them over. */
export type WithPendingOutbox = Revisioned & { outbox: NewMessage[] };

/** Adds the messages of `enqueue` for `stored` to the draft of the cause's file (inside its `update`). */
export function pendOutbox<T>(draft: WithPendingOutbox, enqueue: Enqueue<T> | undefined, stored: T): void {
  if (enqueue) draft.outbox.push(...structuredClone(enqueue(stored)));
}

function queued(message: NewMessage, id: number): OutboxMessage {
  return {
    ...message, id, status: 'queued', attempts: 0, next_attempt_at: message.created_at, claimed_by: null, claimed_until: null,
    sent_at: null, last_response: null, updated_at: message.created_at,
  };
}

function addNew(draft: OutboxFile, messages: readonly NewMessage[]): OutboxMessage[] {
  const known = new Set(draft.messages.map((message) => message.message_id));
  const added: OutboxMessage[] = [];
  for (const message of messages) {
    if (known.has(message.message_id)) continue;
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

export function lowdbOutbox(document: JsonDocument<OutboxFile>, causes: readonly JsonDocument<WithPendingOutbox>[]): OutboxRepository {
  const relay = async () => {
    for (const cause of causes) {
      const pending = (await cause.current()).outbox;
      if (pending.length === 0) continue;
      await document.update((draft) => addNew(draft, pending));
      const moved = new Set(pending.map((message) => message.message_id));
      await cause.update((draft) => {
        draft.outbox = draft.outbox.filter((message) => !moved.has(message.message_id));
      });
    }
  };
  const change = (id: number, apply: (message: OutboxMessage) => boolean) =>
    document.update((draft) => {
      const message = draft.messages.find((candidate) => candidate.id === id);
      if (!message) return null;
      return apply(message) ? structuredClone(message) : null;
    });

  return {
    enqueue(messages) {
      return document.update((draft) => addNew(draft, messages));
    },
    async claimNext(sender, now, leaseMs) {
      await relay();
      const at = now.toISOString();
      if (!(await document.current()).messages.some((message) => isDue(message, at))) return null;
      return document.update((draft) => {
        const message = draft.messages.find((candidate) => isDue(candidate, at));
        if (!message) return null;
        Object.assign(message, {
          status: 'sending', attempts: message.attempts + 1, claimed_by: sender,
          claimed_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: at,
        });
        return structuredClone(message);
      });
    },
    settle(id, sender, outcome, now) {
      return change(id, (message) => {
        if (message.status !== 'sending' || message.claimed_by !== sender) return false;
        Object.assign(message, {
          status: outcome.status, last_response: outcome.response, claimed_until: null, updated_at: now.toISOString(),
          ...(outcome.status === 'sent' ? { sent_at: now.toISOString() } : {}),
          ...(outcome.status === 'retrying' ? { next_attempt_at: outcome.next_attempt_at } : {}),
        });
        return true;
      });
    },
    requeue(id, now) {
      return change(id, (message) => {
        if (message.status === 'sending') return false;
        Object.assign(message, {
          status: 'queued', attempts: 0, next_attempt_at: now.toISOString(), claimed_by: null, claimed_until: null, updated_at: now.toISOString(),
        });
        return true;
      });
    },
    async find(id) {
      await relay();
      const found = (await document.current()).messages.find((message) => message.id === id);
      return found ? structuredClone(found) : null;
    },
    async list(filter) {
      await relay();
      const matching = (await document.current()).messages.filter((message) => matchesOutboxFilter(message, filter)).reverse();
      const start = (filter.page - 1) * filter.perPage;
      return { messages: structuredClone(matching.slice(start, start + filter.perPage)), total: matching.length };
    },
  };
}
