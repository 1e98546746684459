// `vitrine invoices export`, spawned as a real process: the ZIP holds the register and the XML of the period's
// invoices only (the last day included, in the shop's time zone), and a bad date fails with exit code 1.
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { issueOrderInvoice } from '../../../server/invoices/issue-invoice.js';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import { copyDataTemplate } from '../../support/data-template.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { vitrine } from '../support/processes.js';
import { makeTempDir } from '../support/test-server.js';
import { BUYER_NIP, SELLER_NIP } from './invoice-site.js';
import { unzip } from './unzip.js';

describe('vitrine invoices export', () => {
  let folder: string;
  const numbers: string[] = [];

  before(async () => {
    folder = await makeTempDir('vitrine-invoices-');
    await copyDataTemplate(folder);
    const store = await openLowdbStore(folder, { watch: false });
    await store.catalog.load();
    await store.site.update((draft) => {
      draft.settings.general.company_tax_id = SELLER_NIP;
    });
    const product = stockedProduct(store, 3);
    // 22:30Z is 23:30 on 30 November in Warsaw; 23:30Z is already 1 December there.
    for (const at of ['2026-11-30T22:30:00Z', '2026-11-30T23:30:00Z']) {
      const order = await placeTestOrder(store, { product, companyTaxId: BUYER_NIP, company: 'Żagle S.A.' });
      numbers.push((await issueOrderInvoice(store, order.id, new Date(at))).number);
    }
    await store.close();
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it("writes the period's register and XML files, the last day included", async () => {
    assert.deepEqual(numbers, ['FV/2026/11/1', 'FV/2026/12/1']);
    const out = path.join(folder, 'november.zip');
    const run = await vitrine([
      'invoices',
      'export',
      '--from',
      '2026-11-01',
      '--to',
      '2026-11-30',
      '--out',
      out,
      '--data',
      folder,
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /1 invoice\(s\) and 0 correction\(s\)/);
    const files = await unzip(await readFile(out));
    assert.deepEqual([...files.keys()].sort(), ['register.csv', 'xml/FV-2026-11-1.xml']);
    const rows = files.get('register.csv')!.trim().split('\r\n');
    assert.equal(rows.length, 2);
    assert.match(rows[1]!, /^FV\/2026\/11\/1,VAT,2026-11-30,/);
  });

  it('fails with exit code 1 and names the option for a date it cannot read', async () => {
    const run = await vitrine(['invoices', 'export', '--from', 'last month', '--to', '2026-11-30', '--data', folder]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /--from/);
  });
});
