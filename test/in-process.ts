// Every test file that can share a process (test/support/in-process-files.mjs says which), run in this one process:
// `npm test` gives node:test this file instead of those files, so that each does not pay for a process of its own.
// A file still runs alone with `node --import tsx --test <file>`.
import { fileURLToPath } from 'node:url';
import { GROUPED_FOLDERS, inProcessTestFiles } from './support/in-process-files.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const file of inProcessTestFiles(root, GROUPED_FOLDERS)) {
  await import(new URL(file, new URL('..', import.meta.url)).href);
}
