// GPSR: safety information imported from `Meta: gpsr_…` CSV columns or written through the wc/v3
// API's `meta_data` shows in a "Product safety" section of the product page while `gpsr_enabled`, escaped; bad
// addresses are refused by the API naming the field; the CSV export writes it back.
import assert from 'node:assert/strict';
import { Readable, Writable } from 'node:stream';
import { before, describe, it } from 'node:test';
import { importCatalogRows } from '../../../../server/catalog/catalog-import.js';
import { readCsvRows, writeCsv } from '../../../../server/catalog/csv/csv-files.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { visibleText } from '../../support/small-catalog.js';

const HEADER = [
  'ID',
  'Type',
  'SKU',
  'Name',
  'Published',
  'Regular price',
  'In stock?',
  'Stock',
  'Categories',
  'Attribute 1 name',
  'Attribute 1 value(s)',
  'Attribute 2 name',
  'Attribute 2 value(s)',
  'Meta: gpsr_manufacturer_name',
  'Meta: gpsr_manufacturer_address',
  'Meta: gpsr_manufacturer_contact',
  'Meta: gpsr_responsible_name',
  'Meta: gpsr_responsible_address',
  'Meta: gpsr_responsible_contact',
  'Meta: gpsr_warnings',
  'Meta: gpsr_documents',
];
const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (...rows: string[][]) =>
  readCsvRows(Readable.from([`${[HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\n')}\n`]));

const KETTLE = [
  '501',
  'simple',
  'KET-1',
  'Safe Kettle',
  '1',
  '120',
  '1',
  '5',
  'Kitchen',
  'Colour',
  'Red',
  'Size',
  'M',
  'Kettle Works GmbH',
  'Industriestraße 5\n10115 Berlin, Germany',
  'safety@kettle.example',
  'EU Rep Sp. z o.o.',
  'ul. Prosta 1, 00-001 Warszawa',
  'https://eurep.example/contact',
  'Hot surface <script>alert("x")</script> & steam.',
  'Instructions | https://kettle.example/manual.pdf\nEvil | javascript:alert(1)',
];
const MUG = [
  '502',
  'simple',
  'MUG-1',
  'Plain Mug',
  '1',
  '20',
  '1',
  '5',
  'Kitchen',
  'Colour',
  'Blue',
  'Size',
  'S',
  '',
  '',
  '',
  '',
  '',
  '',
  '',
  '',
];

