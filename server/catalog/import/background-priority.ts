/**
 * Lowers the scheduling priority of the calling worker thread, and of it only: an import's check
 * or index build keeps a core busy for seconds, and on a small machine the serving thread then waited its turn for a
 * core for a second or more at a time. On Linux a thread has an id of its own (`/proc/thread-self`) whose priority
 * can be set apart from the process's; elsewhere, or when the system refuses, the thread runs at normal priority.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

export function runInBackground(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not Linux, or not allowed: the work is the same, only less polite.
  }
}

/**
 * Lowers the priority of every thread of this process, and so of those it starts later (they inherit it): a child
 * process that does an import's work, down to V8's garbage-collection and compiler threads, which a worker thread
 * shares with the serving thread at its priority.
 */
export function runProcessInBackground(): void {
  try {
    for (const task of readdirSync('/proc/self/task'))
      setPriority(Number(task), constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not Linux, or not allowed: the work is the same, only less polite.
  }
}
