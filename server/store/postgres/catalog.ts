/**
 * `Store.catalog` on PostgreSQL: the whole catalog in memory, replaced in one transaction (products in batches), or
 * edited product by product with each edit kept in `catalog_changes` for the other instances to apply.
 */
import type pg from 'pg';
import { highestItemId, withHighestId, type CatalogData, type Product } from '../catalog-types.js';
import { applyCatalogEdit, assertValidEdit, CatalogEditHistory, isEmptyEdit } from '../catalog-edits.js';
import {
  CatalogNotLoadedError,
  StoreConflictError,
  type CatalogChangeOutcome,
  type CatalogChanges,
  type CatalogEdit,
  type CatalogProgress,
  type CatalogStore,
} from '../store.js';
import { CHANNEL, LOCKS, notifyPayload, sqlState, withTransaction, type Queryable } from './connection.js';
import { productById, productBySlug } from '../catalog-lookup.js';

/**
 * Edits kept for instances that are behind, and for a facet index snapshot of an older revision to catch up at
 * start (the facet service writes it again every few hundred edits); further behind, the catalog is reloaded.
 */
const KEPT_CHANGES = 2000;

/** Products per INSERT: large enough to amortise round trips, small enough to keep each JSON parameter a few MB. */
const BATCH = 1000;

/** The catalog and its revision; with `products` false, its categories and attributes only (a lazy catalog). */
export async function loadCatalog(db: Queryable, products = true): Promise<{ data: CatalogData; revision: number }> {
  const {
    rows: [meta],
  } = await db.query(
    'SELECT m.catalog_revision, c.categories, c.attributes, c.highest_id FROM meta m LEFT JOIN catalog_meta c ON true',
  );
  const { rows } = products
    ? await db.query<{ data: Product }>('SELECT data FROM products ORDER BY position')
    : { rows: [] };
  const catalog = {
    categories: meta?.categories ?? [],
    attributes: meta?.attributes ?? [],
    products: rows.map((row) => row.data),
  };
  return {
    data: withHighestId(catalog, meta?.highest_id ?? 0),
    revision: meta?.catalog_revision ?? 0,
  };
}

export class PostgresCatalog implements CatalogStore {
  #data: CatalogData;
  #revision: number;
  /** Opened lazily and not loaded yet: `#data` holds the categories and attributes only. */
  #lazy: boolean;
  #loading: Promise<void> | null = null;
  readonly #history = new CatalogEditHistory();
  /** Loads and edits one after another, so that an edit is applied to the catalog in memory once, in order. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly instanceId: string,
    initial: { data: CatalogData; revision: number },
    lazy = false,
  ) {
    this.#data = initial.data;
    this.#revision = Number(initial.revision);
    this.#lazy = lazy;
    this.#history.reset(this.#data.products);
  }

  get data(): CatalogData {
    if (this.#lazy) throw new CatalogNotLoadedError();
    return this.#data;
  }

  get loaded(): boolean {
    return !this.#lazy;
  }

  get taxonomy(): Pick<CatalogData, 'categories' | 'attributes'> {
    // Lazy, `#data` holds them with no products (loadCatalog without products).
    return this.#data;
  }

  load(): Promise<void> {
    if (!this.#lazy) return Promise.resolve();
    this.#loading ??= this.#queued(async () => {
      if (!this.#lazy) return;
      const loaded = await withTransaction(this.pool, loadCatalog, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      this.#data = loaded.data;
      this.#revision = Number(loaded.revision);
      this.#lazy = false;
      this.#history.reset(this.#data.products);
    }).finally(() => {
      this.#loading = null;
    });
    return this.#loading;
  }

  /** The catalog_revision of the contents in memory (the database's counter). */
  get revisionNumber(): number {
    return this.#revision;
  }

