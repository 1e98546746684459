// The `vitrine` command, spawned as a real process over a temporary data folder.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { copyDataTemplate } from '../../support/data-template.js';
import { postLogin } from '../support/login.js';
import { startServerProcess, vitrine } from '../support/processes.js';
import { fetchJson, makeTempDir } from '../support/test-server.js';

const folders: string[] = [];
after(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function dataFolder() {
  const folder = await makeTempDir('vitrine-cli-');
  folders.push(folder);
  return folder;
}

/**
 * A data folder holding the seeded demo shop, as the command leaves an empty one before it does its work: a copy of
 * the run's template, so that only the test of the seeding itself pays for a seeding process.
 */
async function seededFolder() {
  const folder = await dataFolder();
  await copyDataTemplate(folder);
  return folder;
}

describe('vitrine user create', () => {
  it('seeds an empty folder first, then creates the user with a generated password', async () => {
    const data = await dataFolder();
    const outcome = await vitrine(['user', 'create', 'maria', '--role', 'shop_manager', '--data', data]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(outcome.stdout, /seeded the demo shop/);
    assert.match(outcome.stdout, /Administrator password: \S{20}/);
    assert.match(outcome.stdout, /Created user "maria" \(id 2, role shop_manager/);
    assert.match(outcome.stdout, /Generated password \(shown once\): \S{20}/);
  });

  it('fails on stderr with exit code 1 for an unknown role, and for a duplicate login', async () => {
    const data = await seededFolder();
    const badRole = await vitrine(['user', 'create', 'x', '--role', 'wizard', '--data', data]);
    assert.notEqual(badRole.code, 0);
    assert.match(badRole.stderr, /wizard/);
    assert.match(badRole.stderr, /administrator, shop_manager, editor, customer/);
    assert.equal((await vitrine(['user', 'create', 'dup', '--role', 'editor', '--data', data])).code, 0);
    const duplicate = await vitrine(['user', 'create', 'dup', '--role', 'editor'], { DATA_DIR: data });
    assert.equal(duplicate.code, 1);
    assert.match(duplicate.stderr, /^vitrine: A user with the login "dup"/);
    assert.equal(duplicate.stdout, '');
  });
});

describe('vitrine app-password create', () => {
  it('prints the password alone on its last line, and it authenticates against a served shop', async () => {
    const data = await seededFolder();
    assert.equal(
      (
        await vitrine([
          'user',
          'create',
          'api',
          '--role',
          'shop_manager',
          '--password',
          'api-password-1',
          '--data',
          data,
        ])
      ).code,
      0,
    );
    const outcome = await vitrine(['app-password', 'create', 'api', '--name', 'curl', '--data', data]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const lastLine = outcome.stdout.trimEnd().split('\n').at(-1)!;
    assert.match(lastLine, /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);

    const server = await startServerProcess({ DATA_DIR: data });
    try {
      const auth = `Basic ${Buffer.from(`api:${lastLine}`).toString('base64')}`;
      const { status, body } = await fetchJson(`${server.url}/wp-json/vitrine/v1/users/me`, {
        headers: { authorization: auth },
      });
      assert.equal(status, 200);
      assert.equal(body.login, 'api');
    } finally {
      await server.stop();
    }
  });

  it('fails with a clear message for an unknown login', async () => {
    const outcome = await vitrine(['app-password', 'create', 'ghost', '--data', await seededFolder()]);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /no user with the login "ghost"/);
  });
});

describe('vitrine commands while the server runs', () => {
  it("reach the running server at once, and the server's own writes do not undo them", async () => {
    const { startTestServer } = await import('../support/test-server.js');
    const server = await startTestServer();
    try {
      assert.equal(
        (
          await vitrine([
            'user',
            'create',
            'late',
            '--role',
            'shop_manager',
            '--password',
            'late-password',
            '--data',
            server.dataDir,
          ])
        ).code,
        0,
      );
      const created = await vitrine(['app-password', 'create', 'late', '--data', server.dataDir]);
      const password = created.stdout.trimEnd().split('\n').at(-1)!;
      const auth = `Basic ${Buffer.from(`late:${password}`).toString('base64')}`;
      const me = await fetchJson(server.restUrl('/vitrine/v1/users/me'), { headers: { authorization: auth } });
      assert.equal(me.status, 200, 'the new user and password work without a restart');
      // The server writes site.json itself (a login session, a settings change), then a command writes again.
      const login = await postLogin(server.url, { login: 'late', password: 'late-password' });
      assert.equal(login.status, 303);
      assert.equal((await vitrine(['page', 'set', 'later', '--title', 'Later', '--data', server.dataDir])).code, 0);
      assert.equal((await fetch(`${server.url}/later`)).status, 200, 'the page written by the command is served');
      const { openLowdbStore } = await import('../../../server/store/lowdb/lowdb-store.js');
      const onDisk = await openLowdbStore(server.dataDir);
      const late = await onDisk.users.findByLogin('late');
      assert.equal(late?.app_passwords.length, 1);
      const cookie = login.headers.get('set-cookie')!.match(/vitrine_session=([^;]+)/)![1]!;
      const { hashToken } = await import('../../../server/auth/sessions.js');
      assert.equal(
        (await onDisk.sessions.find(hashToken(cookie), new Date()))?.user.login,
        'late',
        "the server's session survived",
      );
      assert.ok(onDisk.site.data.pages.some((page) => page.slug === 'later'));
      await onDisk.close();
    } finally {
      await server.stop();
    }
  });
});

describe('vitrine page set', () => {
  it('places [facet per_page="6"] on a new page that then shows the widget with six products', async () => {
    const data = await seededFolder();
    const created = await vitrine([
      'page',
      'set',
      'summer-sale',
      '--title',
      'Summer sale',
      '--content',
      '<p>Hot deals</p>[facet per_page="6"]',
      '--data',
      data,
    ]);
    assert.equal(created.code, 0, created.stderr);
    assert.match(
      created.stdout,
      /Created the page "Summer sale" \(publish\) at http:\/\/127\.0\.0\.1:3000\/summer-sale/,
    );
    const updated = await vitrine(['page', 'set', 'summer-sale', '--status', 'draft', '--data', data]);
    assert.match(updated.stdout, /Updated the page "Summer sale" \(draft\)/);
    assert.equal((await vitrine(['page', 'set', 'summer-sale', '--status', 'publish', '--data', data])).code, 0);
    const { startTestServer } = await import('../support/test-server.js');
    const server = await startTestServer({ dataDir: data });
    try {
      const html = await (await fetch(`${server.url}/summer-sale`)).text();
      assert.match(html, /Hot deals/);
      assert.equal(html.match(/class="facet-filter__card"/g)?.length, 6);
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it('refuses a bad slug, a built-in path and a new page without a title', async () => {
    const data = await seededFolder();
    for (const [args, message] of [
      [['page', 'set', 'Summer Sale', '--title', 'x'], /may hold only lower-case letters/],
      [['page', 'set', 'login', '--title', 'x'], /built-in path/],
      [['page', 'set', 'untitled', '--content', 'x'], /needs a title/],
    ] as const) {
      const outcome = await vitrine([...args, '--data', data]);
      assert.equal(outcome.code, 1, args.join(' '));
      assert.match(outcome.stderr, message);
    }
  });
});

describe('vitrine catalog generate and reindex', () => {
  it('writes the same catalog for the same seed, reindexes, and refuses a bad count', async () => {
    const [first, second] = [await seededFolder(), await seededFolder()];
    for (const data of [first, second]) {
      const outcome = await vitrine(['catalog', 'generate', '--products', '400', '--seed', '7', '--data', data]);
      assert.equal(outcome.code, 0, outcome.stderr);
      assert.match(outcome.stdout, /Wrote 400 products \(seed 7\)/);
      assert.match(outcome.stdout, /Indexed 400 products: 7 facets/);
    }
    const { readFile } = await import('node:fs/promises');
    // Every write of the file gets its own generation (which journal lines apply to it); the catalog is the rest.
    const withoutGeneration = async (folder: string) =>
      (await readFile(`${folder}/catalog.json`, 'utf8')).replace(/^\{"generation":"[\w-]+",/, '{');
    const firstCatalog = await withoutGeneration(first);
    assert.match(firstCatalog, /^\{("highest_id":\d+,)?"categories":/);
    assert.equal(firstCatalog, await withoutGeneration(second));
    const reindex = await vitrine(['reindex', '--data', first]);
    assert.equal(reindex.code, 0, reindex.stderr);
    assert.match(reindex.stdout, /Indexed 400 products/);
    const bad = await vitrine(['catalog', 'generate', '--products', '-5', '--data', first]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--products must be a whole number/);
  });
});

describe('vitrine', () => {
  it('rejects an unknown command on stderr with a non-zero exit code', async () => {
    const outcome = await vitrine(['frobnicate']);
    assert.notEqual(outcome.code, 0);
    assert.match(outcome.stderr, /unknown command 'frobnicate'/);
  });

  it('refuses to serve a corrupt data folder, naming the file', async () => {
    const data = await seededFolder();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${data}/site.json`, '{oops');
    const outcome = await vitrine(['serve', '--port', '0', '--data', data]);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, new RegExp(`${data}/site.json`));
  });
});
