/**
 * Writes a whole shop (a StoreSnapshot) into an empty PostgreSQL database, for `vitrine store copy --to`. Everything
 * goes in ONE transaction: a failure anywhere (a bad record, a lost connection, a crash) leaves the database as empty
 * as it was.
 */
import type { SiteData } from '../schema.js';
import { CopyTargetNotEmptyError, type CopyProgress, type StoreSnapshot } from '../store-snapshot.js';
import { insertBatch, writeCatalogMeta } from './catalog.js';
import { insertMedia } from './media.js';
import { insertPriceChanges } from './price-history.js';
import { appendConsentLogRows } from './consent.js';
import {
  CHANNEL,
  LOCKS,
  describeUrl,
  notifyPayload,
  openPool,
  sqlState,
  withTransaction,
  type Queryable,
} from './connection.js';
import { runMigrations } from './migrations.js';
import { writeSiteChanges } from './site-rows.js';

/** Rows per INSERT of users, sessions and consent records: one JSON parameter each, a few MB at most. */
const BATCH = 5000;
const PRODUCT_BATCH = 1000;

export interface PostgresImportReport {
  /** Counters of checkboxes that no longer exist: PostgreSQL keeps counters only for existing checkboxes. */
  skippedCounters: number;
}

/** Tables that hold a shop; any row in one makes the database not empty. */
const SHOP_TABLES = [
  'users',
  'sessions',
  'pages',
  'checkboxes',
  'checkbox_counters',
  'consent_log',
  'products',
  'orders',
  'contact_messages',
  'withdrawals',
  'invoices',
  'coupons',
] as const;

/** Rows per shop table; empty when the schema does not exist yet (a brand-new database). */
async function shopRowCounts(db: Queryable): Promise<Record<string, number>> {
  const {
    rows: [schema],
  } = await db.query("SELECT to_regclass('users') IS NOT NULL AS migrated");
  if (!schema.migrated) return {};
  const {
    rows: [counts],
  } = await db.query(
    `SELECT ${SHOP_TABLES.map((table) => `(SELECT count(*) FROM (SELECT 1 FROM ${table} LIMIT 1) t)::int AS ${table}`).join(', ')}`,
  );
  return counts;
}

async function refuseUnlessEmpty(db: Queryable, url: string): Promise<void> {
  const counts = await shopRowCounts(db);
  const holding = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([table]) => table.replace('_', ' '));
  if (holding.length > 0) {
    throw new CopyTargetNotEmptyError(
      `The PostgreSQL database ${describeUrl(url)} is not empty (it has ${holding.join(', ')}); nothing was copied. ` +
        'Copy into a fresh database (createdb, then vitrine db migrate).',
    );
  }
}

/** Refuses a database that holds a shop, without changing anything; for a quick check before reading the source. */
export async function assertPostgresTargetEmpty(url: string): Promise<void> {
  const pool = await openPool(url, { poolSize: 1 });
  try {
    await refuseUnlessEmpty(pool, url);
  } finally {
    await pool.end();
  }
}

function json(rows: unknown[]): string {
  return JSON.stringify(rows);
}

async function inBatches<T>(
  rows: readonly T[],
  size: number,
  write: (batch: T[]) => Promise<void>,
  progress: (count: number) => void,
) {
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    await write(batch);
    progress(batch.length);
  }
}

/**
 * Migrates the database if it is brand new, then writes `snapshot` into it in one transaction.
 * @throws CopyTargetNotEmptyError when the database already holds users, pages, products or any other shop rows
 */
