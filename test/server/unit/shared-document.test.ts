// Two handles on one data file stand for the server and a command: neither may lose the other's changes.
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { CheckedJSONFile } from '../../../server/store/json-file.js';
import { SharedDocument } from '../../../server/store/shared-document.js';
import { makeTempDir } from '../support/test-server.js';

interface Counters {
  items: string[];
}

const folders: string[] = [];
after(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function twoHandles() {
  const folder = await makeTempDir();
  folders.push(folder);
  const file = path.join(folder, 'doc.json');
  const open = async () => {
    const document = new SharedDocument<Counters>(file, new CheckedJSONFile<Counters>(file), () => ({ items: [] }));
    await document.read();
    return document;
  };
  return { file, first: await open(), second: await open() };
}

describe('SharedDocument', () => {
  it('keeps every change when two processes write in turn and at once', async () => {
    const { file, first, second } = await twoHandles();
    await first.update((data) => void data.items.push('a'));
    await second.update((data) => void data.items.push('b'));
    await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? first : second).update((data) => void data.items.push(`x${index}`))));
    const stored: Counters = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(stored.items.length, 22);
    assert.deepEqual(stored.items.slice(0, 2), ['a', 'b']);
  });

  it('sees another process\'s write after refreshIfChanged, and only then', async () => {
    const { first, second } = await twoHandles();
    await second.update((data) => void data.items.push('from the command'));
    assert.deepEqual(first.data.items, []);
    await first.refreshIfChanged();
    assert.deepEqual(first.data.items, ['from the command']);
  });

  it('takes over a lock left behind by a crashed process once it is stale', async () => {
    const { file, first } = await twoHandles();
    await writeFile(`${file}.lock`, '');
    const { utimes } = await import('node:fs/promises');
    const old = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock`, old, old);
    await first.update((data) => void data.items.push('after a crash'));
    assert.deepEqual(first.data.items, ['after a crash']);
  });
});
