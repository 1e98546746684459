// Runs end-to-end files (test/e2e/*.test.ts) in this process, so that they share one Chromium and one server
// (test/e2e/support/shop-in-browser.ts). node:test 20 runs each file given to --test in a process of its own and has
// no --test-isolation=none, so `npm test` gives it the part files here instead of the e2e files. A file still runs
// alone with `node --import tsx --test test/e2e/<name>.test.ts`.
import { readdirSync } from 'node:fs';

/** How many processes `npm test` spreads the end-to-end files over: each has its own Chromium and shared server. */
export const E2E_PARTS = 2;

/** Imports part `part` (0 to `parts` - 1) of the end-to-end files: every `parts`-th of them, sorted. */
export async function runEndToEndFiles(part: number, parts: number): Promise<void> {
  const folder = new URL('./', import.meta.url);
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .filter((_, index) => index % parts === part);
  for (const file of files) await import(new URL(file, folder).href);
}
