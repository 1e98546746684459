/**
 * Writes a whole shop (a StoreSnapshot) into a new lowdb data folder, for `vitrine store copy --from`. Every file is
 * written and flushed in a temporary folder beside the target, which is then renamed into place and the parent folder
 * flushed: after a crash the target is either absent (or still empty) or complete, never half-written.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Product } from '../catalog-types.js';
import { CopyTargetNotEmptyError, type CopyProgress, type StoreSnapshot } from '../store-snapshot.js';
import { CatalogFile } from './catalog-file.js';
import { syncDirectory, writeFileDurably } from './durable-write.js';
import {
  consentRecordSchema,
  dsaNoticesFileSchema,
  messagesFileSchema,
  ordersFileSchema,
  parseWithSchema,
  withdrawalsFileSchema,
  productSchema,
  sessionsFileSchema,
  siteFileSchema,
  statsFileSchema,
  usersFileSchema,
} from './file-schemas.js';
import { invoicesFileSchema, type InvoicesFile } from './lowdb-invoices.js';
import { CheckedJsonFile } from './json-document.js';
import { dataFiles } from './lowdb-files.js';
import { writeMediaFolder } from './lowdb-media.js';

/** Consent log lines per write. */
const CONSENT_CHUNK = 10_000;

/** @throws CopyTargetNotEmptyError when `directory` exists and is not an empty folder */
export async function assertDataFolderEmpty(directory: string): Promise<void> {
  let entries: string[];
  try {
    if (!(await stat(directory)).isDirectory()) {
      throw new CopyTargetNotEmptyError(`${directory} exists and is not a folder; nothing was copied.`);
    }
    entries = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (entries.length > 0) {
    const shown = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
    throw new CopyTargetNotEmptyError(
      `The data folder ${directory} is not empty (${shown}); nothing was copied. Copy into a new or empty folder.`,
    );
  }
}

/**
 * Writes `snapshot` as the data folder `dataDir`, which must be missing or empty.
 * @throws CopyTargetNotEmptyError when it is not; Error naming the file and field when a record does not fit its schema
 */
export async function importIntoDataFolder(
  dataDir: string,
  snapshot: StoreSnapshot,
  options: { onProgress?: CopyProgress } = {},
): Promise<void> {
  const target = path.resolve(dataDir);
  await assertDataFolderEmpty(target);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  const temporary = path.join(
    parent,
    `.${path.basename(target)}.copy-${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
  );
  await mkdir(temporary);
  let written = 0;
  const progress = (count: number) => {
    written += count;
    options.onProgress?.(written);
  };
  try {
    const files = dataFiles(temporary);
    const { site, users, sessions, counters, catalog } = snapshot;
    // CheckedJsonFile checks each document against its schema before it writes it, and writes it durably.
    await new CheckedJsonFile(files.site, siteFileSchema).write({ schema_version: 2, revision: 1, ...site });
    progress(1 + site.pages.length + site.checkboxes.length);
    const lastUserId = users.reduce((highest, user) => Math.max(highest, user.id), 0);
    const apiKeys = snapshot.apiKeys;
    const lastApiKeyId = apiKeys.reduce((highest, key) => Math.max(highest, key.id), 0);
    await new CheckedJsonFile(files.users, usersFileSchema).write({
      revision: 1,
      last_id: lastUserId,
      users,
      api_keys: apiKeys,
      last_api_key_id: lastApiKeyId,
      password_resets: [],
      outbox: [],
    });
    progress(users.length + apiKeys.length);
    if (snapshot.priceHistory.length > 0) {
      await writeFileDurably(
        files.priceHistory,
        snapshot.priceHistory.map((change) => `${JSON.stringify(change)}\n`).join(''),
      );
      progress(snapshot.priceHistory.length);
    }
    await new CheckedJsonFile(files.sessions, sessionsFileSchema).write({ revision: 1, sessions });
    progress(sessions.length);
    await new CheckedJsonFile(files.stats, statsFileSchema).write({ revision: 1, checkboxes: counters });
    progress(Object.keys(counters).length);
    await writeConsentLog(files.consentLog, snapshot, progress);
    const lastId = (records: readonly { id: number }[]) =>
      records.reduce((highest, record) => Math.max(highest, record.id), 0);
    await new CheckedJsonFile(files.orders, ordersFileSchema).write({
      revision: 1,
      last_id: lastId(snapshot.orders),
      orders: snapshot.orders,
      outbox: [],
      coupons: snapshot.coupons,
      last_coupon_id: lastId(snapshot.coupons),
    });
    await new CheckedJsonFile(files.messages, messagesFileSchema).write({
      revision: 1,
      last_id: lastId(snapshot.messages),
      messages: snapshot.messages,
      outbox: [],
    });
    await new CheckedJsonFile(files.withdrawals, withdrawalsFileSchema).write({
      revision: 1,
      last_id: lastId(snapshot.withdrawals),
      withdrawals: snapshot.withdrawals,
      outbox: [],
    });
    progress(snapshot.orders.length + snapshot.messages.length + snapshot.withdrawals.length);
    // Only a shop that has notices gets the file, as a running store creates it with the first notice.
    if (snapshot.dsaNotices.length > 0) {
      const lastNoticeId = snapshot.dsaNotices.reduce((highest, notice) => Math.max(highest, notice.id), 0);
      await new CheckedJsonFile(files.dsaNotices, dsaNoticesFileSchema).write({
        revision: 1,
        last_id: lastNoticeId,
        notices: snapshot.dsaNotices,
        outbox: [],
      });
      progress(snapshot.dsaNotices.length);
    }
    // Only a shop that has invoices gets the file, as a running store creates it with the first invoice.
    if (snapshot.invoices.invoices.length > 0) {
      await new CheckedJsonFile(files.invoices, invoicesFileSchema).write({
        revision: 1,
        last_id: lastId(snapshot.invoices.invoices.map(({ invoice }) => invoice)),
        counters: snapshot.invoices.counters,
        invoices: snapshot.invoices.invoices.map(({ key, period, sequence, invoice, xml }) => ({
          key,
          period,
          sequence,
          invoice: invoice as unknown as InvoicesFile['invoices'][number]['invoice'],
          xml,
          claimed_by: null,
          claimed_until: null,
        })),
        outbox: [],
      });
      progress(snapshot.invoices.invoices.length);
    }
    let productsWritten = 0;
    await new CatalogFile(files.catalog).writeStream(catalog.meta, checkedProducts(catalog.products), (count) => {
      progress(count - productsWritten);
      productsWritten = count;
    });
    await writeMediaFolder(path.join(temporary, 'media'), snapshot.media);
    progress(snapshot.media.length);
    await syncDirectory(temporary);
    // Atomic: replaces a missing or empty target (a folder that gained an entry meanwhile makes it fail, ENOTEMPTY).
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true }).catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new CopyTargetNotEmptyError(`The data folder ${target} was filled while copying; nothing was copied.`);
    }
    throw error;
  }
  await syncDirectory(parent);
}

/** Each product checked as the data folder's loader will check it, so that the copy can be opened. */
function* checkedProducts(products: readonly Product[]): Generator<Product> {
  for (let index = 0; index < products.length; index++) {
    const product = products[index]!;
    try {
      parseWithSchema(productSchema, product);
    } catch (error) {
      throw new Error(
        `Product ${index + 1} (id ${JSON.stringify(product?.id)}) cannot be stored: ${(error as Error).message}`,
      );
    }
    yield product;
  }
}

async function writeConsentLog(
  file: string,
  snapshot: StoreSnapshot,
  progress: (count: number) => void,
): Promise<void> {
  const handle = await open(file, 'w', 0o600);
  try {
    for (let start = 0; start < snapshot.consent.length; start += CONSENT_CHUNK) {
      const chunk = snapshot.consent.slice(start, start + CONSENT_CHUNK);
      const lines = chunk.map((record, offset) => {
        try {
          parseWithSchema(consentRecordSchema, record);
        } catch (error) {
          throw new Error(`Consent record ${start + offset + 1} cannot be stored: ${(error as Error).message}`);
        }
        return `${JSON.stringify(record)}\n`;
      });
      await handle.writeFile(lines.join(''), 'utf8');
      progress(chunk.length);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}
