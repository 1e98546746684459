// Every end-to-end file (test/e2e/*.test.ts) in this one process, so that they share one Chromium and one server
// (test/e2e/support/shop-in-browser.ts). node:test 20 runs each file given to --test in a process of its own and has
// no --test-isolation=none, so `npm test` gives it this file instead of the e2e files. A file still runs alone with
// `node --import tsx --test test/e2e/<name>.test.ts`.
//
// Two files at a time, each file's tests one after another as when it runs alone: a browser test spends most of its
// time waiting for pages, requests and animations, so a second one fills that time (the process used about a fifth of
// a core running them one by one).
import { readdirSync } from 'node:fs';
import { describe } from 'node:test';
// Imported here, outside every file's suite, so that its hook closing the shared Chromium and server runs after all
// of them rather than after the first file that uses it.
import './support/shop-in-browser.js';

const FILES_AT_A_TIME = 2;
/**
 * Files that run while no other does: the block editor shows its block toolbar and takes typed text only in the
 * window that has the focus, and a second window at work takes it away.
 */
const ALONE = new Set(['admin-editor-layout.test.ts', 'admin-pages.test.ts']);

const folder = new URL('./', import.meta.url);
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.test.ts'))
  .sort();

/** A file's tests in a suite of their own, one after another as when the file runs alone. */
function fileSuite(file: string): void {
  describe(file, { concurrency: 1 }, async () => {
    await import(new URL(file, folder).href);
  });
}

describe('end-to-end, two files at a time', { concurrency: FILES_AT_A_TIME }, () => {
  for (const file of files.filter((name) => !ALONE.has(name))) fileSuite(file);
});
describe('end-to-end, one file at a time', { concurrency: 1 }, () => {
  for (const file of files.filter((name) => ALONE.has(name))) fileSuite(file);
});
