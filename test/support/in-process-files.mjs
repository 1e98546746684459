// Which node:test files may run together in one process. node:test 20 gives each file given to --test a process of its
// own (it has no --test-isolation=none), and starting one, with tsx compiling its imports and the server's modules
// loading, costs more than many files' tests. Files share a process in two kinds of group:
// - plain: the file starts nothing of its own (no server, child process, worker, PostgreSQL, browser, mail server,
//   data folder); all of them run in test/in-process.ts;
// - with servers: the file starts servers, stores or child processes, each on its own port, folder and database (as
//   the end-to-end files already do in one process), and stops them; these are spread over a few processes
//   (test/in-process-servers/).
// A file keeps a process of its own when it could reach another file there: hooks around the whole file (they would
// run around every file of the group), mocks and timers that replace globals, a changed environment, process-wide
// listeners, or a browser.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const STARTS_SOMETHING =
  /startTestServer|createApp|startServer|\.listen\(|child_process|spawn|fork\(|execFile|postgres|Postgres|process\.env|^(before|after|beforeEach|afterEach)\(|chromium|playwright|mock\.timers|openStore|lowdb|tempFolder|mkdtemp|makeTempDir|smtp|Worker/m;

const REACHES_OTHER_FILES =
  /^(before|after|beforeEach|afterEach)\(|\bmock\.|process\.env(\.\w+|\[[^\]]+\])?\s*(=[^=]|\?\?=)|delete process\.env|Object\.assign\(process\.env|process\.(on|once|chdir|umask|exit)\(|chromium|playwright|setGlobalDispatcher/m;

/**
 * How a test file's source may share a process: `plain` (starts nothing), `servers` (starts things of its own that
 * reach no other file), or `own` (must run alone).
 * @example processKind("it('adds', () => assert.equal(add(1, 2), 3));") // 'plain'
 */
export function processKind(source) {
  if (!STARTS_SOMETHING.test(source)) return 'plain';
  return REACHES_OTHER_FILES.test(source) ? 'own' : 'servers';
}

/** The folders whose test files `npm test` may group: the server's and the shared code's, not browser, e2e or stress. */
export const GROUPED_FOLDERS = ['test/server', 'test/client', 'test/blocks', 'test/shortcodes'];

/** How many processes the files with servers are spread over: enough to keep both cores busy beside the others. */
export const SERVER_GROUPS = 3;

/** The test files under `folders` (relative to `root`) of process kind `kind`, sorted. */
function testFilesOfKind(root, folders, kind) {
  return folders
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true }).map((entry) => path.join(folder, String(entry))),
    )
    .filter((file) => file.endsWith('.test.ts') && processKind(readFileSync(path.join(root, file), 'utf8')) === kind)
    .sort();
}

/**
 * The test files that start nothing and so run together in one process, sorted.
 * @example inProcessTestFiles(root, ['test/server']) // ['test/server/catalog/category-tree.test.ts', …]
 */
export function inProcessTestFiles(root, folders) {
  return testFilesOfKind(root, folders, 'plain');
}

/** The files with servers of group `group` (0 to SERVER_GROUPS - 1): every SERVER_GROUPS-th of them, sorted. */
export function serverGroupFiles(root, folders, group) {
  return testFilesOfKind(root, folders, 'servers').filter((_, index) => index % SERVER_GROUPS === group);
}
