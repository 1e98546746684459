// A serving process's Node options live in bin/server-flags.js, and two places that cannot import it repeat them: the
// `vitrine` command's first line (node reads them there, before any module) and `npm start`. A flag added to one and
// not the others would leave one way of starting the shop without it, unnoticed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SERVER_NODE_FLAGS } from '../../../bin/server-flags.js';

const root = new URL('../../../', import.meta.url);

describe("a serving process's Node options", () => {
  it("are the same in bin/server-flags.js, the vitrine command's first line and npm start", () => {
    const firstLine = readFileSync(new URL('bin/vitrine.js', root), 'utf8').split('\n')[0]!;
    assert.equal(firstLine, `#!/usr/bin/env -S node ${SERVER_NODE_FLAGS.join(' ')}`);
    const { scripts } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
      scripts: Record<string, string>;
    };
    assert.equal(scripts.start, `node ${SERVER_NODE_FLAGS.join(' ')} bin/vitrine.js serve --build-if-stale`);
    // The benches time servers started with these options, from a process that runs with them too.
    assert.ok(scripts.bench!.startsWith(`node ${SERVER_NODE_FLAGS.join(' ')} `), scripts.bench);
  });

  it('are options this node accepts', () => {
    const { status, stderr } = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', '0'], { encoding: 'utf8' });
    assert.equal(status, 0, stderr);
  });
});
