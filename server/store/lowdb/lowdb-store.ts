/**
 * The embedded store: lowdb JSON files in one data folder on one machine (lowdb-files.ts lists them). The server and
 * `vitrine` commands may use the folder at the same time; json-document.ts says why neither loses the other's change.
 */
import path from 'node:path';
import { LowdbMedia } from './lowdb-media.js';
import { mkdir, readFile } from 'node:fs/promises';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { defaultSiteData, withDefaultSettings } from '../defaults.js';
import { StoreCorruptError } from '../store-error.js';
import type { SiteData } from '../schema.js';
import type { ConsentRecord } from '../schema.js';
import type { SiteChange, Store, StoreChange } from '../store.js';
import { appendFileDurably } from './durable-write.js';
import {
  cartsFileSchema,
  dsaNoticesFileSchema,
  messagesFileSchema,
  ordersFileSchema,
  outboxFileSchema,
  sessionsFileSchema,
  siteFileSchema,
  statsFileSchema,
  usersFileSchema,
  withdrawalsFileSchema,
} from './file-schemas.js';
import { CheckedJsonFile, JsonDocument, type Revisioned } from './json-document.js';
import { moveUsersOutOfSiteFile } from './legacy-upgrade.js';
import { removeLeftoverTemporaryFiles } from './leftover-temporary-files.js';
import { lowdbApiKeys, lowdbSessions, lowdbUsers } from './lowdb-accounts.js';
import { lowdbOAuthNonces } from './lowdb-oauth-nonces.js';
import { lowdbCarts, lowdbMessages } from './lowdb-shop.js';
import { lowdbWithdrawals, withdrawalRecordSettler } from './lowdb-withdrawals.js';
import { lowdbCoupons } from './lowdb-coupons.js';
import { lowdbOrders, orderRecordSettler } from './lowdb-orders.js';
import { openLowdbCatalog } from './lowdb-catalog.js';
import { lowdbPriceHistory } from './lowdb-price-history.js';
import { lowdbDsaNotices } from './lowdb-dsa-notices.js';
import { dataFiles, parseConsentLog, type SiteFile } from './lowdb-files.js';
import { lowdbSnapshots } from './lowdb-snapshots.js';
import { openLowdbOutbox } from './lowdb-outbox.js';
import { emptyInvoicesFile, invoicesFileSchema, lowdbInvoices } from './lowdb-invoices.js';
import { emptyWebhooksFile, lowdbWebhooks, webhooksFileSchema } from './lowdb-webhooks.js';
import { FinishedMailLog } from './finished-mail-log.js';

/** Fills settings a file lacks with their defaults before the file is checked. */
function upgradeSiteFile(raw: Record<string, unknown>): Record<string, unknown> {
  const settings = raw.settings;
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) return raw;
  return { ...raw, settings: withDefaultSettings(settings) };
}

/**
 * `site.json` also holds the file's own bookkeeping (`schema_version`, `revision`), which is not part of SiteData: a
 * user of `store.site.data` (an export, a copy to PostgreSQL, a comparison) saw two fields the PostgreSQL store does
 * not have. The view leaves them out, and is made once per loaded copy, so `data` keeps its identity until it changes.
 */
