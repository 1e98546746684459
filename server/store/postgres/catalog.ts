/** `Store.catalog` on PostgreSQL: the whole catalog in memory, replaced in one transaction, products in batches. */
import type pg from 'pg';
import type { CatalogData, Product } from '../../catalog/model.js';
import { StoreConflictError, type CatalogProgress, type CatalogStore } from '../store.js';
import { CHANNEL, LOCKS, notifyPayload, sqlState, withTransaction, type Queryable } from './connection.js';

/** Products per INSERT: large enough to amortise round trips, small enough to keep each JSON parameter a few MB. */
const BATCH = 1000;

export async function loadCatalog(db: Queryable): Promise<{ data: CatalogData; revision: number }> {
  const { rows: [meta] } = await db.query('SELECT m.catalog_revision, c.categories, c.attributes FROM meta m LEFT JOIN catalog_meta c ON true');
  const { rows } = await db.query<{ data: Product }>('SELECT data FROM products ORDER BY position');
  return {
    data: { categories: meta?.categories ?? [], attributes: meta?.attributes ?? [], products: rows.map((row) => row.data) },
    revision: meta?.catalog_revision ?? 0,
  };
}

export class PostgresCatalog implements CatalogStore {
  #data: CatalogData;
  #revision: number;

  constructor(private readonly pool: pg.Pool, private readonly instanceId: string, initial: { data: CatalogData; revision: number }) {
    this.#data = initial.data;
    this.#revision = initial.revision;
  }

  get data(): CatalogData {
    return this.#data;
  }

  get revision(): number {
    return this.#revision;
  }

  /** Loads the stored catalog, read in one snapshot so that products and revision agree. @returns whether it was newer */
  async reload(): Promise<boolean> {
    const loaded = await withTransaction(this.pool, loadCatalog, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (loaded.revision <= this.#revision) return false;
    this.#data = loaded.data;
    this.#revision = loaded.revision;
    return true;
  }

  async replace(meta: Omit<CatalogData, 'products'>, products: Iterable<Product>, onProgress?: CatalogProgress): Promise<void> {
    const written: Product[] = [];
    const revision = await withTransaction(this.pool, async (client) => {
      // Two replaces at once would each delete the other's rows and then collide on ids: one at a time.
      await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.catalog]);
      await client.query('DELETE FROM products');
      await client.query(
        `INSERT INTO catalog_meta (id, categories, attributes) VALUES (true, $1, $2)
         ON CONFLICT (id) DO UPDATE SET categories = EXCLUDED.categories, attributes = EXCLUDED.attributes`,
        [JSON.stringify(meta.categories), JSON.stringify(meta.attributes)],
      );
      let batch: Product[] = [];
      const flush = async () => {
        await insertBatch(client, batch, written.length - batch.length);
        batch = [];
        onProgress?.(written.length);
      };
      for (const product of products) {
        batch.push(product);
        written.push(product);
        if (batch.length === BATCH) await flush();
      }
      if (batch.length > 0 || written.length === 0) await flush();
      // Last, so that the meta row (which site writers lock) stays locked only for the commit.
      const { rows } = await client.query<{ catalog_revision: number }>(
        'UPDATE meta SET catalog_revision = catalog_revision + 1 RETURNING catalog_revision',
      );
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, notifyPayload('catalog', this.instanceId)]);
      return rows[0]!.catalog_revision;
    });
    this.#data = { categories: meta.categories, attributes: meta.attributes, products: written };
    this.#revision = Math.max(this.#revision, revision);
  }
}

/** Inserts products at positions from `firstPosition` on; also used by bulk-import.ts. */
export async function insertBatch(client: Queryable, batch: Product[], firstPosition: number): Promise<void> {
  if (batch.length === 0) return;
  for (const product of batch) {
    if (!Number.isInteger(product.id)) throw new Error(`A product needs an integer id, not ${JSON.stringify(product.id)}.`);
  }
  try {
    // One JSON array per batch: one parameter, parsed once by the server, positions from the array's order.
    await client.query(
      `INSERT INTO products (id, position, data)
       SELECT (e->>'id')::integer, $2::integer + ord::integer - 1, e
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, ord)`,
      [JSON.stringify(batch), firstPosition],
    );
  } catch (error) {
    if (sqlState(error) === '23505') {
      throw new StoreConflictError('id', `Two products have the same id (${(error as { detail?: string }).detail ?? 'see the catalog'}).`);
    }
    throw error;
  }
}
