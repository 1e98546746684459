/**
 * The mail log's reads on the data folder: the messages still to do (`outbox.json`) and the finished ones (their
 * log's index) as one list, newest first. A message in both places was sent again from the mail log: its state in
 * `outbox.json` is the current one. Only the messages of the page asked for are read from the log.
 */
import { matchesOutboxFilter, type OutboxFilter, type OutboxMessage } from '../outbox.js';
import type { FinishedEntry } from './finished-mail-log.js';
import type { OutboxFiles } from './outbox-files.js';

export async function findOutboxMessage(files: OutboxFiles, id: number): Promise<OutboxMessage | null> {
  const active = (await files.active()).find((message) => message.id === id);
  if (active) return structuredClone(active);
  await files.finished.catchUp();
  const entry = files.finished.entry(id);
  return entry ? (await files.finished.read([entry]))[0]! : null;
}

export async function listOutboxMessages(
  files: OutboxFiles,
  filter: OutboxFilter,
): Promise<{ messages: OutboxMessage[]; total: number }> {
  const active = await files.active();
  await files.finished.catchUp();
  const toDo = active.filter((message) => matchesOutboxFilter(message, filter)).sort((a, b) => b.id - a.id);
  // The messages sent again (in both places) are left out of the log's list; mostly there are none, and without a
  // filter the index's own list serves as it is.
  const sentAgain = new Set(active.filter((message) => files.finished.entry(message.id)).map((message) => message.id));
  const everyFinished = files.finished.newestFirst();
  const done =
    sentAgain.size === 0 && !filter.status && !filter.recipient
      ? everyFinished
      : everyFinished.filter((entry) => !sentAgain.has(entry.id) && matchesOutboxFilter(entry, filter));
  // Both lists are newest first: merged only as far as the page asked for.
  const start = (filter.page - 1) * filter.perPage;
  const end = start + filter.perPage;
  const page: (OutboxMessage | FinishedEntry)[] = [];
  for (
    let position = 0, nextToDo = 0, nextDone = 0;
    position < end && (nextToDo < toDo.length || nextDone < done.length);
    position++
  ) {
    const takeToDo = nextDone >= done.length || (nextToDo < toDo.length && toDo[nextToDo]!.id > done[nextDone]!.id);
    const next = takeToDo ? toDo[nextToDo++]! : done[nextDone++]!;
    if (position >= start) page.push(next);
  }
  const fromLog = await files.finished.read(page.filter((item): item is FinishedEntry => 'offset' in item));
  const messages = page.map((item) => ('offset' in item ? fromLog.shift()! : structuredClone(item)));
  return { messages, total: toDo.length + done.length };
}
