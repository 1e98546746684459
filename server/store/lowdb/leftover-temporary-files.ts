/**
 * A process killed in the middle of a write leaves its temporary file behind (`<file>.<pid>.<random>.tmp`, see
 * durable-write.ts); the data file itself is untouched. Opening the folder removes the leftovers of processes that are
 * gone, so crashes do not pile up files; a live process's temporary file is left alone.
 */
import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';

const TEMPORARY = /^.+\.(\d+)\.[a-z0-9]+\.tmp$/;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** @returns the names of the files removed */
export async function removeLeftoverTemporaryFiles(directory: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(directory)) {
    const match = TEMPORARY.exec(name);
    if (!match || isAlive(Number(match[1]))) continue;
    await unlink(path.join(directory, name)).catch(() => {});
    removed.push(name);
  }
  return removed;
}