export async function importIntoPostgres(
  url: string,
  snapshot: StoreSnapshot,
  options: { onProgress?: CopyProgress } = {},
): Promise<PostgresImportReport> {
  const pool = await openPool(url, { poolSize: 1 });
  let written = 0;
  const progress = (count: number) => {
    written += count;
    options.onProgress?.(written);
  };
  try {
    // Checked before migrating, so that a refused database is not changed at all.
    await refuseUnlessEmpty(pool, url);
    await runMigrations(pool);
    return await withTransaction(pool, async (client) => {
      // The same locks as user creation and catalog replacement, and the meta row's lock that every site update takes:
      // nobody else writes a shop into this database while we do.
      await client.query('SELECT pg_advisory_xact_lock($1), pg_advisory_xact_lock($2)', [LOCKS.users, LOCKS.catalog]);
      await client.query('SELECT 1 FROM meta FOR UPDATE');
      await refuseUnlessEmpty(client, url); // again, now under the locks
      await writeSite(client, snapshot.site);
      progress(1);
      progress(snapshot.site.pages.length + snapshot.site.checkboxes.length);
      await writeUsers(client, snapshot, progress);
      await writeApiKeys(client, snapshot.apiKeys);
      progress(snapshot.apiKeys.length);
      await insertPriceChanges(client, snapshot.priceHistory);
      progress(snapshot.priceHistory.length);
      await insertMedia(client, snapshot.media);
      progress(snapshot.media.length);
      await inBatches(
        snapshot.sessions,
        BATCH,
        (batch) =>
          client
            .query(
              `INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
         SELECT token_hash, user_id, created_at, expires_at
         FROM jsonb_to_recordset($1::jsonb) AS r(token_hash text, user_id integer, created_at timestamptz, expires_at timestamptz)`,
              [json(batch)],
            )
            .then(() => undefined),
        progress,
      );
      const skippedCounters = await writeCounters(client, snapshot);
      progress(Object.keys(snapshot.counters).length);
      // In the log's order, so that `seq` (and so `log()`) keeps it. Inserting is all the append-only trigger allows.
      await inBatches(snapshot.consent, BATCH, (batch) => appendConsentLogRows(client, batch), progress);
      await inBatches(
        snapshot.dsaNotices,
        BATCH,
        (batch) =>
          client
            .query(
              `INSERT INTO dsa_notices (id, reference, status, product_id, url, explanation, name, email, good_faith, ip, created_at, updated_at, decision_note)
         SELECT id, reference, status, product_id, url, explanation, name, email, good_faith, ip, created_at, updated_at, decision_note
         FROM jsonb_to_recordset($1::jsonb) AS r(id integer, reference text, status text, product_id integer, url text, explanation text,
           name text, email text, good_faith boolean, ip text, created_at timestamptz, updated_at timestamptz, decision_note text)`,
              [json(batch)],
            )
            .then(() => undefined),
        progress,
      );
      // The next notice continues after the copied ids, as users do.
      await client.query(
        `SELECT setval(pg_get_serial_sequence('dsa_notices', 'id'), max(id)) FROM dsa_notices HAVING count(*) > 0`,
      );
      await writeCatalogMeta(client, snapshot.catalog.meta);
      const products = snapshot.catalog.products;
      for (let start = 0; start < products.length; start += PRODUCT_BATCH) {
        const batch = products.slice(start, start + PRODUCT_BATCH);
        await insertBatch(client, batch, start);
        progress(batch.length);
      }
      await writeShopRecords(client, snapshot);
      progress(snapshot.orders.length + snapshot.messages.length + snapshot.withdrawals.length);
      await writeInvoices(client, snapshot);
      progress(snapshot.invoices.invoices.length);
      // Instances already running on this database reload both at their next refresh.
      await client.query('UPDATE meta SET site_revision = site_revision + 1, catalog_revision = catalog_revision + 1');
      await client.query('SELECT pg_notify($1, $2), pg_notify($1, $3)', [
        CHANNEL,
        notifyPayload('site', 'store-copy'),
        notifyPayload('catalog', 'store-copy'),
      ]);
      return { skippedCounters };
    });
  } finally {
    await pool.end();
  }
}

/** The meta row (created or replaced: an opened empty database has one with its own secret), pages and checkboxes. */
async function writeSite(client: Queryable, site: SiteData): Promise<void> {
  await client.query(
    `INSERT INTO meta (id, secret, settings, wizard, facet_config, shipping_zones, taxes, last_ids)
     VALUES (true, $1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET secret = EXCLUDED.secret, settings = EXCLUDED.settings, wizard = EXCLUDED.wizard,
       facet_config = EXCLUDED.facet_config, shipping_zones = EXCLUDED.shipping_zones,
       taxes = EXCLUDED.taxes, last_ids = EXCLUDED.last_ids`,
    [
      site.secret,
      JSON.stringify(site.settings),
      JSON.stringify(site.wizard),
      site.facet_config === null ? null : JSON.stringify(site.facet_config),
      JSON.stringify(site.shipping_zones),
      JSON.stringify(site.taxes),
      JSON.stringify(site.last_ids),
    ],
  );
  // The adapter's own writer: every page and checkbox differs from "none", and it knows the foreign keys' order.
  await writeSiteChanges(client, { ...site, pages: [], checkboxes: [] }, site);
}

