// Two real server processes on one PostgreSQL database serve one shop — a session, a settings change and a
// catalog change made through one are seen through the other.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase } from '../support/postgres.js';
import { startServerProcess, vitrine, type ServerProcess } from '../server/support/processes.js';
import { concurrentLogins, sessionIsValid } from '../server/support/shop-traffic.js';
import { fetchJson, makeTempDir } from '../server/support/test-server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function found(server: ServerProcess): Promise<number> {
  const { status, body } = await fetchJson(`${server.url}/wp-json/facet/v1/filter`, {
    method: 'POST',
    json: { query: {} },
  });
  assert.equal(status, 200);
  return body.found;
}

describe('two server processes on one PostgreSQL database', () => {
  let env: NodeJS.ProcessEnv;
  let first: ServerProcess;
  let second: ServerProcess;
  let authorization: string;

  before(async () => {
    env = { DATABASE_URL: await createTestDatabase(), DATA_DIR: await makeTempDir() };
    assert.equal(
      (await vitrine(['user', 'create', 'manager', '--role', 'shop_manager', '--password', 'manager-password'], env))
        .code,
      0,
    );
    const appPassword = (await vitrine(['app-password', 'create', 'manager'], env)).stdout
      .trimEnd()
      .split('\n')
      .at(-1)!;
    authorization = `Basic ${Buffer.from(`manager:${appPassword}`).toString('base64')}`;
    // Each instance gets its own data folder: nothing but the database is shared.
    [first, second] = await Promise.all([
      startServerProcess(env),
      startServerProcess({ ...env, DATA_DIR: await makeTempDir() }),
    ]);
  });
  after(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('accept on one a session started on the other', async () => {
    const [cookie] = await concurrentLogins(first.url, 'manager', 'manager-password', 1);
    assert.ok(cookie);
    assert.ok(await sessionIsValid(second.url, cookie), 'the second instance knows the session');
    const page = await (await fetch(`${second.url}/`, { headers: { cookie } })).text();
    assert.match(page, /<meta name="rest-nonce"/, 'the second instance serves the page as signed in');
  });

  it('show a settings change made on one in the very next request to the other', async () => {
    const name = `Shared Shop ${Date.now()}`;
    const saved = await fetchJson(`${first.url}/wp-json/compliance/v1/settings/general`, {
      method: 'POST',
      headers: { authorization },
      json: { shop_name: name },
    });
    assert.equal(saved.status, 200);
    assert.match(await (await fetch(`${second.url}/`)).text(), new RegExp(name));
  });

  it('both rebuild their facet index when the catalog is replaced', async () => {
    const before = await found(second);
    const generated = await vitrine(['catalog', 'generate', '--products', '777', '--seed', '5'], env);
    assert.equal(generated.code, 0, generated.stderr);
    assert.notEqual(before, 777);
    const deadline = Date.now() + 10_000;
    let counts = [await found(first), await found(second)];
    while (counts.some((count) => count !== 777) && Date.now() < deadline) {
      await sleep(100);
      counts = [await found(first), await found(second)];
    }
    assert.deepEqual(counts, [777, 777], 'both instances answer from the new catalog');
  });
});
