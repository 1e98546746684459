// Every end-to-end file (test/e2e/*.test.ts) in this one process, so that they share one Chromium and one server
// (test/e2e/support/shop-in-browser.ts). node:test 20 runs each file given to --test in a process of its own and has
// no --test-isolation=none, so `npm test` gives it this file instead of the e2e files. A file still runs alone with
// `node --import tsx --test test/e2e/<name>.test.ts`.
import { readdirSync } from 'node:fs';

const folder = new URL('./', import.meta.url);
for (const file of readdirSync(folder)
  .filter((name) => name.endsWith('.test.ts'))
  .sort()) {
  await import(new URL(file, folder).href);
}
