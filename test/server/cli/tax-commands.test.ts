// `vitrine taxes oss-export` and `vitrine taxes add-eu-rates`, spawned as real processes on a data folder: the CSV
// holds the quarter's OSS sales (a sale placed on the first night of October in Warsaw, still September in UTC, is
// in Q4) with the order's stored net and VAT, a bad quarter fails with exit code 1, and adding EU rates brings back only
// the one the shop lacks.
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import type { Order } from '../../../server/store/schema.js';
import { copyDataTemplate } from '../../support/data-template.js';
import { placeTestOrder, stockedProduct } from '../support/orders.js';
import { vitrine } from '../support/processes.js';
import { makeTempDir } from '../support/test-server.js';

describe('vitrine taxes', () => {
  let folder: string;
  let order: Order;

  before(async () => {
    folder = await makeTempDir('vitrine-taxes-');
    await copyDataTemplate(folder);
    const store = await openLowdbStore(folder, { watch: false });
    await store.catalog.load();
    const placed = await placeTestOrder(store, { product: stockedProduct(store, 1) });
    order = await store.orders.change(placed.id, (stored) => {
      const changed: Order = {
        ...stored,
        created_at: '2026-09-30T22:30:00.000Z',
        taxes: { ...stored.taxes, scheme: { kind: 'oss', country: 'DE' } },
      };
      return { order: changed, result: changed };
    });
    await store.site.update((site) => {
      site.taxes.rates = site.taxes.rates.filter((rate) => !(rate.country === 'AT' && rate.class === 'reduced-rate'));
    });
    await store.close();
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it("writes the quarter's OSS sales with the order's stored net and VAT", async () => {
    const out = path.join(folder, 'q4.csv');
    const run = await vitrine(['taxes', 'oss-export', '--quarter', '2026-Q4', '--out', out, '--data', folder]);
    assert.equal(run.code, 0, run.stderr);
    const [line] = order.taxes.tax_lines;
    const tax = line!.tax_total + line!.shipping_tax_total + line!.fee_tax_total;
    const money = (grosz: number) => (grosz / 100).toFixed(2);
    assert.deepEqual((await readFile(out, 'utf8')).trim().split('\r\n'), [
      'quarter,country,rate_percent,sales_net,sales_vat,refunds_net,refunds_vat,net,vat',
      `2026-Q4,DE,${line!.rate_percent},${money(line!.net)},${money(tax)},0.00,0.00,${money(line!.net)},${money(tax)}`,
    ]);
    const empty = path.join(folder, 'q3.csv');
    assert.equal(
      (await vitrine(['taxes', 'oss-export', '--quarter', '2026-Q3', '--out', empty, '--data', folder])).code,
      0,
    );
    assert.equal((await readFile(empty, 'utf8')).trim().split('\r\n').length, 1);
  });

  it('fails with exit code 1 on a quarter that is not one', async () => {
    const run = await vitrine(['taxes', 'oss-export', '--quarter', '2026-Q5', '--data', folder]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /--quarter: "2026-Q5" is not a quarter such as 2026-Q4/);
  });

  it('adds back only the EU rate the shop lacks', async () => {
    const run = await vitrine(['taxes', 'add-eu-rates', '--data', folder]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Added 1 EU tax rate\(s\)/);
    const again = await vitrine(['taxes', 'add-eu-rates', '--data', folder]);
    assert.match(again.stdout, /Added 0 EU tax rate\(s\)/);
  });
});
