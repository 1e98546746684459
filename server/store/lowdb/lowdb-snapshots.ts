/**
 * Snapshots in the data folder: one file per name under `snapshots/` (`snapshots/facets.snapshot`), written to a
 * temporary file, flushed and renamed into place, so that a reader finds the old file or the new one, whole.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SNAPSHOT_NAME, type SnapshotRepository } from '../store.js';
import { writeFileDurably } from './durable-write.js';
import { removeLeftoverTemporaryFiles } from './leftover-temporary-files.js';

export async function lowdbSnapshots(directory: string): Promise<SnapshotRepository> {
  await mkdir(directory, { recursive: true });
  await removeLeftoverTemporaryFiles(directory);
  const fileOf = (name: string): string => {
    if (!SNAPSHOT_NAME.test(name)) throw new Error(`Not a snapshot name: "${name}" (use [a-z0-9-]).`);
    return path.join(directory, `${name}.snapshot`);
  };
  return {
    async read(name) {
      try {
        return await readFile(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(name, bytes) {
      await writeFileDurably(fileOf(name), bytes);
    },
  };
}
