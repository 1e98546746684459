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
  // The folder is made by the first write: a folder that never had a snapshot stays as it was.
  await removeLeftoverTemporaryFiles(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
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
      const file = fileOf(name);
      await mkdir(directory, { recursive: true });
      await writeFileDurably(file, bytes);
    },
  };
}
