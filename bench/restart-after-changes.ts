/**
 * How soon a shop answers `/filter` when restarted after a day of catalog changes since its facet index snapshot was
 * written: orders taking stock, price edits, a product added and one deleted, as many as a running server lets pass
 * before it writes the snapshot again (just under the facet service's 500). The server reads the snapshot back and
 * brings it up to date from the catalog journal instead of rebuilding the index (its log line says which). A copy of
 * start-time.ts's data folder (catalog and snapshot) is changed by a process of its own, as the server would have left
 * it; then each start is timed from spawn to the first answered POST /filter, with its memory. Medians of three.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stockTakingEdit } from '../server/shop/stock.js';
import { highestItemId } from '../server/store/catalog-types.js';
import { openLowdbStore } from '../server/store/lowdb/lowdb-store.js';
import type { NewOrder } from '../server/store/store.js';
import { median, preparedDataFolder, startOnce, type Start } from './start-time.js';
import { compiledModule } from '../bin/server-build.js';

const STARTS = 3;
// The server as operators run it: compiled (bin/server-build.js).
const CLI = await compiledModule('server/cli.ts');

/** A paid order (an unpaid one's hold would run out at the start and give its stock back: another change). */
function paidOrder(productId: number, variationId: number | undefined, price: number): NewOrder {
  return {
    user_id: null,
    email: 'bench@example.com',
    billing: {
      first_name: 'Anna',
      last_name: 'Nowak',
      street: 'Długa 1',
      postcode: '00-001',
      city: 'Warszawa',
      country: 'PL',
      phone: '',
    },
    company_tax_id: '',
    payment_method: 'bank_transfer',
    currency: 'PLN',
    lines: [
      {
        product_id: productId,
        ...(variationId === undefined ? {} : { variation_id: variationId }),
        title: 'Bench product',
        sku: '',
        unit_price: price,
        quantity: 1,
        line_total: price,
      },
    ],
    subtotal: price,
    total: price,
    consent: [],
    created_at: new Date().toISOString(),
    status: 'processing',
    customer_note: '',
    date_paid: new Date().toISOString(),
    stock_returned: false,
    notes: [],
    history: [],
  } as NewOrder;
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Gives the copied catalog file a generation, as every write through the store does (a generated file has none, and
 * its first edit would give it one, which no snapshot of it could follow), and writes the snapshot of that file.
 */
function asAShopWritesIt(dataDir: string): Promise<void> {
  return (async () => {
    const store = await openLowdbStore(dataDir, { watch: false });
    try {
      await store.catalog.replace(store.catalog.data, store.catalog.data.products);
    } finally {
      await store.close();
    }
    const reindex = spawnSync(process.execPath, ['--max-old-space-size=6144', CLI, 'reindex', '--data', dataDir], {
      encoding: 'utf8',
    });
    if (reindex.status !== 0) throw new Error(`vitrine reindex failed: ${reindex.stderr}`);
  })();
}

/** Makes `changes` catalog changes in the data folder: four in five orders, the rest price edits, one add, one delete. */
async function changeCatalog(dataDir: string, changes: number): Promise<void> {
  const store = await openLowdbStore(dataDir, { watch: false });
  try {
    const next = random(7);
    const pick = () => store.catalog.data.products[Math.floor(next() * store.catalog.data.products.length)]!;
    const orders = Math.floor(((changes - 2) * 4) / 5);
    for (let made = 0; made < orders; ) {
      const product = pick();
      const variation = product.variations?.find((candidate) => candidate.in_stock);
      if (!(variation?.in_stock ?? product.in_stock)) continue;
      const line = { product_id: product.id, variation_id: variation?.id, quantity: 1 };
      const price = variation?.regular_price ?? product.regular_price;
      await store.orders.place(paidOrder(product.id, variation?.id, price), [], (catalog) =>
        stockTakingEdit(catalog, [line]),
      );
      made++;
    }
    for (let edit = orders; edit < changes - 2; edit++) {
      const product = pick();
      const upsert = [{ ...product, regular_price: Math.round(product.regular_price * 105) / 100 }];
      await store.catalog.change(() => ({ edit: { upsert, remove: [] }, result: null }));
    }
    // Simple, so that no variation id is taken twice.
    const { variations: _none, ...template } = pick();
    const id = highestItemId(store.catalog.data) + 1;
    const added = { ...template, type: 'simple' as const, id, slug: 'bench-added', sku: 'BENCH-ADDED' };
    await store.catalog.change(() => ({ edit: { upsert: [added], remove: [] }, result: null }));
    await store.catalog.change(() => ({ edit: { upsert: [], remove: [pick().id] }, result: null }));
  } finally {
    await store.close();
  }
}

/** Prints how soon a shop of `size` products answers after a restart with `changes` catalog changes to catch up on. */
export async function measureRestartAfterChanges(
  size: number,
  catalogFile: string,
  cacheFolder: string,
  changes = 499,
): Promise<void> {
  const source = preparedDataFolder(cacheFolder, size, catalogFile);
  const dataDir = path.join(cacheFolder, `data-${size}-changed`);
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true });
  cpSync(source, dataDir, { recursive: true });
  process.stderr.write(`${size}: the catalog file written by the store, and its snapshot...\n`);
  await asAShopWritesIt(dataDir);
  process.stderr.write(`${size}: ${changes} catalog changes since the snapshot...\n`);
  await changeCatalog(dataDir, changes);
  const starts: Start[] = [];
  for (let run = 0; run < STARTS; run++) starts.push(await startOnce(dataDir));
  rmSync(dataDir, { recursive: true });
  console.log(
    `\n#### Restart after ${changes} catalog changes since the snapshot, ${size.toLocaleString('en')} products (median of ${STARTS} starts)\n`,
  );
  console.log('| first /filter answered after spawn | resident memory then | peak resident memory |\n|---|---|---|');
  const answered = median(starts.map((start) => start.answeredMs));
  const peak = median(starts.map((start) => start.peakMb));
  console.log(
    `| ${(answered / 1000).toFixed(2)} s | ${Math.round(median(starts.map((start) => start.rssMb)))} MB | ${Math.round(peak)} MB |`,
  );
  console.log(`\n- ${starts[0]!.restoredLine}`);
  if (size === 1_000_000)
    console.log(
      `- target: /filter within 5 s of a restart after a day of changes: ${answered <= 5000 ? 'MET' : 'NOT MET'}; under 800 MB: ${peak < 800 ? 'MET' : 'NOT MET'}`,
    );
}
