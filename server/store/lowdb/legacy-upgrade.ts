/**
 * Data folders written before users and sessions had files of their own kept them inside `site.json` (schema
 * version 1), so every login rewrote the whole site. Opening such a folder moves them out once, under the site file's
 * lock, before anything else reads it; a folder half-way through (a crash) finishes the move on the next open.
 */
import { access, readFile } from 'node:fs/promises';
import { z } from 'zod';
import { StoreCorruptError } from '../store-error.js';
import { writeFileDurably } from './durable-write.js';
import { parseWithSchema, sessionSchema, userSchema } from './file-schemas.js';
import type { dataFiles } from './lowdb-files.js';
import { withProcessLock } from './process-lock.js';

const legacyParts = z.object({
  users: z.array(userSchema).default([]),
  sessions: z.array(sessionSchema).default([]),
  last_ids: z
    .object({ user: z.number().int().nonnegative().default(0) })
    .loose()
    .default({ user: 0 }),
});

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export async function moveUsersOutOfSiteFile(files: ReturnType<typeof dataFiles>): Promise<void> {
  await withProcessLock(files.site, async () => {
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(await readFile(files.site, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new StoreCorruptError(files.site, error);
    }
    if (raw === null || typeof raw !== 'object' || !('users' in raw || 'sessions' in raw)) return;
    let legacy: z.output<typeof legacyParts>;
    try {
      legacy = parseWithSchema(legacyParts, raw);
    } catch (error) {
      throw new StoreCorruptError(files.site, error);
    }
    const lastUserId = Math.max(legacy.last_ids.user, ...legacy.users.map((user) => user.id), 0);
    if (!(await exists(files.users))) {
      await writeFileDurably(
        files.users,
        JSON.stringify({ revision: 1, last_id: lastUserId, users: legacy.users }, null, 1),
      );
    }
    if (!(await exists(files.sessions))) {
      await writeFileDurably(files.sessions, JSON.stringify({ revision: 1, sessions: legacy.sessions }, null, 1));
    }
    const { users: _users, sessions: _sessions, ...site } = raw;
    const lastIds = { ...(site.last_ids as Record<string, unknown>) };
    delete lastIds.user;
    const revision = typeof site.revision === 'number' ? site.revision + 1 : 1;
    await writeFileDurably(
      files.site,
      JSON.stringify({ ...site, schema_version: 2, revision, last_ids: lastIds }, null, 1),
    );
  });
}
