/** `Store.priceHistory` on PostgreSQL: the append-only `price_history` table (migration 003). */
import type pg from 'pg';
import type { PriceChange, PriceHistoryRepository } from '../store.js';
import type { Queryable } from './connection.js';

/** Changes per INSERT: one JSON parameter of a few MB at most. */
const BATCH = 5000;

// The pool's type parsers may hand timestamps over as Date or as text (connection.ts): normalise both.
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export class PostgresPriceHistory implements PriceHistoryRepository {
  constructor(private readonly pool: pg.Pool) {}

  async append(changes: readonly PriceChange[]): Promise<void> {
    if (changes.length === 0) return;
    const client = await this.pool.connect();
    try {
      // One transaction: a call's changes are stored all together or not at all, in their order (seq).
      await client.query('BEGIN');
      await insertPriceChanges(client, changes);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async forItems(itemIds: readonly number[]): Promise<PriceChange[]> {
    if (itemIds.length === 0) return [];
    return this.#select('WHERE item_id = ANY($1::integer[])', [itemIds]);
  }

  all(): Promise<PriceChange[]> {
    return this.#select('', []);
  }

  async #select(where: string, values: unknown[]): Promise<PriceChange[]> {
    const { rows } = await this.pool.query(
      `SELECT item_id, product_id, time, regular_price, sale_price, date_on_sale_from, date_on_sale_to
       FROM price_history ${where} ORDER BY seq`,
      values,
    );
    return rows.map((row) => ({
      item_id: row.item_id,
      product_id: row.product_id,
      time: iso(row.time)!,
      regular_price: row.regular_price,
      sale_price: row.sale_price,
      date_on_sale_from: iso(row.date_on_sale_from),
      date_on_sale_to: iso(row.date_on_sale_to),
    }));
  }
}

/** Inserts changes in their order (so `seq` keeps it), in batches; also used by bulk-import.ts. */
export async function insertPriceChanges(client: Queryable, changes: readonly PriceChange[]): Promise<void> {
  for (let start = 0; start < changes.length; start += BATCH) {
    await client.query(
      `INSERT INTO price_history (item_id, product_id, time, regular_price, sale_price, date_on_sale_from, date_on_sale_to)
       SELECT (e->>'item_id')::integer, (e->>'product_id')::integer, (e->>'time')::timestamptz, (e->>'regular_price')::double precision,
         (e->>'sale_price')::double precision, (e->>'date_on_sale_from')::timestamptz, (e->>'date_on_sale_to')::timestamptz
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, ord) ORDER BY ord`,
      [JSON.stringify(changes.slice(start, start + BATCH))],
    );
  }
}