async function writeUsers(
  client: Queryable,
  snapshot: StoreSnapshot,
  progress: (count: number) => void,
): Promise<void> {
  try {
    await inBatches(
      snapshot.users,
      BATCH,
      async (batch) => {
        await client.query(
          `INSERT INTO users (id, login, email, display_name, roles, password_hash, created_at, addresses, locale,
           erasure_request)
         OVERRIDING SYSTEM VALUE
         SELECT id, login, email, display_name, roles, password_hash, created_at, addresses, COALESCE(locale, ''),
           erasure_request
         FROM jsonb_to_recordset($1::jsonb)
           AS r(id integer, login text, email text, display_name text, roles text[], password_hash text,
             created_at timestamptz, addresses jsonb, locale text, erasure_request jsonb)`,
          [json(batch.map(({ app_passwords: _passwords, ...user }) => user))],
        );
        const passwords = batch.flatMap((user) =>
          user.app_passwords.map((password) => ({ user_id: user.id, ...password })),
        );
        if (passwords.length > 0) {
          // In the order they were added, which `seq` keeps.
          await client.query(
            `INSERT INTO application_passwords (user_id, uuid, name, password_hash, created, last_used, last_ip)
           SELECT (e->>'user_id')::integer, e->>'uuid', e->>'name', e->>'password_hash', (e->>'created')::timestamptz,
             (e->>'last_used')::timestamptz, e->>'last_ip'
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, ord)
           ORDER BY ord`,
            [json(passwords)],
          );
        }
      },
      progress,
    );
  } catch (error) {
    if (sqlState(error) === '23505') {
      throw new Error(
        `Two users of the source share an id, login or e-mail (${(error as { detail?: string }).detail ?? 'see the users'}).`,
      );
    }
    throw error;
  }
  // The ids came from the source: new users must start after the highest, as the data folder's last_id would.
  await client.query(
    `SELECT setval(pg_get_serial_sequence('users', 'id'), GREATEST((SELECT max(id) FROM users), 1), (SELECT count(*) > 0 FROM users))`,
  );
}

/** WooCommerce API keys with their ids; new keys then start after the highest. */
async function writeApiKeys(client: Queryable, keys: StoreSnapshot['apiKeys']): Promise<void> {
  if (keys.length === 0) return;
  await client.query(
    `INSERT INTO api_keys (id, user_id, description, permissions, consumer_key_hash, consumer_secret_hash, truncated_key, created_at)
     OVERRIDING SYSTEM VALUE
     SELECT id, user_id, description, permissions, consumer_key_hash, consumer_secret_hash, truncated_key, created_at
     FROM jsonb_to_recordset($1::jsonb) AS r(id integer, user_id integer, description text, permissions text, consumer_key_hash text,
       consumer_secret_hash text, truncated_key text, created_at timestamptz)`,
    [json(keys)],
  );
  await client.query(`SELECT setval(pg_get_serial_sequence('api_keys', 'id'), (SELECT max(id) FROM api_keys))`);
}

/** @returns how many counters were left out because their checkbox no longer exists */
async function writeCounters(client: Queryable, snapshot: StoreSnapshot): Promise<number> {
  const checkboxIds = new Set(snapshot.site.checkboxes.map((checkbox) => checkbox.id));
  const rows = Object.entries(snapshot.counters)
    .map(([id, counters]) => ({ checkbox_id: Number(id), shown: counters.shown, accepted: counters.accepted }))
    .filter((row) => checkboxIds.has(row.checkbox_id));
  if (rows.length > 0) {
    await client.query(
      `INSERT INTO checkbox_counters (checkbox_id, shown, accepted)
       SELECT checkbox_id, shown, accepted FROM jsonb_to_recordset($1::jsonb) AS r(checkbox_id integer, shown bigint, accepted bigint)`,
      [json(rows)],
    );
  }
  return Object.keys(snapshot.counters).length - rows.length;
}

