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
import { ConflictError, NotFoundError } from '../errors/domain-errors.js';
import type { CatalogData, CatalogEdit, Product } from './catalog-types.js';
export type { CatalogEdit } from './catalog-types.js';
import type { MediaRepository } from './media.js';
import type { Enqueue, NewMessage, OutboxRepository } from './outbox.js';
import type {
  ApplicationPassword,
  Cart,
  CartLine,
  CheckboxCounters,
  ConsentRecord,
  ContactMessage,
  DsaNotice,
  DsaNoticeStatus,
  Order,
  Session,
  SiteData,
  User,
  WithdrawalRequest,
} from './schema.js';

/** A change to the site state: a synchronous mutation of a private draft. Throwing discards the draft. */
export type SiteChange<T> = (draft: SiteData) => T;

export interface SiteDocument {
  /** This process's copy of the site state; as fresh as the last `refresh()` or own write. Do not mutate. */
  readonly data: Readonly<SiteData>;
  /**
   * Applies `change` to a draft of the freshest site state and stores it; resolves once it is durable.
   * Changes are serialised across processes and instances, so what the change reads is what it writes over.
   * @returns what `change` returned
   * @throws whatever `change` threw; nothing is stored then
   */
  update<T>(change: SiteChange<T>): Promise<T>;
}

/** A user as it is created; the store assigns the id. */
export type NewUser = Omit<User, 'id' | 'app_passwords'>;

export interface UserRepository {
  /** The user whose login or e-mail equals `loginOrEmail` (case-insensitive), if any. */
  findByLogin(loginOrEmail: string): Promise<User | null>;
  findById(id: number): Promise<User | null>;
  /** Every user, by id. */
  list(): Promise<User[]>;
  /**
   * Stores a new user, unless its login or e-mail is already taken by any user's login or e-mail (the check and the
   * write are one operation).
   * @param outbox the messages the registration causes (a welcome), stored in the same operation
   * @throws StoreConflictError naming `login` or `email`
   */
  create(user: NewUser, outbox?: Enqueue<User>): Promise<User>;
  /** @throws StoreNotFoundError when the user does not exist */
  addApplicationPassword(userId: number, password: ApplicationPassword): Promise<void>;
  /** Notes when and from where an application password was last used; a vanished password is ignored. */
  recordApplicationPasswordUse(userId: number, uuid: string, usedAt: string, ip: string): Promise<void>;
  /**
   * Changes a user's roles, password hash, display name or e-mail. A new e-mail must not be any other user's login or
   * e-mail (checked and written in one operation).
   * @returns the updated user
   * @throws StoreNotFoundError when the user does not exist; StoreConflictError naming `email` when it is taken
   */
  update(userId: number, changes: UserChanges): Promise<User>;
  /**
   * Revokes one application password.
   * @returns whether it existed
   */
  deleteApplicationPassword(userId: number, uuid: string): Promise<boolean>;
  /** Stores a password-reset request and the message that carries its link, in one operation. */
  createPasswordReset(reset: PasswordReset, outbox: Enqueue<PasswordReset>): Promise<void>;
  /**
   * Sets the password of the user whose unused, unexpired reset has `tokenHash`, and uses that reset up (with every
   * other open reset of the user), in one operation.
   * @returns the user, or null when the token is unknown, used or expired (nothing changed)
   */
  resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<User | null>;
}

