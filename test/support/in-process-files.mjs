// Which node:test files may run together in one process. node:test 20 gives each file given to --test a process of its
// own (it has no --test-isolation=none), and starting one, with tsx compiling its imports, costs far more than most of
// these files' tests. A file shares a process when it starts nothing of its own: no server, child process, worker,
// PostgreSQL, browser or mail server, no data folder, no environment, no hooks around the whole file. Anything else
// keeps its own process, so that a server left listening or a changed environment cannot reach another file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const OWN_PROCESS =
  /startTestServer|createApp|startServer|\.listen\(|child_process|spawn|fork\(|execFile|postgres|Postgres|process\.env|^(before|after|beforeEach|afterEach)\(|chromium|playwright|mock\.timers|openStore|lowdb|tempFolder|mkdtemp|makeTempDir|smtp|Worker/m;

/** Whether a test file's source starts nothing that could reach another file in the same process. */
export function sharesProcess(source) {
  return !OWN_PROCESS.test(source);
}

/**
 * The test files under `folders` (relative to `root`) that may share one process, sorted.
 * @example inProcessTestFiles(root, ['test/server']) // ['test/server/catalog/category-tree.test.ts', …]
 */
export function inProcessTestFiles(root, folders) {
  return folders
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true }).map((entry) => path.join(folder, String(entry))),
    )
    .filter((file) => file.endsWith('.test.ts') && sharesProcess(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

/**
 * The folders whose test files `npm test` may group: the server's and the shared code's, not browser, e2e or stress.
 */
export const GROUPED_FOLDERS = ['test/server', 'test/client', 'test/blocks', 'test/shortcodes'];
