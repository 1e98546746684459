/**
 * The PostgreSQL store: `openPostgresStore(url)` for `DATABASE_URL=postgres://…`, `migratePostgres(url)` for
 * `vitrine db migrate`. See store.ts for the contract and migrations/ for the schema.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { defaultSettings } from '../settings-schema.js';
import { RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitOptions, Store, StoreChange } from '../store.js';
import { PostgresApiKeys } from './api-keys.js';
import { PostgresPriceHistory } from './price-history.js';
import { PostgresCatalog, loadCatalog } from './catalog.js';
import { describeUrl, openPool, type PoolOptions } from './connection.js';
import { PostgresConsent } from './consent.js';
import { PostgresInvoices } from './invoices.js';
import { PostgresMedia } from './media.js';
import { PostgresDsaNotices } from './dsa-notices.js';
import { runMigrations } from './migrations.js';
import { ChangeListener } from './notifications.js';
import { PostgresSessions } from './sessions.js';
import { PostgresSnapshots } from './snapshots.js';
import { PostgresOutbox } from './outbox.js';
import { PostgresCarts, PostgresMessages, PostgresWithdrawals } from './shop.js';
import { PostgresOrders } from './orders.js';
import { PostgresSiteDocument } from './site-document.js';
import { loadSite } from './site-rows.js';
import { PostgresUsers } from './users.js';
import { PostgresWebhooks } from './webhooks.js';
import { PostgresCoupons } from './coupons.js';

export interface PostgresStoreOptions extends PoolOptions {
  /** Listen for other instances' changes (default true). Off for one-shot commands that do not need to hear them. */
  listen?: boolean;
  /** Open the catalog without loading its products (see `CatalogStore.loaded`). */
  lazyCatalog?: boolean;
}

/** Applies the migrations that the database lacks. */
export async function migratePostgres(url: string, options: PoolOptions = {}): Promise<{ applied: string[] }> {
  const pool = await openPool(url, { ...options, poolSize: 1 });
  try {
    return { applied: await runMigrations(pool) };
  } finally {
    await pool.end();
  }
}

/**
 * The state of a brand-new database. Inserted with ON CONFLICT DO NOTHING, so when two instances open an empty
 * database at once, both end up with the same secret.
 */
async function ensureMetaRow(pool: pg.Pool): Promise<void> {
  await pool.query(
    `INSERT INTO meta (id, secret, settings, wizard, facet_config, last_ids) VALUES (true, $1, $2, $3, NULL, $4)
     ON CONFLICT (id) DO NOTHING`,
    [
      randomBytes(32).toString('base64url'),
      JSON.stringify(defaultSettings()),
      JSON.stringify({ completed: false, completed_at: null, steps: {} }),
      JSON.stringify({ page: 0, checkbox: 0 }),
    ],
  );
}

