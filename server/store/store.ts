/**
 * The store interface: everything the services read and write goes through it, and nothing above `server/store/`
 * knows whether lowdb files (`lowdb/`) or PostgreSQL (`postgres/`) sit behind it.
 *
 * Two kinds of data, two kinds of access:
 * - The site state (settings, pages, checkboxes, wizard, facet configuration) is small and read on every page. Each
 *   process keeps a copy of it, read synchronously through `site.data`, and `refresh()` (once per request) brings that
 *   copy up to date with changes made by other processes or instances. It changes through `site.update(change)`, which
 *   applies the change to the freshest state under the store's exclusion, so a check-then-write inside one change is
 *   atomic.
 * - Users, sessions, counters and the consent log grow with traffic. They are read and written through async
 *   repositories whose every method is one atomic operation.
 * The catalog is held in memory in every process (the facet engine needs all of it) and replaced as a whole.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ApiKeyRepository } from './api-keys-store.js';
import type { CartRepository } from './carts-store.js';
import type { CatalogStore } from './catalog-store.js';
import type { ConsentRepository } from './consent-store.js';
import type { CouponRepository } from './coupons-store.js';
import type { DsaNoticeRepository } from './dsa-notices-store.js';
import type { InvoiceRepository } from './invoices-store.js';
import type { MediaRepository } from './media.js';
import type { MessageRepository } from './messages-store.js';
import type { OrderRepository } from './orders-store.js';
import type { OutboxRepository } from './outbox.js';
import type { PriceHistoryRepository } from './price-history-store.js';
import type { RateLimitOptions } from './rate-limit.js';
import type { SessionRepository } from './sessions-store.js';
import type { SiteDocument } from './site-store.js';
import type { SnapshotRepository } from './snapshots-store.js';
import type { UserRepository } from './users-store.js';
import type { WithdrawalRepository } from './withdrawals-store.js';
import type { WebhookRepository } from './webhooks-store.js';

// Each repository's contract lives in a file of its own; they are named here too, so that a service needs one import.
export type { ApiKey, ApiKeyRepository, NewApiKey } from './api-keys-store.js';
export type { CartRepository } from './carts-store.js';
export {
  CatalogNotLoadedError,
  type CatalogChangeOutcome,
  type CatalogChanges,
  type CatalogProgress,
  type CatalogStore,
} from './catalog-store.js';
export type { CatalogEdit } from './catalog-types.js';
export type { ConsentRepository } from './consent-store.js';
export type { Coupon, CouponRepository, CouponUse, NewCoupon } from './coupons-store.js';
export type { DsaNoticeRepository, NewDsaNotice } from './dsa-notices-store.js';
export type { InvoiceFilter, InvoiceRepository, IssuedDocument } from './invoices-store.js';
export type { MessageRepository } from './messages-store.js';
export { withShippingFields, type NewOrder, type OrderChangeOutcome, type OrderRepository } from './orders-store.js';
export type { PriceChange, PriceHistoryRepository } from './price-history-store.js';
export type { RateLimitOptions } from './rate-limit.js';
export type { SessionRepository } from './sessions-store.js';
export type { SiteChange, SiteDocument } from './site-store.js';
export { SNAPSHOT_NAME, type SnapshotRepository } from './snapshots-store.js';
export { StoreConflictError, StoreNotFoundError } from './store-error.js';
export type { AnonymousIdentity, NewUser, PasswordReset, UserChanges, UserRepository } from './users-store.js';
export type {
  WithdrawalProcessing,
  WithdrawalProcessingOutcome,
  WithdrawalProcessingState,
  WithdrawalRepository,
} from './withdrawals-store.js';

/** What changed elsewhere, as `Store.onChange` tells it. */
export type StoreChange = 'site' | 'catalog';

export interface Store {
  /** `lowdb` or `postgres`, for messages and the benchmark. */
  readonly kind: string;
  /** Where the data lives, for messages: a folder, or the database URL without its password. */
  readonly location: string;
  readonly site: SiteDocument;
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly consent: ConsentRepository;
  readonly media: MediaRepository;
  /** Notices of illegal content sent through the storefront (Digital Services Act). */
  readonly dsaNotices: DsaNoticeRepository;
  readonly catalog: CatalogStore;
  readonly carts: CartRepository;
  readonly orders: OrderRepository;
  /** Discount coupons; their uses are counted by `orders.place` (coupons-store.ts). */
  readonly coupons: CouponRepository;
  readonly messages: MessageRepository;
  readonly withdrawals: WithdrawalRepository;
  /** E-mail the shop is to send, written by the operations that cause it (outbox.ts). */
  readonly outbox: OutboxRepository;
  /** Webhooks (`wc/v3/webhooks`) and the outbox of their deliveries (webhooks-store.ts). */
  readonly webhooks: WebhookRepository;
  readonly priceHistory: PriceHistoryRepository;
  /** VAT invoices and corrections, numbered without gaps, and the KSeF outbox they form (invoices-store.ts). */
  readonly invoices: InvoiceRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly snapshots: SnapshotRepository;
  /**
   * A rate limiter whose counts every process and instance serving the shop share (in memory for the lowdb store,
   * which one server process serves; a table on PostgreSQL).
   */
  createRateLimiter(options: RateLimitOptions): RateLimiterAbstract;
  /** Brings `site.data` (and, when it was replaced elsewhere, the catalog) up to date. Cheap when nothing changed. */
  refresh(): Promise<void>;
  /**
   * Calls `listener` after this process loaded a change made elsewhere (another process, another instance), so that
   * in-process caches such as the facet index are rebuilt.
   * @returns a function that unsubscribes
   */
  onChange(listener: (change: StoreChange) => void): () => void;
  /** Stops watching and releases connections. */
  close(): Promise<void>;
}
