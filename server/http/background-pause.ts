/**
 * The pause between two steps of background work on the serving thread (an import's results coming in, the price
 * changes it appends, a facet index read back): a few milliseconds in which the event loop serves requests. A request
 * takes several turns of the loop (its body, its compression on the thread pool, its write); with only a turn between
 * two steps (setImmediate), a step ran in each of them, and under load a request waited for several steps in a row.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Milliseconds of each pause: 200 steps of an import's results take 0.4 s longer, and no request waits for two. */
export const BACKGROUND_PAUSE_MS = 2;

export function backgroundPause(): Promise<void> {
  return sleep(BACKGROUND_PAUSE_MS);
}
