/** Whether a test file's source starts nothing that could reach another file in the same process. */
export function sharesProcess(source: string): boolean;
/** The test files under `folders` (relative to `root`) that may share one process, sorted. */
export function inProcessTestFiles(root: string, folders: readonly string[]): string[];
/** The folders whose test files `npm test` may group. */
export const GROUPED_FOLDERS: readonly string[];
