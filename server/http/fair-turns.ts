/**
 * Requests start their work one per turn of the event loop when several are waiting, so that a shopper opening a
 * new connection is served while others keep theirs busy.
 *
 * Node accepts one new connection per turn of the event loop (each poll for I/O), and a turn runs the work of every
 * request whose bytes arrived in it. At 50 busy keep-alive connections a turn held 25 or more filter answers (60 ms
 * and over), so the 50th connection of a crowd waited for 50 turns, about 3 s, before the server read its first
 * request, while the first connections were answered hundreds of times. Taking turns bounds a turn to the requests
 * that start in it: one at once, one more at the turn's end, the rest in the turns after, in their order of arrival;
 * new connections are accepted and read between two. A request arriving at a quiet server goes at once.
 */
import type { Middleware } from 'koa';

/** Requests that arrived while another was starting, in arrival order. */
const waiting: Array<() => void> = [];
/** Whether a turn's end is scheduled to let the next waiting request go. */
let turnScheduled = false;

function nextTurn(): void {
  const next = waiting.shift();
  if (!next) {
    turnScheduled = false;
    return;
  }
  next();
  // Scheduled from an immediate, it runs at the end of the next turn: the poll for I/O comes first.
  setImmediate(nextTurn);
}

/** Resolves when this request may start: at once on a quiet server, otherwise at the end of a later turn. */
export function fairTurn(): Promise<void> | undefined {
  if (!turnScheduled) {
    turnScheduled = true;
    setImmediate(nextTurn);
    return undefined;
  }
  return new Promise((resolve) => waiting.push(resolve));
}

export function fairTurnsMiddleware(): Middleware {
  return async (_ctx, next) => {
    await fairTurn();
    await next();
  };
}