/** Orders, contact messages and withdrawals with their own ids and numbers; the id counters then go past them. */
async function writeShopRecords(client: Queryable, snapshot: StoreSnapshot): Promise<void> {
  await client.query(
    `INSERT INTO orders (id, number, user_id, email, billing, shipping_address, company_tax_id, payment_method, currency, lines, subtotal,
       shipping_lines, fee_lines, shipping_total, total, consent, created_at, status, customer_note, date_paid, stock_returned, history, notes,
       taxes, shipments, refunds, coupon_lines, invoice_requested, language)
     OVERRIDING SYSTEM VALUE
     SELECT id, number, user_id, email, billing, shipping_address, company_tax_id, payment_method, currency, lines, subtotal,
       shipping_lines, fee_lines, shipping_total, total, consent, created_at, status, customer_note, date_paid, stock_returned, history, notes,
       taxes, COALESCE(shipments, '[]'), COALESCE(refunds, '[]'), COALESCE(coupon_lines, '[]'), COALESCE(invoice_requested, false), COALESCE(language, '')
     FROM jsonb_to_recordset($1::jsonb) AS r(id integer, number text, user_id integer, email text, billing jsonb, shipping_address jsonb, company_tax_id text,
       payment_method text, currency text, lines jsonb, subtotal numeric, shipping_lines jsonb, fee_lines jsonb, shipping_total numeric,
       total numeric, consent jsonb, created_at timestamptz, status text, customer_note text, date_paid timestamptz, stock_returned boolean,
       history jsonb, notes jsonb, taxes jsonb, shipments jsonb, refunds jsonb, coupon_lines jsonb, invoice_requested boolean, language text)`,
    [json(snapshot.orders)],
  );
  await client.query(
    `INSERT INTO contact_messages (id, name, email, subject, message, user_id, created_at) OVERRIDING SYSTEM VALUE
     SELECT id, name, email, subject, message, user_id, created_at
     FROM jsonb_to_recordset($1::jsonb) AS r(id integer, name text, email text, subject text, message text, user_id integer, created_at timestamptz)`,
    [json(snapshot.messages)],
  );
  await client.query(
    `INSERT INTO withdrawals (id, reference, order_id, order_number, email, items, reason, user_id, received_at, goods_received_on, refund)
     OVERRIDING SYSTEM VALUE
     SELECT id, reference, order_id, order_number, email, items, reason, user_id, received_at, goods_received_on, refund
     FROM jsonb_to_recordset($1::jsonb) AS r(id integer, reference text, order_id integer, order_number text, email text, items jsonb,
       reason text, user_id integer, received_at timestamptz, goods_received_on date, refund jsonb)`,
    [json(snapshot.withdrawals)],
  );
  await client.query(
    `INSERT INTO coupons (id, code, discount_type, amount, description, date_expires, minimum_amount, maximum_amount, usage_limit,
       usage_limit_per_user, usage_count, used_by, product_ids, excluded_product_ids, product_categories, excluded_product_categories,
       exclude_sale_items, free_shipping, individual_use, email_restrictions, advertised, date_created, date_modified)
     OVERRIDING SYSTEM VALUE
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id integer, code text, discount_type text, amount integer, description text,
       date_expires timestamptz, minimum_amount integer, maximum_amount integer, usage_limit integer, usage_limit_per_user integer,
       usage_count integer, used_by jsonb, product_ids jsonb, excluded_product_ids jsonb, product_categories jsonb,
       excluded_product_categories jsonb, exclude_sale_items boolean, free_shipping boolean, individual_use boolean,
       email_restrictions jsonb, advertised boolean, date_created timestamptz, date_modified timestamptz)`,
    [json(snapshot.coupons)],
  );
  for (const table of ['orders', 'contact_messages', 'withdrawals', 'coupons']) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1), (SELECT count(*) > 0 FROM ${table}))`,
    );
  }
}

/** Invoices with their ids, numbers and XML, and the numbering counters, so the next number follows on. */
async function writeInvoices(client: Queryable, snapshot: StoreSnapshot): Promise<void> {
  await client.query(
    `INSERT INTO invoice_counters (period, last_sequence)
     SELECT key, value::integer FROM jsonb_each_text($1::jsonb)`,
    [JSON.stringify(snapshot.invoices.counters)],
  );
  for (const { key, period, sequence, invoice, xml } of snapshot.invoices.invoices) {
    const { id, ksef, ...document } = invoice;
    await client.query(
      `INSERT INTO invoices (id, key, period, sequence, number, type, order_id, issued_at, document, xml, ksef, ksef_status,
         ksef_next_attempt_at)
       OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        id,
        key,
        period,
        sequence,
        invoice.number,
        invoice.type,
        invoice.order_id,
        invoice.issued_at,
        JSON.stringify(document),
        xml,
        JSON.stringify(ksef),
        ksef.status,
        ksef.next_attempt_at,
      ],
    );
  }
  await client.query(
    `SELECT setval(pg_get_serial_sequence('invoices', 'id'), max(id)) FROM invoices HAVING count(*) > 0`,
  );
}
