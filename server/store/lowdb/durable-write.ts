/**
 * Writes that survive a crash or a power cut once they have returned: the new content goes to a temporary file that
 * is flushed to disk, renamed over the old file (atomic: a reader sees the old or the new file, never half of one),
 * and then the folder itself is flushed, so that the rename is on disk too.
 */
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Flushes a folder's entries (renames, new files) to disk. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A temporary name beside `file`, unique to this process and call. */
export function temporaryPathFor(file: string): string {
  return `${file}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
}

/** Moves a flushed temporary file over `file` and flushes the folder; removes the temporary file on failure. */
export async function commitTemporaryFile(temporaryPath: string, file: string): Promise<void> {
  try {
    await rename(temporaryPath, file);
  } catch (error) {
    await unlink(temporaryPath).catch(() => {});
    throw error;
  }
  await syncDirectory(path.dirname(file));
}

/** Replaces `file` with `content`, durably. */
export async function writeFileDurably(file: string, content: string | Uint8Array): Promise<void> {
  const temporaryPath = temporaryPathFor(file);
  const handle = await open(temporaryPath, 'w', 0o600);
  try {
    await (typeof content === 'string' ? handle.writeFile(content, 'utf8') : handle.writeFile(content));
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temporaryPath).catch(() => {});
    throw error;
  }
  await handle.close();
  await commitTemporaryFile(temporaryPath, file);
}

/** Appends `content` to `file` in one write and flushes it before returning. */
export async function appendFileDurably(file: string, content: string): Promise<void> {
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.appendFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}
