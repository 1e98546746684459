/**
 * Bounded data, whatever the way in. The CSV import and wc/v3 refuse what exceeds the catalog's
 * limits, naming the row and column or the field; image addresses are http(s) or site paths only; a REST error lists
 * a bounded number of problems; and a category tree stored 5,000 levels deep (before the limits) breaks no page, even
 * after a restart.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { CATALOG_LIMITS } from '../../../server/catalog/catalog-limits.js';
import { importCatalogRows } from '../../../server/catalog/catalog-import.js';
import { readCsvRows } from '../../../server/catalog/csv/csv-files.js';
import type { Category, Product } from '../../../server/catalog/model.js';
import { fetchJson, makeTempDir, startTestServer, useTestServer, type TestServer } from '../support/test-server.js';

const csvRows = (header: string[], ...rows: string[][]) => {
  const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
  return readCsvRows(Readable.from([`${[header, ...rows].map((row) => row.map(quote).join(',')).join('\n')}\n`]));
};

describe('catalog limits', () => {
  const suite = useTestServer();

  it('refuses every oversized or unsafe CSV cell with its row and column, and applies nothing', async () => {
    const before = suite.server.store.catalog.data.products;
    const deepPath = Array.from({ length: 11 }, (_, level) => `Level ${level}`).join(' > ');
    const attributes = Array.from({ length: CATALOG_LIMITS.attributes + 1 }, (_, index) => [
      `Attribute ${index + 1} name`,
      `Attribute ${index + 1} value(s)`,
    ]).flat();
    const header = ['SKU', 'Name', 'Regular price', 'Description', 'Categories', 'Images', 'Tags', ...attributes];
    const row = (sku: string, changes: Record<string, string>) =>
      header.map(
        (column) =>
          changes[column] ??
          ({ SKU: sku, Name: `Product ${sku}`, 'Regular price': '10' } as Record<string, string>)[column] ??
          '',
      );
    const manyAttributes = Object.fromEntries(
      attributes.flatMap((column, index) =>
        index % 2 === 0
          ? [
              [column, `A${index}`],
              [attributes[index + 1]!, 'x'],
            ]
          : [],
      ),
    );
    const report = await importCatalogRows(
      suite.server.store,
      await csvRows(
        header,
        row('L-1', { Name: 'N'.repeat(5 * 1024 * 1024) }),
        row('S'.repeat(101), {}),
        row('L-3', { Description: 'd'.repeat(CATALOG_LIMITS.description + 1) }),
        row('L-4', { Categories: deepPath }),
        row('L-5', { Images: 'javascript:alert(1)' }),
        row('L-6', { Images: 'https://cdn.example/a.jpg" onerror="alert(1)' }),
        row('L-7', {
          Images: Array.from({ length: CATALOG_LIMITS.images + 1 }, (_, index) => `/media/${index}.jpg`).join(', '),
        }),
        row('L-8', { Tags: 't'.repeat(201) }),
        row('L-9', {
          'Attribute 1 name': 'Colour',
          'Attribute 1 value(s)': Array.from({ length: CATALOG_LIMITS.terms + 1 }, (_, index) => `c${index}`).join(
            ', ',
          ),
        }),
        row('L-10', manyAttributes),
        row('L-11', {
          Images: 'https://cdn.example/ok.jpg, /media/ok.jpg',
          Categories: Array.from({ length: 10 }, (_, level) => `L${level}`).join(' > '),
        }),
      ),
      { mode: 'replace' },
    );
    assert.equal(report.applied, false);
    assert.deepEqual(
      report.problems.map((problem) => [problem.row, problem.column]),
      [
        [2, 'Name'],
        [3, 'SKU'],
        [4, 'Description'],
        [5, 'Categories'],
        [6, 'Images'],
        [7, 'Images'],
        [8, 'Images'],
        [9, 'Tags'],
        [10, 'Attribute 1 value(s)'],
        [11, `Attribute ${CATALOG_LIMITS.attributes + 1} name`],
      ],
    );
    assert.match(report.problems[0]!.reason, /5,242,880 characters; at most 400/);
    assert.match(report.problems[3]!.reason, /11 levels; at most 10/);
    assert.match(report.problems[4]!.reason, /javascript:alert\(1\)" is not an image address/);
    assert.equal(suite.server.store.catalog.data.products, before);
  });

  it('refuses the same in wc/v3, naming each field', async () => {
    const { status, body } = await fetchJson(suite.server.restUrl('/wc/v3/products'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: {
        name: 'N'.repeat(CATALOG_LIMITS.name + 1),
        sku: 'S'.repeat(101),
        description: 'd'.repeat(CATALOG_LIMITS.description + 1),
        regular_price: '5',
        images: [{ src: 'https://cdn.example/a.jpg" onerror="x' }],
        attributes: Array.from({ length: CATALOG_LIMITS.attributes + 1 }, (_, index) => ({
          name: `A${index}`,
          options: ['x'],
        })),
        tags: Array.from({ length: CATALOG_LIMITS.tags + 1 }, (_, index) => ({ name: `t${index}` })),
      },
    });
    assert.equal(status, 400);
    assert.deepEqual(Object.keys(body.data.params).sort(), [
      'attributes',
      'description',
      'images',
      'name',
      'sku',
      'tags',
    ]);
    const options = await fetchJson(suite.server.restUrl('/wc/v3/products'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: {
        name: 'Ok',
        regular_price: '5',
        images: [{ src: 'javascript:alert(1)' }],
        attributes: [
          { name: 'Colour', options: Array.from({ length: CATALOG_LIMITS.terms + 1 }, (_, index) => `c${index}`) },
        ],
      },
    });
    assert.deepEqual(Object.keys(options.body.data.params).sort(), ['attributes', 'images']);
  });

  it('lists at most 50 problems in a REST error, with the count of the rest, however large the body', async () => {
    const body = Object.fromEntries(Array.from({ length: 30_000 }, (_, index) => [`unknown_${index}`, index]));
    const response = await fetch(suite.server.restUrl('/compliance/v1/settings/general'), {
      method: 'POST',
      headers: { authorization: suite.manager, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    assert.equal(response.status, 400);
    const answer = JSON.parse(text);
    assert.equal(Object.keys(answer.data.params).length, 50);
    assert.equal(answer.data.params_omitted, 30_000 - 50);
    assert.match(answer.message, /and 29,950 more$/);
    assert.ok(text.length < 20_000, `${text.length} characters for a ${JSON.stringify(body).length}-character body`);
  });
});

describe('a category tree stored 5,000 levels deep', () => {
  let server: TestServer;
  const dataDir = makeTempDir('vitrine-deep-');
  after(() => server?.stop());

  const DEPTH = 5000;
  const categories: Category[] = Array.from({ length: DEPTH }, (_, index) => ({
    id: index + 1,
    slug: `level-${index + 1}`,
    name: `Level ${index + 1}`,
    parent: index,
  }));
  const product = (id: number, categoryId: number): Product => ({
    id,
    slug: `deep-${id}`,
    title: `Deep thing ${id}`,
    description: '',
    sku: `DEEP-${id}`,
    category_ids: [categoryId],
    brand: 'Abyss',
    attributes: { color: ['Black'] },
    regular_price: 10,
    sale_price: null,
    rating: 0,
    rating_count: 0,
    in_stock: true,
    stock_quantity: 5,
    total_sales: id,
    created_at: '2026-01-01T00:00:00.000Z',
    image: '',
  });

  async function pagesAnswer(): Promise<void> {
    for (const path of [
      '/shop',
      '/product-category/level-1',
      `/product-category/level-${DEPTH}`,
      '/product/deep-1',
      '/product/deep-2',
      '/',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      assert.equal(response.status, 200, path);
      const html = await response.text();
      assert.ok(html.length < 2_000_000, `${path} is ${html.length} characters`);
    }
    const filter = await fetchJson(server.restUrl('/facet/v1/filter'), { method: 'POST', json: { query: {} } });
    assert.equal(filter.status, 200);
    assert.equal(filter.body.found, 2);
    const scoped = await fetchJson(server.restUrl('/facet/v1/filter'), {
      method: 'POST',
      json: { query: {}, widget: { category: `level-${DEPTH}` } },
    });
    assert.equal(scoped.body.found, 1);
    const search = await fetchJson(server.restUrl('/compliance/v1/search?q=deep'));
    assert.equal(search.status, 200);
  }

  it('serves every page, and again after a restart', async () => {
    server = await startTestServer({ dataDir: await dataDir });
    await server.store.catalog.replace(
      {
        categories,
        attributes: [
          { name: 'color', label: 'Colour' },
          { name: 'size', label: 'Size' },
        ],
      },
      [product(1, 1), product(2, DEPTH)],
    );
    await pagesAnswer();
    await server.stop({ keepData: true });
    server = await startTestServer({ dataDir: await dataDir });
    await pagesAnswer();
  });
});