  get revision(): string {
    return String(this.#revision);
  }

  async productsByIds(ids: readonly number[]): Promise<Product[]> {
    if (!this.#lazy) return ids.flatMap((id) => productById(this.#data.products, id) ?? []);
    const { rows } = await this.pool.query<{ data: Product }>('SELECT data FROM products WHERE id = ANY($1::int[])', [
      ids,
    ]);
    const byId = new Map(rows.map((row) => [row.data.id, row.data]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async productBySlug(slug: string): Promise<Product | undefined> {
    if (!this.#lazy) return productBySlug(this.#data.products, slug);
    const { rows } = await this.pool.query<{ data: Product }>(
      "SELECT data FROM products WHERE data->>'slug' = $1 ORDER BY position DESC LIMIT 1",
      [slug],
    );
    return rows[0]?.data;
  }

  editsSince(products: readonly Product[]): readonly CatalogEdit[] | null {
    return this.#history.since(products);
  }

  async changesSince(revision: string): Promise<CatalogChanges | null> {
    const from = Number(revision);
    const to = this.#revision;
    if (!this.canCatchUpFrom(revision)) return null;
    if (from === to) return { edits: [], before: new Map(), revision: String(to) };
    const { rows } = await this.pool.query<{ edit: CatalogEdit; before: Product[] | null }>(
      'SELECT edit, before FROM catalog_changes WHERE revision > $1 AND revision <= $2 ORDER BY revision',
      [from, to],
    );
    // A gap is a replace or pruned edits; a row without `before` was kept from before it was written.
    if (rows.length !== to - from || rows.some((row) => row.before === null)) return null;
    const before = new Map<number, Product>();
    const seen = new Set<number>();
    // A product's state then is what the first edit after that touched it found.
    for (const row of rows) {
      const replaced = new Map(row.before!.map((product) => [product.id, product]));
      for (const id of [...row.edit.upsert.map((product) => product.id), ...row.edit.remove]) {
        if (seen.has(id)) continue;
        seen.add(id);
        const product = replaced.get(id);
        if (product) before.set(id, product);
      }
    }
    return { edits: rows.map((row) => row.edit), before, revision: String(to) };
  }

  canCatchUpFrom(revision: string): boolean {
    const from = Number(revision);
    return /^\d+$/.test(revision) && from <= this.#revision && this.#revision - from < KEPT_CHANGES;
  }

  /**
   * Brings the catalog up to the stored revision: edit by edit when they are all kept, else reloaded. @returns whether
   * it changed
   */
  reload(): Promise<boolean> {
    return this.#queued(() => this.#catchUp(this.pool));
  }

  async #catchUp(db: Queryable): Promise<boolean> {
    const {
      rows: [meta],
    } = await db.query<{ catalog_revision: string }>('SELECT catalog_revision FROM meta');
    const stored = Number(meta?.catalog_revision ?? 0);
    if (stored <= this.#revision) return false;
    if (this.#lazy) {
      // Products are read from the database when asked for: only the revision and the small parts follow.
      const loaded = await loadCatalog(db, false);
      this.#data = loaded.data;
      this.#revision = Number(loaded.revision);
      return true;
    }
    const { rows } = await db.query<{ revision: string; edit: CatalogEdit }>(
      'SELECT revision, edit FROM catalog_changes WHERE revision > $1 AND revision <= $2 ORDER BY revision',
      [this.#revision, stored],
    );
    if (rows.length === stored - this.#revision) {
      for (const row of rows) this.#remember(row.edit, Number(row.revision));
      return true;
    }
    // A replace in between (or edits pruned): the whole catalog, read in one snapshot so that it and its revision
    // agree.
    const loaded =
      db === this.pool
        ? await withTransaction(this.pool, loadCatalog, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
        : await loadCatalog(db);
    this.#data = loaded.data;
    this.#revision = Number(loaded.revision);
    this.#history.reset(this.#data.products);
    return true;
  }

  #remember(edit: CatalogEdit, revision: number): void {
    const before = this.#data.products;
    this.#data = applyCatalogEdit(this.#data, edit);
    this.#history.record(before, edit, this.#data.products);
    this.#revision = revision;
  }

  #queued<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work);
    this.#queue = run.catch(() => {});
    return run;
  }

  /**
   * Runs `work` in one transaction holding the catalog's lock, on the freshest catalog; `commit` stores an edit in
   * that transaction, so that what `work` writes besides (an order) commits with it or not at all.
   */
  async exclusive<T>(
    work: (client: pg.PoolClient, catalog: CatalogData, commit: (edit: CatalogEdit) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    await this.load();
    return this.#queued(async () => {
      let committed: { edit: CatalogEdit; revision: number } | null = null;
      const result = await withTransaction(this.pool, async (client) => {
        // Catalog writers of every instance one at a time, each on the catalog as the one before left it.
        await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.catalog]);
        await this.#catchUp(client);
        return work(client, this.#data, async (edit) => {
          if (isEmptyEdit(edit)) return;
          if (committed) throw new Error('One catalog edit per transaction.');
          assertValidEdit(this.#data, edit);
          await writeEdit(client, edit);
          const { rows } = await client.query<{ catalog_revision: string }>(
            'UPDATE meta SET catalog_revision = catalog_revision + 1 RETURNING catalog_revision',
          );
          const revision = Number(rows[0]!.catalog_revision);
          const touched = [...edit.upsert.map((product) => product.id), ...edit.remove];
          const before = touched.flatMap((id) => productById(this.#data.products, id) ?? []);
          await client.query('INSERT INTO catalog_changes (revision, edit, before) VALUES ($1, $2, $3)', [
            revision,
            JSON.stringify(edit),
            JSON.stringify(before),
          ]);
          await client.query('DELETE FROM catalog_changes WHERE revision <= $1', [revision - KEPT_CHANGES]);
          await client.query('SELECT pg_notify($1, $2)', [CHANNEL, notifyPayload('catalog', this.instanceId)]);
          committed = { edit, revision };
        });
      });
      const done = committed as { edit: CatalogEdit; revision: number } | null;
      if (done) this.#remember(done.edit, done.revision);
      return result;
    });
  }

  change<T>(change: (catalog: CatalogData) => CatalogChangeOutcome<T>): Promise<T> {
    return this.exclusive(async (_client, catalog, commit) => {
      const { edit, result } = change(catalog);
      if (edit) await commit(edit);
      return result;
    });
  }

  replace(
    meta: Omit<CatalogData, 'products'>,
    products: Iterable<Product>,
    onProgress?: CatalogProgress,
  ): Promise<void> {
    return this.#queued(async () => {
      const written: Product[] = [];
      const revision = await withTransaction(this.pool, async (client) => {
        // Two replaces at once would each delete the other's rows and then collide on ids: one at a time.
        await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.catalog]);
        await client.query('DELETE FROM products');
        await client.query('DELETE FROM catalog_changes');
        // The old products' ids stay used: the highest id ever used only grows (GREATEST in writeCatalogMeta).
        await writeCatalogMeta(client, meta, highestItemId(this.#data));
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
        await raiseHighestId(client, written);
        // Last, so that the meta row (which site writers lock) stays locked only for the commit.
        const { rows } = await client.query<{ catalog_revision: string }>(
          'UPDATE meta SET catalog_revision = catalog_revision + 1 RETURNING catalog_revision',
        );
        await client.query('SELECT pg_notify($1, $2)', [CHANNEL, notifyPayload('catalog', this.instanceId)]);
        return Number(rows[0]!.catalog_revision);
      });
      const {
        rows: [stored],
      } = await this.pool.query<{ highest_id: number }>('SELECT highest_id FROM catalog_meta');
      this.#data = withHighestId(
        { categories: meta.categories, attributes: meta.attributes, products: written },
        stored?.highest_id ?? 0,
      );
      this.#revision = Math.max(this.#revision, revision);
      this.#lazy = false;
      this.#history.reset(written);
    });
  }
}

/** Writes the catalog's small parts; the highest id ever used only grows. */
export async function writeCatalogMeta(
  client: Queryable,
  meta: Omit<CatalogData, 'products'>,
  highestId = 0,
): Promise<void> {
  await client.query(
    `INSERT INTO catalog_meta (id, categories, attributes, highest_id) VALUES (true, $1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET categories = EXCLUDED.categories, attributes = EXCLUDED.attributes,
       highest_id = GREATEST(catalog_meta.highest_id, EXCLUDED.highest_id)`,
    [JSON.stringify(meta.categories), JSON.stringify(meta.attributes), Math.max(highestId, meta.highest_id ?? 0)],
  );
}

/** Raises the highest id ever used to the ids of `products` (a new catalog_meta row keeps empty categories). */
async function raiseHighestId(client: Queryable, products: readonly Product[]): Promise<void> {
  await client.query(
    `INSERT INTO catalog_meta (id, categories, attributes, highest_id) VALUES (true, '[]', '[]', $1)
     ON CONFLICT (id) DO UPDATE SET highest_id = GREATEST(catalog_meta.highest_id, EXCLUDED.highest_id)`,
    [highestItemId({ products })],
  );
}

/** Stores one edit's rows: replaced products keep their position, new ones go after the last. */
async function writeEdit(client: Queryable, edit: CatalogEdit): Promise<void> {
  if (edit.remove.length > 0) await client.query('DELETE FROM products WHERE id = ANY($1::integer[])', [edit.remove]);
  if (edit.upsert.length > 0) {
    await client.query(
      `INSERT INTO products (id, position, data)
       SELECT (e->>'id')::integer, (SELECT COALESCE(MAX(position), -1) FROM products) + ord::integer, e
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, ord)
       ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
      [JSON.stringify(edit.upsert)],
    );
  }
  await raiseHighestId(client, edit.upsert);
  if (edit.categories || edit.attributes) {
    const {
      rows: [current],
    } = await client.query<{ categories: CatalogData['categories']; attributes: CatalogData['attributes'] }>(
      'SELECT categories, attributes FROM catalog_meta',
    );
    await writeCatalogMeta(client, {
      categories: edit.categories ?? current?.categories ?? [],
      attributes: edit.attributes ?? current?.attributes ?? [],
    });
  }
}

/** Inserts products at positions from `firstPosition` on; also used by bulk-import.ts. */
export async function insertBatch(client: Queryable, batch: Product[], firstPosition: number): Promise<void> {
  if (batch.length === 0) return;
  for (const product of batch) {
    if (!Number.isInteger(product.id))
      throw new Error(`A product needs an integer id, not ${JSON.stringify(product.id)}.`);
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
      throw new StoreConflictError(
        'id',
        `Two products have the same id (${(error as { detail?: string }).detail ?? 'see the catalog'}).`,
      );
    }
    throw error;
  }
}
