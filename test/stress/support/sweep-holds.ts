// One sweep of unpaid holds in a process of its own, at the time given (`node --import tsx sweep-holds.ts <iso>`),
// on the store of DATA_DIR / DATABASE_URL: what an instance's sweeper does, for a stress test to kill -9 midway.
import { ShopMail } from '../../../server/mail/shop-mail.js';
import { sweepUnpaidHolds } from '../../../server/shop/orders/hold-sweeper.js';
import { openConfiguredStore } from '../../../server/store/open-store.js';

const store = await openConfiguredStore({
  dataDir: process.env.DATA_DIR!,
  databaseUrl: process.env.DATABASE_URL || null,
});
const mail = new ShopMail(store, 'http://shop.test');
// The test kills this process at a random moment after this line.
process.stdout.write('sweeping\n');
const swept = await sweepUnpaidHolds(
  store,
  { reminder: mail.paymentReminder, statusChanged: mail.orderStatusChanged },
  new Date(process.argv[2]!),
);
process.stdout.write(`${JSON.stringify(swept)}\n`);
await store.close();
