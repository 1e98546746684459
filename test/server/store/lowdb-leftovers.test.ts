// A server killed mid-write leaves a temporary file beside the data; the next open removes those of dead processes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { it } from 'node:test';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import { makeTempDir } from '../support/test-server.js';

it('removes the temporary files of dead writers when the data folder is opened, and keeps a live one', async () => {
  const dataDir = await makeTempDir();
  const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
  await writeFile(path.join(dataDir, `site.json.${deadPid}.k2j3h4.tmp`), '{"half": ');
  await writeFile(path.join(dataDir, `sessions.json.${process.pid}.a1b2c3.tmp`), '{}');
  const store = await openLowdbStore(dataDir, { watch: false });
  await store.close();
  const names = await readdir(dataDir);
  assert.ok(!names.includes(`site.json.${deadPid}.k2j3h4.tmp`), "the dead writer's file is gone");
  assert.ok(names.includes(`sessions.json.${process.pid}.a1b2c3.tmp`), "a live process's file is left alone");
  assert.ok(names.includes('site.json'));
});
