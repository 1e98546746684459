// The store contract against the PostgreSQL adapter: each test gets a new database on the test cluster.
import { randomBytes } from 'node:crypto';
import { after } from 'node:test';
import pg from 'pg';
import { migratePostgres, openPostgresStore } from '../../../../server/store/postgres/index.js';
import { createTestDatabase } from '../../../support/postgres.js';
import { describeStoreContract } from './store-contract.js';

/**
 * A fresh database per test costs a CREATE DATABASE and the migrations; copying one migrated (but otherwise empty:
 * no meta row, so every copy still generates its own secret) template file by file costs half as much.
 */
let admin: Promise<{ client: pg.Client; template: string; url: URL }> | undefined;
function cluster() {
  admin ??= (async () => {
    const templateUrl = await createTestDatabase();
    await migratePostgres(templateUrl);
    const url = new URL(templateUrl);
    const template = decodeURIComponent(url.pathname.slice(1));
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    return { client, template, url };
  })();
  return admin;
}

/**
 * A test's database is made while the test before it runs, and dropped while the tests after it run: each test still
 * gets a new copy of the template, without waiting for the copy or the drop.
 */
let ahead: Promise<string> | undefined;
const dropping: Promise<void>[] = [];

async function copyOfTemplate(): Promise<string> {
  const { client, template } = await cluster();
  const name = `vitrine_conformance_${randomBytes(6).toString('hex')}`;
  await client.query(
    `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)} STRATEGY FILE_COPY`,
  );
  return name;
}

async function drop(name: string): Promise<void> {
  const { client } = await cluster();
  await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
}

after(async () => {
  if (!admin) return;
  const unused = await ahead?.catch(() => undefined);
  if (unused) dropping.push(drop(unused));
  await Promise.all(dropping);
  await (await admin).client.end();
});

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { url } = await cluster();
  const name = await (ahead ?? copyOfTemplate());
  ahead = copyOfTemplate();
  // Its failure, if any, is the next test's to report.
  ahead.catch(() => undefined);
  const database = new URL(url);
  database.pathname = `/${name}`;
  return {
    url: database.href,
    drop: async () => {
      dropping.push(drop(name));
    },
  };
}

describeStoreContract(
  'postgres',
  async () => {
    const { url, drop } = await freshDatabase();
    return {
      open: ({ watch, lazyCatalog }) => openPostgresStore(url, { listen: watch, lazyCatalog }),
      dispose: drop,
    };
  },
  { catalogNoticeMs: 5000 },
);
