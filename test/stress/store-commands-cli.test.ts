// `vitrine db migrate` and `vitrine store copy`, spawned as real commands against fresh PostgreSQL databases.
import assert from 'node:assert/strict';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createTestDatabase } from '../support/postgres.js';
import { vitrine } from '../server/support/processes.js';
import { makeTempDir } from '../server/support/test-server.js';
import { buildDemoCatalog } from '../../server/demo/demo-catalog.js';
import { withDemoPantry } from '../../server/demo/demo-pantry.js';

const folders: string[] = [];
after(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});
async function tempFolder(): Promise<string> {
  const folder = await makeTempDir('vitrine-copy-cli-');
  folders.push(folder);
  return folder;
}
/** No DATABASE_URL or DATA_DIR from the environment of the test run. */
const clean = { DATABASE_URL: '', DATA_DIR: '' };

describe('vitrine db migrate', () => {
  it('applies the migration to a fresh database, then reports it up to date', async () => {
    const url = await createTestDatabase();
    const first = await vitrine(['db', 'migrate', '--database', url], clean);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^Applied migration 001_initial\.$/m);
    assert.doesNotMatch(first.stdout, new RegExp(new URL(url).password), 'the password is never printed');
    const second = await vitrine(['db', 'migrate'], { ...clean, DATABASE_URL: url });
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /is up to date: no migration was pending/);
    assert.doesNotMatch(second.stdout, /Applied/);
  });

  it('says what is missing when there is no database, or the URL is not PostgreSQL', async () => {
    const none = await vitrine(['db', 'migrate'], clean);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /^vitrine: No database to migrate: give --database postgres:\/\/… or set DATABASE_URL\./);
    const mysql = await vitrine(['db', 'migrate', '--database', 'mysql://root@localhost/shop'], clean);
    assert.equal(mysql.code, 1);
    assert.match(mysql.stderr, /^vitrine: --database must be a PostgreSQL URL/);
  });
});

describe('vitrine store copy', () => {
  it('copies a seeded data folder --to PostgreSQL and back --from it, with a summary; refuses non-empty targets', async () => {
    const data = await tempFolder();
    const created = await vitrine(['user', 'create', 'maria', '--role', 'shop_manager', '--data', data], clean);
    assert.equal(created.code, 0, created.stderr);
    const url = await createTestDatabase();

    const to = await vitrine(['store', 'copy', '--to', url, '--data', data], clean);
    assert.equal(to.code, 0, to.stderr);
    assert.match(
      to.stdout,
      /Copied the shop from the data folder .* to postgres:\/\/postgres@127\.0\.0\.1:\d+\/vitrine_test_\w+ in \d+\.\d s:/,
    );
    assert.match(to.stdout, /^ {2}users +2$/m);
    assert.match(
      to.stdout,
      new RegExp(`^ {2}products +${withDemoPantry(buildDemoCatalog()).products.length}$`, 'm'),
      'the demo catalog, pantry included',
    );
    assert.match(
      to.stdout,
      /Copied [\d,]+ of [\d,]+ records \(100%\)\./,
      'plain progress lines when stderr is not a terminal',
    );

    // The copy is a working shop for every command: maria exists in PostgreSQL.
    const appPassword = await vitrine(['app-password', 'create', 'maria', '--name', 'ci'], {
      ...clean,
      DATABASE_URL: url,
    });
    assert.equal(appPassword.code, 0, appPassword.stderr);
    assert.doesNotMatch(appPassword.stdout, /seeded/);

    const again = await vitrine(['store', 'copy', '--to', url, '--data', data], clean);
    assert.equal(again.code, 1);
    assert.match(
      again.stderr,
      /^vitrine: The PostgreSQL database .* is not empty \(it has users, .*\); nothing was copied\./,
    );

    const back = path.join(await tempFolder(), 'copy');
    const from = await vitrine(['store', 'copy', '--from', url, '--data', back], clean);
    assert.equal(from.code, 0, from.stderr);
    assert.match(from.stdout, /Copied the shop from postgres:.* to the data folder /);
    assert.deepEqual((await readdir(back)).sort(), [
      'catalog.json',
      'consent-log.ndjson',
      'messages.json',
      'orders.json',
      'price-history.ndjson',
      'sessions.json',
      'site.json',
      'stats.json',
      'users.json',
      'withdrawals.json',
    ]);
    const fromAgain = await vitrine(['store', 'copy', '--from', url, '--data', back], clean);
    assert.equal(fromAgain.code, 1);
    assert.match(fromAgain.stderr, /^vitrine: The data folder .* is not empty/);
    // The application password made in PostgreSQL came back: a second one for maria in the folder works as before.
    const inFolder = await vitrine(['app-password', 'create', 'maria', '--name', 'again', '--data', back], clean);
    assert.equal(inFolder.code, 0, inFolder.stderr);
  });

  it('needs exactly one of --to and --from, a PostgreSQL URL, and a data folder with a shop', async () => {
    const data = await tempFolder();
    const neither = await vitrine(['store', 'copy', '--data', data], clean);
    assert.equal(neither.code, 1);
    assert.match(neither.stderr, /^vitrine: Give either --to <postgres-url>/);
    const notPostgres = await vitrine(['store', 'copy', '--to', 'sqlite://x', '--data', data], clean);
    assert.match(notPostgres.stderr, /^vitrine: --to must be a PostgreSQL URL/);
    await writeFile(path.join(data, 'README'), 'not a shop');
    const noShop = await vitrine(['store', 'copy', '--to', await createTestDatabase(), '--data', data], clean);
    assert.equal(noShop.code, 1);
    assert.match(noShop.stderr, /holds no shop to copy/);
  });
});
