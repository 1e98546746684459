// Runs one group of the test files that start servers of their own, in this process: `npm test` gives node:test the
// group files here instead of those files. A file still runs alone with `node --import tsx --test <file>`.
import { fileURLToPath } from 'node:url';
import { GROUPED_FOLDERS, serverGroupFiles } from '../support/in-process-files.mjs';

const root = new URL('../../', import.meta.url);

/** Imports every test file of server group `group`, in order; node:test runs their tests in this process. */
export async function runServerGroup(group: number): Promise<void> {
  for (const file of serverGroupFiles(fileURLToPath(root), GROUPED_FOLDERS, group)) {
    await import(new URL(file, root).href);
  }
}