describe('product safety (GPSR) on the product page', () => {
  const suite = useTestServer();
  const setGpsr = async (gpsr_enabled: boolean) => {
    const answer = await fetchJson(suite.server.restUrl('/compliance/v1/settings/compliance'), {
      method: 'POST',
      headers: { authorization: suite.manager },
      json: { gpsr_enabled },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  };
  const pageHtml = async (slug: string) => (await fetch(`${suite.server.url}/product/${slug}`)).text();
  const safetyHtml = (html: string) => {
    const start = html.indexOf('<section class="product-safety"');
    return start === -1 ? '' : html.slice(start, html.indexOf('</section>', start));
  };
  const put = (id: number, json: unknown) =>
    fetchJson(suite.server.restUrl(`/wc/v3/products/${id}`), {
      method: 'PUT',
      json,
      headers: { authorization: suite.manager },
    });

  before(async () => {
    const report = await importCatalogRows(suite.server.store, await csv(KETTLE, MUG), { mode: 'replace' });
    assert.deepEqual(report.problems, []);
  });

  it('shows what the CSV import brought, with emails and http(s) addresses as links', async () => {
    await setGpsr(true);
    const section = safetyHtml(await pageHtml('safe-kettle'));
    const text = visibleText(section);
    assert.match(text, /Bezpieczeństwo produktu/);
    assert.match(text, /Producent Kettle Works GmbH Industriestraße 5 10115 Berlin, Germany safety@kettle\.example/);
    assert.match(
      text,
      /Osoba odpowiedzialna w UE EU Rep Sp\. z o\.o\. ul\. Prosta 1, 00-001 Warszawa https:\/\/eurep\.example\/contact/,
    );
    assert.match(section, /href="mailto:safety@kettle\.example"/);
    assert.match(section, /href="https:\/\/eurep\.example\/contact"/);
    assert.match(section, /<a href="https:\/\/kettle\.example\/manual\.pdf"[^>]*>Instructions<\/a>/);
  });

  it('escapes imported values and never links a javascript: document', async () => {
    const section = safetyHtml(await pageHtml('safe-kettle'));
    assert.match(
      visibleText(section),
      /Hot surface <script>alert\("x"\)<\/script> & steam\./,
      'the text is shown as written',
    );
    assert.doesNotMatch(section, /<script/i);
    assert.match(section, /&lt;script&gt;/);
    assert.doesNotMatch(section, /javascript:/i);
    assert.doesNotMatch(visibleText(section), /Evil/);
  });

  it('shows nothing for a product without safety information, not an empty section', async () => {
    const html = await pageHtml('plain-mug');
    assert.doesNotMatch(html, /Bezpieczeństwo produktu|product-safety/);
  });

  it('gpsr_enabled off: no section; on again: back', async () => {
    await setGpsr(false);
    assert.doesNotMatch(await pageHtml('safe-kettle'), /Bezpieczeństwo produktu|Kettle Works/);
    await setGpsr(true);
    assert.match(visibleText(await pageHtml('safe-kettle')), /Bezpieczeństwo produktu/);
  });

  it('is written through wc/v3 meta_data: the page shows it, other keys stay, null removes one', async () => {
    const answer = await put(502, {
      meta_data: [
        { key: 'gpsr_manufacturer_name', value: 'Mug & Co <b>Ltd</b>' },
        { key: 'gpsr_manufacturer_contact', value: 'https://mugs.example' },
        { key: 'gpsr_documents', value: 'Care guide | https://mugs.example/care.pdf' },
        { key: 'internal_note', value: 'keep me' },
      ],
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const meta = new Map(answer.body.meta_data.map((entry: any) => [entry.key, entry.value]));
    assert.equal(meta.get('gpsr_manufacturer_name'), 'Mug & Co <b>Ltd</b>');
    const section = safetyHtml(await pageHtml('plain-mug'));
    assert.match(visibleText(section), /Producent Mug & Co <b>Ltd<\/b> https:\/\/mugs\.example/);
    assert.doesNotMatch(section, /<b>/);
    assert.match(section, /<a href="https:\/\/mugs\.example\/care\.pdf"[^>]*>Care guide<\/a>/);

    const removed = await put(502, { meta_data: [{ key: 'gpsr_documents', value: null }] });
    assert.equal(removed.status, 200);
    const after = new Map(removed.body.meta_data.map((entry: any) => [entry.key, entry.value]));
    assert.equal(after.has('gpsr_documents'), false);
    assert.equal(after.get('internal_note'), 'keep me');
    assert.equal(after.get('gpsr_manufacturer_name'), 'Mug & Co <b>Ltd</b>');
    assert.doesNotMatch(await pageHtml('plain-mug'), /Care guide/);
  });

  it('refuses bad contacts and non-http(s) documents with 400 rest_invalid_param naming the field, changing nothing', async () => {
    const before = structuredClone(
      suite.server.store.catalog.data.products.find((product) => product.id === 501)!.meta,
    );
    for (const [key, value] of [
      ['gpsr_manufacturer_contact', 'call us maybe'],
      ['gpsr_responsible_contact', 'javascript:alert(1)'],
      ['gpsr_documents', 'Manual | javascript:alert(1)'],
      ['gpsr_documents', 'Manual | ftp://files.example/manual.pdf'],
    ]) {
      const answer = await put(501, {
        meta_data: [
          { key, value },
          { key: 'gpsr_manufacturer_name', value: 'Changed' },
        ],
      });
      assert.equal(answer.status, 400, `${key}=${value}`);
      assert.equal(answer.body.code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(answer.body.data.params), [`meta_data.${key}`]);
    }
    assert.deepEqual(suite.server.store.catalog.data.products.find((product) => product.id === 501)!.meta, before);
    const notText = await put(501, { meta_data: [{ key: 'gpsr_warnings', value: { html: '<b>' } }] });
    assert.equal(notText.status, 400);
  });

  it('is written back by the CSV export, and an export imports to the same section', async () => {
    let text = '';
    await writeCsv(
      new Writable({
        write(chunk, _encoding, done) {
          text += chunk;
          done();
        },
      }),
      suite.server.store.catalog.data,
    );
    assert.match(text.split('\n')[0]!, /Meta: gpsr_manufacturer_name/);
    assert.match(text, /Kettle Works GmbH/);
    const shownBefore = safetyHtml(await pageHtml('safe-kettle'));
    const report = await importCatalogRows(suite.server.store, await readCsvRows(Readable.from([text])), {
      mode: 'replace',
    });
    assert.deepEqual(report.problems, []);
    assert.equal(safetyHtml(await pageHtml('safe-kettle')), shownBefore);
  });

  it('lists the products whose required safety information is incomplete for managers, and 409 while switched off', async () => {
    const report = () =>
      fetchJson(suite.server.restUrl('/compliance/v1/product-safety'), { headers: { authorization: suite.manager } });
    const { status, body } = await report();
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.checked, 2);
    // The kettle has all three manufacturer fields; the mug got a name and a web address through the API, no address.
    assert.deepEqual(
      body.products.map((product: any) => [product.sku, product.missing]),
      [['MUG-1', ['gpsr_manufacturer_address']]],
    );
    assert.equal((await fetchJson(suite.server.restUrl('/compliance/v1/product-safety'))).status, 401);
    await setGpsr(false);
    assert.equal((await report()).status, 409);
    await setGpsr(true);
  });
});
