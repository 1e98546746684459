/**
 * `POST /vitrine/v1/catalog/import` on a real server: a dry run answers every rejected row and
 * changes nothing; an import runs as a job whose progress reaches 100 with the report; the upload has its own size
 * limit (413) and needs manage_shop. A shop manager signed in by cookie and nonce (the admin) may use it and wc/v3.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { loginCookie, restNonce } from '../support/login.js';
import { catalogCsv, type CatalogCsvRow } from '../support/catalog-csv.js';
import { fetchJson, useTestServer } from '../support/test-server.js';

// Uploads come from spreadsheets and WooCommerce's exports: CRLF line ends.
const csv = (...rows: CatalogCsvRow[]) => catalogCsv(rows, { lineEnd: '\r\n' });
const MUG = {
  ID: 501,
  Type: 'simple',
  SKU: 'IMP-1',
  Name: 'Imported mug',
  Published: 1,
  'Regular price': '12.50',
  'In stock?': 1,
  Stock: 4,
  Categories: 'Kitchen',
};
const GOOD = csv(MUG, {
  ID: 502,
  Type: 'simple',
  SKU: 'IMP-2',
  Name: 'Imported plate',
  Published: 1,
  'Regular price': 20,
  'Sale price': 15,
  'In stock?': 1,
  Stock: 2,
  Categories: 'Kitchen',
});
const ONE_BAD = csv(MUG, {
  ID: 502,
  Type: 'simple',
  SKU: 'IMP-2',
  Name: 'Imported plate',
  Published: 1,
  'Regular price': '12.5.0',
  'In stock?': 1,
  Stock: 2,
  Categories: 'Kitchen',
});

describe('vitrine/v1 catalog import by upload', () => {
  const suite = useTestServer();
  const upload = (query: string, body: string, authorization = suite.manager) =>
    fetchJson(suite.server.restUrl(`/vitrine/v1/catalog/import?${query}`), {
      method: 'POST',
      headers: { authorization, 'content-type': 'text/csv' },
      body,
    });
  const skus = () => new Set(suite.server.store.catalog.data.products.map((product) => product.sku));

  async function finished(jobId: string): Promise<any> {
    const seen: number[] = [];
    for (let attempt = 0; attempt < 200; attempt++) {
      const { status, body } = await fetchJson(suite.server.restUrl(`/vitrine/v1/catalog/import/${jobId}`), {
        headers: { authorization: suite.manager },
      });
      assert.equal(status, 200);
      seen.push(body.percent);
      if (body.status !== 'running') return { ...body, seen };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.fail('the job did not finish');
  }

  it('answers a dry run with every rejected row (row, column, reason) and changes nothing', async () => {
    const before = suite.server.store.catalog.data.products.length;
    const { status, body } = await upload('dry_run=true&mode=replace', ONE_BAD);
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.rows, 2);
    assert.equal(body.products, 1);
    assert.equal(body.rejected_rows, 1);
    assert.equal(body.applied, false);
    assert.equal(body.problems.length, 1);
    assert.equal(body.problems[0].row, 3, 'the header is row 1');
    assert.equal(body.problems[0].column, 'Regular price');
    assert.match(body.problems[0].reason, /12\.5\.0/);
    assert.equal(suite.server.store.catalog.data.products.length, before);
    assert.ok(!skus().has('IMP-1'), 'nothing applied');
  });

  it('applies an import as a job whose progress reaches 100 with the report', async () => {
    const { status, headers, body } = await upload('mode=merge', GOOD);
    assert.equal(status, 202, JSON.stringify(body));
    assert.equal(body.status, 'running');
    assert.match(headers.get('location') ?? '', new RegExp(`/vitrine/v1/catalog/import/${body.id}$`));
    const job = await finished(body.id);
    assert.equal(job.status, 'done', job.error);
    assert.equal(job.percent, 100);
    assert.ok(
      job.seen.every((percent: number, index: number) => index === 0 || percent >= job.seen[index - 1]),
      'progress never goes back',
    );
    assert.equal(job.report.applied, true);
    assert.equal(job.report.products, 2);
    assert.ok(skus().has('IMP-1') && skus().has('IMP-2'));
    const plate = suite.server.store.catalog.data.products.find((product) => product.sku === 'IMP-2');
    assert.equal(plate?.sale_price, 15);
  });

  it('leaves the catalog as it was when a replace finds a bad row, and says so in the report', async () => {
    const before = suite.server.store.catalog.data.products;
    const { status, body } = await upload('mode=replace', ONE_BAD);
    assert.equal(status, 202);
    const job = await finished(body.id);
    assert.equal(job.status, 'done');
    assert.equal(job.report.applied, false);
    assert.equal(job.report.problems[0].row, 3);
    assert.equal(suite.server.store.catalog.data.products, before);
  });

  it('answers 400 for a file that is not a product CSV, and for an empty body', async () => {
    const notCsv = await upload('dry_run=true', 'hello,world\n1,2\n');
    assert.equal(notCsv.status, 400);
    assert.equal(notCsv.body.code, 'vitrine_import_invalid_csv');
    assert.match(notCsv.body.message, /none of the columns ID, SKU and Name/);
    const empty = await upload('dry_run=true', '');
    assert.equal(empty.status, 400);
    const badMode = await upload('dry_run=true&mode=append', GOOD);
    assert.equal(badMode.status, 400);
    assert.ok(badMode.body.data.params.mode);
  });

  it('refuses a body declared over 64 MB with 413, and takes one over the 1 MB JSON limit', async () => {
    // Declared larger than the limit: refused before a byte of the body is read.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        suite.server.restUrl('/vitrine/v1/catalog/import?dry_run=true'),
        {
          method: 'POST',
          headers: {
            authorization: suite.manager,
            'content-type': 'text/csv',
            'content-length': String(64 * 1024 * 1024 + 1),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, body });
            request.destroy();
          });
        },
      );
      request.on('error', reject);
      request.write('Name\n');
    });
    assert.equal(answer.status, 413);
    assert.match(JSON.parse(answer.body).message, /larger than 64 MB/);
    // A 2 MB CSV (twice the JSON limit) is accepted.
    const filler = Array.from({ length: 20_000 }, (_, index) => ({
      ID: 9000 + index,
      Type: 'simple',
      SKU: `BIG-${index}`,
      Name: `Big product ${index} ${'x'.repeat(60)}`,
      Published: 1,
      'Regular price': 10,
      'In stock?': 1,
      Stock: 1,
      Categories: 'Kitchen',
    }));
    const big = await upload('dry_run=true&mode=merge', csv(...filler));
    assert.equal(big.status, 200);
    assert.equal(big.body.products, 20_000);
  });

  it('needs manage_shop: 401 without credentials, 403 for an editor', async () => {
    assert.equal((await upload('dry_run=true', GOOD, '')).status, 401);
    assert.equal((await upload('dry_run=true', GOOD, await suite.server.basicAuthFor('editor'))).status, 403);
    assert.equal(
      (
        await fetchJson(suite.server.restUrl('/vitrine/v1/catalog/import/nope'), {
          headers: { authorization: suite.manager },
        })
      ).status,
      404,
    );
  });

  it('lets a shop manager signed in by cookie and nonce (as the admin is) use wc/v3 and the import', async () => {
    await createUser(suite.server.store, {
      login: 'cookie-manager',
      role: 'shop_manager',
      password: 'a-long-password',
    });
    const cookie = await loginCookie(suite.server.url, 'cookie-manager', 'a-long-password');
    const nonce = await restNonce(suite.server.url, cookie);
    const headers = { cookie, 'x-wp-nonce': nonce };
    const list = await fetchJson(suite.server.restUrl('/wc/v3/products?per_page=1'), { headers });
    assert.equal(list.status, 200);
    assert.ok(Number(list.headers.get('x-wp-total')) > 0);
    const dry = await fetchJson(suite.server.restUrl('/vitrine/v1/catalog/import?dry_run=true'), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: GOOD,
    });
    assert.equal(dry.status, 200);
    // Without the nonce the cookie alone is anonymous (no cross-site request can use it).
    assert.equal((await fetchJson(suite.server.restUrl('/wc/v3/products'), { headers: { cookie } })).status, 401);
  });
});
