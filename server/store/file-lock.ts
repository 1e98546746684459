/**
 * A lock file beside a data file, so that the server and a `vitrine` command never interleave their
 * read-change-write of the same file. A lock left by a crashed process is taken over once it is clearly stale.
 */
import { open, stat, unlink } from 'node:fs/promises';

const RETRY_MS = 15;
const STALE_AFTER_MS = 10_000;
const GIVE_UP_AFTER_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while holding `${file}.lock`. */
export async function withFileLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lockPath = `${file}.lock`;
  const started = Date.now();
  for (;;) {
    try {
      await (await open(lockPath, 'wx')).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lockPath).then((info) => Date.now() - info.mtimeMs, () => 0);
      if (age > STALE_AFTER_MS) await unlink(lockPath).catch(() => {});
      else if (Date.now() - started > GIVE_UP_AFTER_MS) {
        throw new Error(`${file} stays locked by another process (${lockPath}). If no Vitrine process is running, delete the lock file.`);
      } else await sleep(RETRY_MS);
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lockPath).catch(() => {});
  }
}