const siteViews = new WeakMap<SiteFile, SiteData>();
function siteView(file: SiteFile): SiteData {
  let view = siteViews.get(file);
  if (!view) {
    const { schema_version: _version, revision: _revision, ...site } = file;
    siteViews.set(file, (view = site));
  }
  return view;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's input type is the file's raw JSON, of any shape
async function openDocument<S extends z.ZodType<Revisioned & object, any>>(
  file: string,
  schema: S,
  defaults: () => z.output<S>,
  upgrade?: (raw: Record<string, unknown>) => Record<string, unknown>,
): Promise<JsonDocument<z.output<S>>> {
  const document = new JsonDocument<z.output<S>>(
    new CheckedJsonFile<z.output<S>>(file, schema as never, upgrade),
    defaults,
  );
  await document.load();
  return document;
}

/**
 * Opens (creating it if needed) the data folder `dataDir`. Every file is loaded and checked before any is written,
 * so a damaged one stops the start and nothing is changed.
 * @throws StoreCorruptError naming the file and the bad field
 */
export async function openLowdbStore(
  dataDir: string,
  options: { watch?: boolean; lazyCatalog?: boolean } = {},
): Promise<Store> {
  const files = dataFiles(dataDir);
  await mkdir(files.directory, { recursive: true });
  await removeLeftoverTemporaryFiles(files.directory);
  await moveUsersOutOfSiteFile(files);
  const site = await openDocument(
    files.site,
    siteFileSchema,
    (): SiteFile => ({ schema_version: 2, revision: 0, ...defaultSiteData() }),
    upgradeSiteFile,
  );
  const users = await openDocument(files.users, usersFileSchema, () => ({
    revision: 0,
    last_id: 0,
    users: [],
    api_keys: [],
    last_api_key_id: 0,
    password_resets: [],
    outbox: [],
  }));
  const sessions = await openDocument(files.sessions, sessionsFileSchema, () => ({ revision: 0, sessions: [] }));
  const stats = await openDocument(files.stats, statsFileSchema, () => ({ revision: 0, checkboxes: {} }));
  const carts = await openDocument(files.carts, cartsFileSchema, () => ({ revision: 0, carts: [] }));
  const orders = await openDocument(files.orders, ordersFileSchema, () => ({
    revision: 0,
    last_id: 0,
    orders: [],
    outbox: [],
    coupons: [],
    last_coupon_id: 0,
  }));
  const messages = await openDocument(files.messages, messagesFileSchema, () => ({
    revision: 0,
    last_id: 0,
    messages: [],
    outbox: [],
  }));
  const withdrawals = await openDocument(files.withdrawals, withdrawalsFileSchema, () => ({
    revision: 0,
    last_id: 0,
    withdrawals: [],
    outbox: [],
  }));
  const dsaNotices = await openDocument(files.dsaNotices, dsaNoticesFileSchema, () => ({
    revision: 0,
    last_id: 0,
    notices: [],
    outbox: [],
  }));
  const outboxDocument = await openDocument(files.outbox, outboxFileSchema, () => ({
    revision: 0,
    last_id: 0,
    messages: [],
    finished_log_bytes: 0,
  }));
  const webhooks = await openDocument(files.webhooks, webhooksFileSchema, emptyWebhooksFile);
  const invoices = await openDocument(files.invoices, invoicesFileSchema, emptyInvoicesFile);
  const readConsentLog = async () => {
    try {
      return parseConsentLog(files.consentLog, await readFile(files.consentLog, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new StoreCorruptError(files.consentLog, error);
    }
  };
  await readConsentLog();
  const recordConsent = async (records: readonly ConsentRecord[]) => {
    if (records.length === 0) return;
    // The evidence first: a consent whose record failed to be written must not be counted either.
    await appendFileDurably(files.consentLog, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    await stats.update((draft) => {
      for (const record of records) {
        const key = String(record.checkbox_id);
        const counters = Object.hasOwn(draft.checkboxes, key)
          ? draft.checkboxes[key]!
          : (draft.checkboxes[key] = { shown: 0, accepted: 0 });
        counters.shown += 1;
        if (record.accepted) counters.accepted += 1;
      }
    });
  };
  const settleOrders = orderRecordSettler(orders, recordConsent, readConsentLog);
  const settleWithdrawals = withdrawalRecordSettler(withdrawals);
  const catalog = await openLowdbCatalog(files.catalog, files.catalogJournal, {
    lazy: options.lazyCatalog ?? false,
    // A refund's journal line carries its order and its withdrawal: the order first, as the refund was decided on it.
    settle: async (records) => {
      await settleOrders(records);
      await settleWithdrawals(records);
    },
  });
  // An order whose stock was taken by a process that died before writing orders.json is stored now (lowdb-orders.ts).
  await catalog.settlePending();
  const snapshots = await lowdbSnapshots(files.snapshots);
  const media = await new LowdbMedia(path.join(files.directory, 'media')).load();
  // Each cause's file keeps the messages of its operations until the outbox takes them over (lowdb-outbox.ts).
  const outbox = await openLowdbOutbox(outboxDocument, new FinishedMailLog(files.outboxFinished), [
    orders,
    withdrawals,
    invoices,
    messages,
    dsaNotices,
    users,
  ]);
  // The secret is made once, by whichever process writes the site file first; every process must then use that one.
  await site.ensureExists();

  const listeners = new Set<(change: StoreChange) => void>();
  const notify = (change: StoreChange) => listeners.forEach((listener) => listener(change));
  if (options.watch ?? true)
    catalog.watch(
      () => notify('catalog'),
      (message) => console.warn(message),
    );

  return {
    kind: 'lowdb',
    location: files.directory,
    site: {
      get data() {
        return siteView(site.data);
      },
      update<T>(change: SiteChange<T>) {
        return site.update(change);
      },
    },
    users: lowdbUsers(users),
    media,
    apiKeys: lowdbApiKeys(users, lowdbOAuthNonces(files.oauthNonces)),
    sessions: lowdbSessions(sessions, users),
    consent: {
      record: recordConsent,
      async counters() {
        return (await stats.current()).checkboxes;
      },
      log: readConsentLog,
    },
    dsaNotices: lowdbDsaNotices(dsaNotices),
    catalog,
    carts: lowdbCarts(carts),
    orders: lowdbOrders(orders, catalog, recordConsent),
    coupons: lowdbCoupons(orders),
    messages: lowdbMessages(messages, recordConsent),
    withdrawals: lowdbWithdrawals(withdrawals, orders, catalog),
    outbox,
    webhooks: lowdbWebhooks(webhooks),
    invoices: lowdbInvoices(invoices),
    priceHistory: lowdbPriceHistory(files.priceHistory),
    snapshots,
    createRateLimiter: ({ keyPrefix, points, durationSeconds, blockSeconds }) =>
      new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds, blockDuration: blockSeconds }),
    async refresh() {
      const before = site.data;
      await site.current();
      if (site.data !== before) notify('site');
      // The contract: refresh() also brings a catalog replaced or edited elsewhere up to date. The watcher polls only
      // every 2 s (and not at all with `watch: false`), so a refresh right after another process's replace still had
      // the old catalog. One stat when nothing changed.
      if ((await catalog.reloadIfChanged()) !== 'unchanged') notify('catalog');
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      catalog.unwatch();
    },
  };
}
