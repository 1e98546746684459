export type ProcessKind = 'plain' | 'servers' | 'own';
/** How a test file's source may share a process: starts nothing, starts things of its own, or must run alone. */
export function processKind(source: string): ProcessKind;
/** The test files under `folders` (relative to `root`) that start nothing and run together in one process, sorted. */
export function inProcessTestFiles(root: string, folders: readonly string[]): string[];
/** The files with servers of group `group` (0 to SERVER_GROUPS - 1), sorted. */
export function serverGroupFiles(root: string, folders: readonly string[], group: number): string[];
/** The folders whose test files `npm test` may group. */
export const GROUPED_FOLDERS: readonly string[];
/** How many processes the files with servers are spread over. */
export const SERVER_GROUPS: number;
