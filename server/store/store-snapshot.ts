/**
 * A whole shop read out of a Store, whichever adapter holds it: what `vitrine store copy` moves from one store to the
 * other. Read only through the Store interface; the adapter-specific bulk writers (`lowdb/bulk-import.ts`,
 * `postgres/bulk-import.ts`) write it into an empty target.
 */
import type { Coupon } from './coupons-store.js';
import type { CatalogData, Product } from './catalog-types.js';
import type {
  CheckboxCounters,
  ConsentRecord,
  ContactMessage,
  DsaNotice,
  Order,
  Session,
  SiteData,
  User,
  WithdrawalRequest,
} from './schema.js';
import type { MediaEntry } from './media.js';
import type { InvoiceDump } from './invoices-store.js';
import type { ApiKey, PriceChange, Store } from './store.js';

export interface StoreSnapshot {
  /** Secret, settings, pages, checkboxes, wizard, facet configuration and last ids. */
  site: SiteData;
  /** Every user with its id and application passwords, by id. */
  users: User[];
  /** The sessions that were unexpired when the snapshot was taken, so signed-in users stay signed in. */
  sessions: Session[];
  /** Checkbox id (as a string) -> counters. */
  counters: Record<string, CheckboxCounters>;
  /** The consent log, oldest first. */
  consent: ConsentRecord[];
  /** DSA notices with their references and decisions, by id: legal records that a move must not lose. */
  dsaNotices: DsaNotice[];
  catalog: { meta: Omit<CatalogData, 'products'>; products: readonly Product[] };
  /** Orders, contact messages and withdrawals, oldest first. (Carts are visitors' baskets and are not copied.) */
  orders: Order[];
  messages: ContactMessage[];
  withdrawals: WithdrawalRequest[];
  /** Discount coupons with their usage counts, by id (orders name them in their coupon lines). */
  coupons: Coupon[];
  /** Every price change, oldest first: the evidence behind the Omnibus reference prices. */
  priceHistory: PriceChange[];
  /** WooCommerce API keys (hashes), by id, so that connectors keep working after a move. */
  apiKeys: ApiKey[];
  /** Uploaded images with their bytes, oldest first, ids kept (pages link to them by id). */
  media: MediaEntry[];
  /** Invoices and corrections with their XML, ids and numbers kept, and the numbering counters: tax records. */
  invoices: InvoiceDump;
}

export interface SnapshotCounts {
  users: number;
  sessions: number;
  pages: number;
  checkboxes: number;
  consent: number;
  products: number;
  orders: number;
  messages: number;
  withdrawals: number;
  priceChanges: number;
  apiKeys: number;
  media: number;
}

/**
 * Reads the whole shop. The parts are read one after the other, so a shop that changes meanwhile (a running server)
 * may give a snapshot that mixes moments: copy a shop while nothing writes to it.
 */
export async function readSnapshot(store: Store, now: Date = new Date()): Promise<StoreSnapshot> {
  await store.refresh();
  // Only SiteData's fields: an adapter's copy may carry its own bookkeeping (the data folder's revision).
  const { secret, settings, pages, checkboxes, wizard, facet_config, shipping_zones, taxes, last_ids } =
    store.site.data;
  const site: SiteData = structuredClone({
    secret,
    settings,
    pages,
    checkboxes,
    wizard,
    facet_config,
    shipping_zones,
    taxes,
    last_ids,
  });
  const users = (await store.users.list()).sort((a, b) => a.id - b.id);
  const userIds = new Set(users.map((user) => user.id));
  // A session whose user is gone could never be found again, and a foreign key would refuse it.
  const sessions = (await store.sessions.list(now)).filter((session) => userIds.has(session.user_id));
  const counters = await store.consent.counters();
  const consent = await store.consent.log();
  const dsaNotices = await store.dsaNotices.list();
  const { products, ...meta } = store.catalog.data;
  const oldestFirst = <T extends { id: number }>(items: T[]) => items.sort((a, b) => a.id - b.id);
  return {
    site,
    users,
    sessions,
    counters,
    consent,
    dsaNotices,
    catalog: { meta: structuredClone(meta), products },
    orders: oldestFirst(await store.orders.list()),
    messages: oldestFirst(await store.messages.list()),
    withdrawals: oldestFirst(await store.withdrawals.list()),
    coupons: await store.coupons.list(),
    priceHistory: await store.priceHistory.all(),
    apiKeys: oldestFirst(await store.apiKeys.list()),
    media: await readMedia(store),
    invoices: (await store.invoices.dump?.()) ?? { invoices: [], counters: {} },
  };
}

async function readMedia(store: Store): Promise<MediaEntry[]> {
  const entries: MediaEntry[] = [];
  for (const item of (await store.media.list()).reverse()) {
    const entry = await store.media.read(item.id);
    if (entry) entries.push(entry);
  }
  return entries;
}

export function snapshotCounts(snapshot: StoreSnapshot): SnapshotCounts {
  return {
    users: snapshot.users.length,
    sessions: snapshot.sessions.length,
    pages: snapshot.site.pages.length,
    checkboxes: snapshot.site.checkboxes.length,
    consent: snapshot.consent.length,
    products: snapshot.catalog.products.length,
    orders: snapshot.orders.length,
    messages: snapshot.messages.length,
    withdrawals: snapshot.withdrawals.length,
    priceChanges: snapshot.priceHistory.length,
    apiKeys: snapshot.apiKeys.length,
    media: snapshot.media.length,
  };
}

/** Every record a bulk writer reports progress on: the rows above plus the site state itself (one). */
export function snapshotRecordCount(snapshot: StoreSnapshot): number {
  const counts = snapshotCounts(snapshot);
  return (
    1 +
    counts.users +
    counts.sessions +
    counts.pages +
    counts.checkboxes +
    Object.keys(snapshot.counters).length +
    counts.consent +
    counts.products +
    counts.orders +
    counts.messages +
    counts.withdrawals +
    snapshot.dsaNotices.length +
    snapshot.invoices.invoices.length +
    counts.priceChanges +
    counts.apiKeys +
    counts.media
  );
}

/** Called by the bulk writers with the number of records written so far (see snapshotRecordCount). */
export type CopyProgress = (recordsWritten: number) => void;

/** The target already holds a shop (or other data): nothing was written. */
export class CopyTargetNotEmptyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyTargetNotEmptyError';
  }
}