/** A request to reset a forgotten password: the link's token is known only by its hash. */
export interface PasswordReset {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** What `UserRepository.update` may change. */
export type UserChanges = Partial<Pick<User, 'roles' | 'password_hash' | 'display_name' | 'email'>>;

export interface SessionRepository {
  /** Stores a session of an existing user; expired sessions may be dropped at the same time. */
  create(session: Session): Promise<void>;
  /** The unexpired session with this token hash and its user; null when there is none. */
  find(tokenHash: string, now: Date): Promise<{ session: Session; user: User } | null>;
  delete(tokenHash: string): Promise<void>;
  /**
   * Ends every session of a user but the one with `exceptTokenHash` (after a password change: whoever knew the old
   * password is signed out everywhere else).
   * @returns how many sessions ended
   */
  deleteOfUser(userId: number, exceptTokenHash?: string): Promise<number>;
  /** Every session unexpired at `now`, oldest first (for `vitrine store copy`). */
  list(now: Date): Promise<Session[]>;
}

export interface ConsentRepository {
  /**
   * Appends the records of one form submission to the append-only consent log, then counts each as shown (and as
   * accepted when it was). A record is never counted without being logged: PostgreSQL does both in one transaction;
   * lowdb makes the log line durable before it counts.
   */
  record(records: readonly ConsentRecord[]): Promise<void>;
  /** Checkbox id (as a string) -> counters. */
  counters(): Promise<Record<string, CheckboxCounters>>;
  /** The whole log, oldest first. */
  log(): Promise<ConsentRecord[]>;
}

export interface CartRepository {
  /** The cart behind a cart cookie (by the token's hash), or null. */
  find(tokenHash: string): Promise<Cart | null>;
  /**
   * Replaces the lines of the cart behind `tokenHash` with what `change` makes of its freshest lines (an empty list
   * for a new cart), in one operation. An empty result deletes the cart.
   */
  update(tokenHash: string, change: (lines: CartLine[]) => CartLine[]): Promise<Cart | null>;
  /**
   * Gives the cart behind `tokenHash` to a user who has just signed in, adding to it the lines of the user's other
   * carts (which are removed), so that what they chose on another device is not lost.
   */
  claim(tokenHash: string, userId: number, merge: (into: CartLine[], from: CartLine[]) => CartLine[]): Promise<Cart | null>;
}

/**
 * An order as the checkout hands it over; the store numbers it. Its shipping and fees may be left out (none), as for
 * an order of a shop without shipping zones.
 */
export type NewOrder = Omit<Order, 'id' | 'number' | ShippingFields> & Partial<Pick<Order, ShippingFields>>;
type ShippingFields = 'shipping_lines' | 'fee_lines' | 'shipping_total';

/** The order's shipping and fees, none where they were left out. */
export function withShippingFields(order: NewOrder): Omit<Order, 'id' | 'number'> {
  return { ...order, shipping_lines: order.shipping_lines ?? [], fee_lines: order.fee_lines ?? [], shipping_total: order.shipping_total ?? 0 };
}

/** What an order change decides: the order as it is to be stored, and a catalog edit to store with it (stock given back). */
export interface OrderChangeOutcome<T> {
  order: Order;
  stock?: CatalogEdit | null;
  result: T;
  /** The messages the change causes (a status change told to the customer), stored in the same operation. */
  outbox?: readonly NewMessage[];
}

export interface OrderRepository {
  /**
   * Takes the order's stock and stores the order under the next number with the consent records of its form
   * (`reference` set to `order:<number>`), as ONE operation: `takeStock` runs on the freshest catalog with catalog
   * changes of every process and instance held off, and answers the edit that takes the units; throwing stores
   * nothing. A crash at any point leaves the stock taken and the order stored, or neither (PostgreSQL: one
   * transaction; lowdb: one journal line holding the edit and the order, replayed after a crash). The messages of
   * `outbox` (the confirmation, the shop's notification) are made from the stored order and stored with it.
   */
  place(order: NewOrder, consent: readonly ConsentRecord[], takeStock: (catalog: CatalogData) => CatalogEdit, outbox?: Enqueue<Order>): Promise<Order>;
  find(id: number): Promise<Order | null>;
  findByNumber(number: string): Promise<Order | null>;
  /** A customer's orders, newest first. */
  listByUser(userId: number): Promise<Order[]>;
  /** Every order, newest first. */
  list(): Promise<Order[]>;
  /**
   * Changes one order in one operation on its freshest state; throwing stores nothing. With `withCatalog`, catalog
   * changes are held off and `change` sees the freshest catalog: the stock edit it answers is stored together with the
   * order, so that a check such as "not given back yet" and both writes are one operation.
   * @throws StoreNotFoundError when there is no such order
   */
  change<T>(id: number, change: (order: Order, catalog: CatalogData | null) => OrderChangeOutcome<T>, options?: { withCatalog?: boolean }): Promise<T>;
}

export interface MessageRepository {
  /**
   * Stores a contact message and the consent records of its form, with `reference` set to `message:<id>`, and the
   * messages it causes (the shop's notification).
   */
  create(message: Omit<ContactMessage, 'id'>, consent: readonly ConsentRecord[], outbox?: Enqueue<ContactMessage>): Promise<ContactMessage>;
  /** Every message, newest first. */
  list(): Promise<ContactMessage[]>;
}

/** What a manager records on a withdrawal as they process it. */
export type WithdrawalProcessing = Pick<WithdrawalRequest, 'goods_received_on' | 'refund'>;

/** What processing a withdrawal reads, all fresh and held still while it decides. */
export interface WithdrawalProcessingState {
  /** The withdrawal's order (null only for a store copy whose order is gone). */
  order: Order | null;
  /** Every withdrawal of that order, this one included, with their refunds. */
  withdrawals: WithdrawalRequest[];
  /** The catalog, when processed `withCatalog` (a change of the order may give its stock back). */
  catalog: CatalogData | null;
}

/**
 * What processing a withdrawal decides: its processing, and the order's change stored with it when a refund settles
 * the order (moved to `refunded`, with the stock edit that gives its units back).
 */
export interface WithdrawalProcessingOutcome extends WithdrawalProcessing {
  /** `outbox`: the messages of the order's move (the customer told of the refund), stored with it. */
  orderChange?: { order: Order; stock?: CatalogEdit | null; outbox?: readonly NewMessage[] } | null;
}

export interface WithdrawalRepository {
  /** Stores a withdrawal, not yet processed, with the next reference (`WD-000001`, ...) and the messages it causes, in one operation. */
  create(request: Omit<WithdrawalRequest, 'id' | 'reference' | 'goods_received_on' | 'refund'>, outbox?: Enqueue<WithdrawalRequest>): Promise<WithdrawalRequest>;
  /** Every withdrawal, newest first. */
  list(): Promise<WithdrawalRequest[]>;
  find(id: number): Promise<WithdrawalRequest | null>;
  /**
   * Replaces the processing of withdrawal `id` with what `decide` makes of its freshest state, and stores the order
   * change it decides with it, in one operation: changes of that order and of its withdrawals wait meanwhile, so two
   * managers at once cannot both record a refund, nor two refunds of one order together exceed it. `decide` may throw
   * to refuse; nothing is then written. With `withCatalog`, catalog changes wait too and the order change's stock edit
   * is stored in the same operation (PostgreSQL: one transaction; lowdb: one journal line carrying the edit, the order
   * and the withdrawal, settled after a crash as an order's stock return is).
   * @throws StoreNotFoundError when there is no such withdrawal
   */
  process(
    id: number,
    decide: (current: WithdrawalRequest, state: WithdrawalProcessingState) => WithdrawalProcessingOutcome,
    options?: { withCatalog?: boolean },
  ): Promise<WithdrawalRequest>;
}

/**
 * One change of an item's prices: a simple product's or a variation's regular price, sale price or sale dates, as
 * they stand from `time` on. The Omnibus reference price is computed from these (catalog/omnibus.ts).
 */
export interface PriceChange {
  /** The product's id, or the variation's. */
  item_id: number;
  /** The product the item belongs to (the item itself for a simple product). */
  product_id: number;
  /** ISO 8601 in UTC. */
  time: string;
  regular_price: number;
  sale_price: number | null;
  date_on_sale_from: string | null;
  date_on_sale_to: string | null;
}

/** The append-only price history: never rewritten, so that it stays evidence of what prices were. */
export interface PriceHistoryRepository {
  /** Appends the changes durably, in order. An empty list changes nothing. */
  append(changes: readonly PriceChange[]): Promise<void>;
  /** The changes of these items (product or variation ids), oldest first. */
  forItems(itemIds: readonly number[]): Promise<PriceChange[]>;
  /** Every change, oldest first (for `vitrine store copy`). */
  all(): Promise<PriceChange[]>;
}

/**
 * A WooCommerce REST API key (`vitrine api-key create`): a consumer key `ck_…` and secret `cs_…` used over HTTP Basic
 * by connectors written for WooCommerce. Both are random and high-entropy, so they are stored as SHA-256 hashes.
 */
export interface ApiKey {
  id: number;
  user_id: number;
  description: string;
  /** WooCommerce's permission levels; `read` keys may only read. */
  permissions: 'read' | 'write' | 'read_write';
  consumer_key_hash: string;
  consumer_secret_hash: string;
  /** The key's last seven characters, to tell keys apart in lists. */
  truncated_key: string;
  created_at: string;
}

export type NewApiKey = Omit<ApiKey, 'id'>;

export interface ApiKeyRepository {
  /**
   * Stores a key of an existing user (the check and the write are one operation).
   * @throws StoreNotFoundError when the user does not exist; StoreConflictError naming `consumer_key` when taken
   */
  create(key: NewApiKey): Promise<ApiKey>;
  /** The key whose consumer key hashes to `hash`, if any. */
  findByConsumerKeyHash(hash: string): Promise<ApiKey | null>;
  /** Every key, by id (for `vitrine store copy`). */
  list(): Promise<ApiKey[]>;
  /**
   * Records that an OAuth 1.0a request signed with key `keyId` used `nonce`, unless a request already did and that
   * record has not expired: the check and the write are one operation, so that two instances cannot both accept a
   * replayed request. Records that expired by `now` are dropped.
   * @param expiresAt ISO time after which the nonce may be forgotten (the end of its timestamp's window)
   * @returns true for a nonce not seen before, false for a replay
   */
  useNonce(keyId: number, nonce: string, expiresAt: string, now: Date): Promise<boolean>;
}

/** A DSA notice as the form delivers it; the store assigns id, reference, status `received` and `updated_at`. */
export type NewDsaNotice = Omit<DsaNotice, 'id' | 'reference' | 'status' | 'updated_at' | 'decision_note'>;

export interface DsaNoticeRepository {
  /**
   * Stores a notice with the next id and its reference (`dsaNoticeReference`), status `received`, and the messages it
   * causes (the receipt, the shop's notification), in one operation.
   */
  create(notice: NewDsaNotice, outbox?: Enqueue<DsaNotice>): Promise<DsaNotice>;
  /** Every notice, by id. */
  list(): Promise<DsaNotice[]>;
  find(id: number): Promise<DsaNotice | null>;
  /**
   * Moves a notice to `status`, with the decision note when one is given, stamped `updatedAt`, with the messages
   * the change causes (the decision to the notifier) in the same operation.
   * @throws StoreNotFoundError when there is no such notice
   */
  setStatus(id: number, change: { status: DsaNoticeStatus; decision_note?: string }, updatedAt: string, outbox?: Enqueue<DsaNotice>): Promise<DsaNotice>;
}

/** Called with the number of products written so far while a catalog is being replaced. */
export type CatalogProgress = (productsWritten: number) => void;

/** What a catalog change function decides: the edit to store (null: store nothing) and what to hand back. */
export interface CatalogChangeOutcome<T> {
  edit: CatalogEdit | null;
  result: T;
}

export interface CatalogStore {
  /**
   * The catalog as this process last loaded it. Its `products` array is never mutated: every replace or edit gives a
   * new array, so that anything built from one array (lookups, the facet index) can tell it is stale.
   * @throws CatalogNotLoadedError when the store was opened with `lazyCatalog` and {@link load} has not completed
   */
  readonly data: CatalogData;
  /**
   * Whether `data` holds the products. A store opened with `lazyCatalog` (the server) starts without them, so that
   * a large shop answers from its facet index snapshot in seconds; the first use that needs them awaits `load()`.
   */
  readonly loaded: boolean;
  /**
   * The catalog's categories and attributes, loaded or not: a listing page names its category without the products.
   */
  readonly taxonomy: Pick<CatalogData, 'categories' | 'attributes'>;
  /** Loads the products into `data` when they are not; resolves at once when they are. */
  load(): Promise<void>;
  /**
   * Identifies the catalog's contents: it changes with every replace and every edit, here and in other processes
   * and instances (once this one has noticed them), and is the same in every process for the same contents.
   * Derived data (the facet index snapshot) is keyed by it.
   */
  readonly revision: string;
  /**
   * The products with these ids, in the order asked (ids with no product left out), whether or not `data` holds
   * the products: read from the store's files or database when it does not.
   */
  productsByIds(ids: readonly number[]): Promise<Product[]>;
  /**
   * The product at this slug (a product page's address), whether or not `data` holds the products; of two sharing
   * one, the later in the catalog's order, as a loaded catalog's lookup holds it.
   */
  productBySlug(slug: string): Promise<Product | undefined>;
  /**
   * Replaces the whole catalog with `meta` and the products of any iterable (streamed, never all in one string).
   * Other processes and instances are told to reload it.
   */
  replace(meta: Omit<CatalogData, 'products'>, products: Iterable<Product>, onProgress?: CatalogProgress): Promise<void>;
  /**
   * Runs `change` on the freshest catalog, with catalog changes of every process and instance held off, and stores
   * the edit it returns durably before resolving (a check such as "enough in stock" and the write are one operation).
   * Throwing stores nothing. Other processes and instances apply the same edit, without reloading the catalog.
   */
  change<T>(change: (catalog: CatalogData) => CatalogChangeOutcome<T>): Promise<T>;
  /**
   * The edits, oldest first, that turned the catalog whose products array is `products` into the current one, so that
   * an index built from that array can be brought up to date instead of rebuilt; [] when it is current, null when the
   * catalog was replaced since or the edits are no longer remembered (rebuild).
   */
  editsSince(products: readonly Product[]): readonly CatalogEdit[] | null;
}

export type StoreChange = 'site' | 'catalog';

/**
 * Derived data that is costly to make again (the facet index of a large catalog), kept by the store beside the data
 * it was derived from, under a name (`[a-z0-9-]+`). The store keeps the bytes; what they mean, and whether they
 * still fit the data, is for their writer to say (they carry their own key and checksum).
 */
export interface SnapshotRepository {
  /** The bytes stored under `name`, or null when there are none. */
  read(name: string): Promise<Buffer | null>;
  /** Stores `bytes` under `name` durably, replacing what was there; a reader sees the old bytes or the new, whole. */
  write(name: string, bytes: Uint8Array): Promise<void>;
}

/** Thrown by `catalog.data` before a lazily opened catalog has been loaded. */
export class CatalogNotLoadedError extends Error {
  constructor() {
    super('The catalog is not loaded yet: await store.catalog.load() first.');
  }
}

/** Names of snapshots: they become file names in the data folder. */
export const SNAPSHOT_NAME = /^[a-z0-9-]{1,64}$/;

/** A counter of attempts per key over a window (rate-limiter-flexible's options, named for what they mean). */
export interface RateLimitOptions {
  /** Keeps one limiter's keys apart from another's. */
  keyPrefix: string;
  /** Attempts allowed per window. */
  points: number;
  durationSeconds: number;
  /** How long a key that went over stays blocked. */
  blockSeconds: number;
}

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
  readonly messages: MessageRepository;
  readonly withdrawals: WithdrawalRepository;
  /** E-mail the shop is to send, written by the operations that cause it (outbox.ts). */
  readonly outbox: OutboxRepository;
  readonly priceHistory: PriceHistoryRepository;
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

/** A write that would break a uniqueness rule, e.g. a second user with the same login. */
export class StoreConflictError extends ConflictError {
  constructor(
    /** The field whose value is taken, e.g. `login`. */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A write that names a record that does not exist. */
export class StoreNotFoundError extends NotFoundError {}