/** Opens the store: migrates, creates the defaults of an empty database, loads the site state and the catalog. */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<Store> {
  const pool = await openPool(url, options);
  try {
    await runMigrations(pool);
    await ensureMetaRow(pool);
    const [site, catalog] = await Promise.all([loadSite(pool), loadCatalog(pool, !options.lazyCatalog)]);
    const store = new PostgresStore(pool, url, options, site, catalog);
    if (options.listen ?? true) await store.listen();
    return store;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

class PostgresStore implements Store {
  readonly kind = 'postgres';
  readonly location: string;
  readonly site: PostgresSiteDocument;
  readonly users: PostgresUsers;
  readonly sessions: PostgresSessions;
  readonly consent: PostgresConsent;
  readonly media: PostgresMedia;
  readonly dsaNotices: PostgresDsaNotices;
  readonly catalog: PostgresCatalog;
  readonly carts: PostgresCarts;
  readonly orders: PostgresOrders;
  readonly messages: PostgresMessages;
  readonly withdrawals: PostgresWithdrawals;
  readonly outbox: PostgresOutbox;
  readonly webhooks: PostgresWebhooks;
  readonly invoices: PostgresInvoices;
  readonly coupons: PostgresCoupons;
  readonly priceHistory: PostgresPriceHistory;
  readonly apiKeys: PostgresApiKeys;
  readonly snapshots: PostgresSnapshots;
  readonly #instanceId = randomUUID();
  readonly #listeners = new Set<(change: StoreChange) => void>();
  #listener: ChangeListener | null = null;
  #refreshing: Promise<void> | null = null;
  #refreshAgain = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly options: PostgresStoreOptions,
    site: Awaited<ReturnType<typeof loadSite>>,
    catalog: Awaited<ReturnType<typeof loadCatalog>>,
  ) {
    this.location = describeUrl(url);
    this.site = new PostgresSiteDocument(pool, this.#instanceId, site, () => this.#emit('site'));
    this.users = new PostgresUsers(pool);
    this.sessions = new PostgresSessions(pool);
    this.consent = new PostgresConsent(pool);
    this.media = new PostgresMedia(pool);
    this.dsaNotices = new PostgresDsaNotices(pool);
    this.catalog = new PostgresCatalog(pool, this.#instanceId, catalog, options.lazyCatalog ?? false);
    this.carts = new PostgresCarts(pool);
    this.orders = new PostgresOrders(pool, this.catalog);
    this.coupons = new PostgresCoupons(pool);
    this.messages = new PostgresMessages(pool);
    this.withdrawals = new PostgresWithdrawals(pool, this.catalog);
    this.outbox = new PostgresOutbox(pool);
    this.webhooks = new PostgresWebhooks(pool);
    this.invoices = new PostgresInvoices(pool);
    this.priceHistory = new PostgresPriceHistory(pool);
    this.apiKeys = new PostgresApiKeys(pool);
    this.snapshots = new PostgresSnapshots(pool);
  }

  createRateLimiter({ keyPrefix, points, durationSeconds, blockSeconds }: RateLimitOptions): RateLimiterAbstract {
    // The table comes from migration 002, so the limiter must not try to create it on its own.
    return new RateLimiterPostgres({
      storeClient: this.pool,
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix,
      points,
      duration: durationSeconds,
      blockDuration: blockSeconds,
    });
  }

  async listen(): Promise<void> {
    const report = this.options.onError ?? ((error: Error) => console.error(error.message));
    this.#listener = new ChangeListener(
      this.url,
      this.#instanceId,
      () => {
        this.refresh().catch((error: Error) =>
          report(new Error(`PostgreSQL store: reloading after a change failed: ${error.message}`)),
        );
      },
      report,
    );
    await this.#listener.start();
  }

  /** For tests: drop the LISTEN connection as a network failure would. */
  simulateListenerDrop(): void {
    this.#listener?.simulateDrop();
  }

  /**
   * One cheap query of both revisions; reloads what another process changed. Calls made while a refresh runs share
   * the next one, so a burst of requests or notifications costs at most two round trips.
   */
  refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return this.#refreshing;
    }
    this.#refreshing = (async () => {
      try {
        do {
          this.#refreshAgain = false;
          await this.#refreshOnce();
        } while (this.#refreshAgain);
      } finally {
        this.#refreshing = null;
      }
    })();
    return this.#refreshing;
  }

  async #refreshOnce(): Promise<void> {
    const { rows } = await this.pool.query<{ site_revision: number; catalog_revision: number }>(
      'SELECT site_revision, catalog_revision FROM meta',
    );
    const revisions = rows[0]!;
    if (revisions.site_revision > this.site.revision) {
      const loaded = await loadSite(this.pool);
      if (this.site.adopt(loaded.data, loaded.revision)) this.#emit('site');
    }
    if (revisions.catalog_revision > this.catalog.revisionNumber && (await this.catalog.reload()))
      this.#emit('catalog');
  }

  onChange(listener: (change: StoreChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(change: StoreChange): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch (error) {
        // One failing cache must not keep the others stale.
        (this.options.onError ?? console.error)(error as Error);
      }
    }
  }

  async close(): Promise<void> {
    await this.#listener?.close();
    await this.pool.end();
  }
}
