// The data folder's OAuth nonce file: appended per signed request, rewritten once mostly expired,
// read by every process on the folder, and not confused by a line torn by a crash.
import assert from 'node:assert/strict';
import { appendFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { lowdbOAuthNonces } from '../../../server/store/lowdb/lowdb-oauth-nonces.js';
import { makeTempDir } from '../support/test-server.js';

describe('oauth-nonces.ndjson', () => {
  let folder: string;
  let file: string;
  beforeEach(async () => {
    folder = await makeTempDir('vitrine-nonces-');
    file = path.join(folder, 'oauth-nonces.ndjson');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const now = new Date('2026-05-01T12:00:00.000Z');
  const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const lines = async () => (await readFile(file, 'utf8')).split('\n').filter(Boolean);

  it('is rewritten with the live nonces once most lines have expired, and they are still refused', async () => {
    const useNonce = lowdbOAuthNonces(file, { compactAfterLines: 20 });
    for (let i = 0; i < 15; i++) assert.equal(await useNonce(1, `old-${i}`, minutesLater(15).toISOString(), now), true);
    for (let i = 0; i < 3; i++)
      assert.equal(await useNonce(1, `new-${i}`, minutesLater(40).toISOString(), minutesLater(20)), true);
    assert.equal((await lines()).length, 18, 'below the threshold: only appended');
    for (let i = 3; i < 6; i++)
      assert.equal(await useNonce(1, `new-${i}`, minutesLater(40).toISOString(), minutesLater(20)), true);
    assert.deepEqual(
      (await lines()).map((line) => JSON.parse(line).nonce),
      ['new-0', 'new-1', 'new-2', 'new-3', 'new-4', 'new-5'],
      'the expired ones are gone',
    );
    assert.equal(
      await useNonce(1, 'new-0', minutesLater(40).toISOString(), minutesLater(21)),
      false,
      'a live one is still refused',
    );
    const fresh = lowdbOAuthNonces(file);
    assert.equal(
      await fresh(1, 'new-5', minutesLater(40).toISOString(), minutesLater(21)),
      false,
      'also by a process reading the rewritten file',
    );
    assert.equal(
      await fresh(1, 'old-0', minutesLater(40).toISOString(), minutesLater(21)),
      true,
      'an expired one is forgotten',
    );
  });

  it('a process that read the file before another rewrote it reads the new file', async () => {
    const first = lowdbOAuthNonces(file, { compactAfterLines: 4 });
    const second = lowdbOAuthNonces(file, { compactAfterLines: 1_000 });
    assert.equal(await second(2, 'seen-by-second', minutesLater(15).toISOString(), now), true);
    for (let i = 0; i < 5; i++) await first(2, `short-${i}`, minutesLater(1).toISOString(), now);
    await first(2, 'kept', minutesLater(30).toISOString(), minutesLater(16));
    assert.equal(await second(2, 'kept', minutesLater(30).toISOString(), minutesLater(16)), false);
    assert.equal(
      await second(2, 'short-0', minutesLater(30).toISOString(), minutesLater(16)),
      true,
      'expired, forgotten by both',
    );
  });

  it('a line torn by a crash neither hides the next nonce nor stops the file from being read', async () => {
    const useNonce = lowdbOAuthNonces(file);
    assert.equal(await useNonce(3, 'before', minutesLater(15).toISOString(), now), true);
    await appendFile(file, '{"key_id":3,"nonce":"tor');
    const afterCrash = lowdbOAuthNonces(file);
    assert.equal(await afterCrash(3, 'after', minutesLater(15).toISOString(), now), true);
    const reader = lowdbOAuthNonces(file);
    assert.equal(await reader(3, 'before', minutesLater(15).toISOString(), now), false);
    assert.equal(
      await reader(3, 'after', minutesLater(15).toISOString(), now),
      false,
      'the nonce written after the torn line is read',
    );
  });
});
