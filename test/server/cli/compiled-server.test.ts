// The server as operators start it, from its compiled JavaScript (bin/server-build.js): the modules found beside the
// compiled code (the built-in development extension, the message catalogue) and an extension written in TypeScript,
// which needs a loader the compiled server does not start with.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { currentServerBuild } from '../../../bin/server-build.js';
import { startServerProcess, vitrine, type ServerProcess } from '../support/processes.js';
import { makeTempDir } from '../support/test-server.js';

const EXTENSION = new URL('../fixtures/test-extension.ts', import.meta.url).pathname;

describe('the compiled server', () => {
  let server: ServerProcess;
  before(async () => {
    const env = { DATA_DIR: await makeTempDir(), VITRINE_EXTENSIONS: EXTENSION, VITRINE_DEV_BASIC_AUTH: '1' };
    const created = await vitrine(
      ['user', 'create', 'owner', '--role', 'administrator', '--password', 'owner-pass-1'],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    server = await startServerProcess(env);
  });
  after(() => server?.stop());

  it('runs JavaScript compiled from every server module, with the catalogue and migrations beside it', async () => {
    const build = await currentServerBuild();
    for (const file of ['server/main.js', 'server/cli.js', 'server/store/postgres/migrations.js'])
      assert.ok(existsSync(path.join(build, file)), `${file} is compiled`);
    assert.ok(existsSync(path.join(build, 'server/i18n/messages/pl')), 'the message catalogue is copied');
    const page = await fetch(`${server.url}/cart`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<html lang="pl"/);
    assert.match(html, /Koszyk jest pusty/, 'the cart speaks Polish from the copied catalogue');
  });

  it('loads an extension written in TypeScript, and its routes answer', async () => {
    const response = await fetch(`${server.url}/wp-json/vitrine-test/v1/echo/7?q=hello`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { id: 7, q: 'hello', limit: 8 });
  });

  it('loads the built-in development extension from beside the compiled app', async () => {
    const authorization = `Basic ${Buffer.from('owner:owner-pass-1').toString('base64')}`;
    const response = await fetch(`${server.url}/wp-json/wp/v2/users/me?context=edit`, { headers: { authorization } });
    assert.equal(response.status, 200, 'a login password over HTTP Basic is accepted');
    assert.equal((await response.json()).slug, 'owner');
    assert.match(server.output(), /VITRINE_DEV_BASIC_AUTH=1 accepts login passwords/);
  });
});
