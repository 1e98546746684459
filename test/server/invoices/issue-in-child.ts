// Issues invoices from another process: `node --import tsx issue-in-child.ts <dataDir> <period> <first order> <count>`.
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import { fixtureDocument } from './invoice-fixture.js';

const [dataDir, period, first, count] = process.argv.slice(2);
const store = await openLowdbStore(dataDir!, { watch: false, lazyCatalog: true });
await Promise.all(
  Array.from({ length: Number(count) }, (_, i) => {
    const order = Number(first) + i;
    return store.invoices.issue(`order:${order}:VAT`, period!, (sequence) => fixtureDocument(period!, sequence, order));
  }),
);
await store.close();
