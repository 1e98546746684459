/**
 * `Store.coupons` on PostgreSQL: the `coupons` table (migration 026), its unique index on the lower-case code. Placing
 * an order counts its coupons' uses in the order's transaction ({@link useCouponsIn}, orders.ts).
 */
import type pg from 'pg';
import {
  countCouponUse,
  couponCode,
  couponUserOf,
  releaseCouponUse,
  type Coupon,
  type CouponRepository,
  type CouponUse,
} from '../coupons-store.js';
import type { Order } from '../schema.js';
import { StoreConflictError, StoreNotFoundError } from '../store-error.js';
import { sqlState, withTransaction, type Queryable } from './connection.js';

const COLUMNS = `id, code, discount_type, amount, description, date_expires, minimum_amount, maximum_amount, usage_limit,
  usage_limit_per_user, usage_count, used_by, product_ids, excluded_product_ids, product_categories, excluded_product_categories,
  exclude_sale_items, free_shipping, individual_use, email_restrictions, advertised, date_created, date_modified`;

/** The columns written from a coupon, in the order of {@link values}. */
const WRITTEN = `code, discount_type, amount, description, date_expires, minimum_amount, maximum_amount, usage_limit,
  usage_limit_per_user, product_ids, excluded_product_ids, product_categories, excluded_product_categories,
  exclude_sale_items, free_shipping, individual_use, email_restrictions, advertised, date_created, date_modified`;

const values = (coupon: Omit<Coupon, 'id' | 'usage_count' | 'used_by'>) => [
  couponCode(coupon.code),
  coupon.discount_type,
  coupon.amount,
  coupon.description,
  coupon.date_expires,
  coupon.minimum_amount,
  coupon.maximum_amount,
  coupon.usage_limit,
  coupon.usage_limit_per_user,
  JSON.stringify(coupon.product_ids),
  JSON.stringify(coupon.excluded_product_ids),
  JSON.stringify(coupon.product_categories),
  JSON.stringify(coupon.excluded_product_categories),
  coupon.exclude_sale_items,
  coupon.free_shipping,
  coupon.individual_use,
  JSON.stringify(coupon.email_restrictions),
  coupon.advertised,
  coupon.date_created,
  coupon.date_modified,
];

// biome-ignore lint/suspicious/noExplicitAny: node-postgres types a row's columns as any
const couponFromRow = (row: any): Coupon => row as Coupon;

/** Translates the unique index's refusal into the store's conflict. */
async function uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === '23505') {
      throw new StoreConflictError('code', `The coupon code ${couponCode(code)} is already in use.`);
    }
    throw error;
  }
}

/** Checks and counts `use` inside the placing transaction, the coupons' rows locked until it ends. */
export async function useCouponsIn(client: Queryable, use: CouponUse): Promise<void> {
  const codes = use.codes.map(couponCode);
  const { rows } = await client.query(
    `SELECT ${COLUMNS} FROM coupons WHERE code = ANY($1::text[]) ORDER BY id FOR UPDATE`,
    [codes],
  );
  const stored = rows.map(couponFromRow);
  const counted = countCouponUse(
    codes.map((code) => stored.find((coupon) => coupon.code === code) ?? null),
    use,
  );
  for (const coupon of counted) {
    await client.query('UPDATE coupons SET usage_count = $2, used_by = $3 WHERE id = $1', [
      coupon.id,
      coupon.usage_count,
      JSON.stringify(coupon.used_by),
    ]);
  }
}

/** Gives back the uses of a cancelled order's coupons inside the transaction that cancels it. */
export async function releaseOrderCouponsIn(client: Queryable, order: Order): Promise<void> {
  for (const line of order.coupon_lines) {
    const { rows } = await client.query(`SELECT ${COLUMNS} FROM coupons WHERE id = $1 FOR UPDATE`, [line.coupon_id]);
    if (!rows[0]) continue;
    const released = releaseCouponUse(couponFromRow(rows[0]), couponUserOf(order));
    await client.query('UPDATE coupons SET usage_count = $2, used_by = $3 WHERE id = $1', [
      released.id,
      released.usage_count,
      JSON.stringify(released.used_by),
    ]);
  }
}

export class PostgresCoupons implements CouponRepository {
  constructor(private readonly pool: pg.Pool) {}

  async list(): Promise<Coupon[]> {
    return (await this.pool.query(`SELECT ${COLUMNS} FROM coupons ORDER BY id`)).rows.map(couponFromRow);
  }

  async find(id: number): Promise<Coupon | null> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM coupons WHERE id = $1`, [id]);
    return rows[0] ? couponFromRow(rows[0]) : null;
  }

  async findByCode(code: string): Promise<Coupon | null> {
    const { rows } = await this.pool.query(`SELECT ${COLUMNS} FROM coupons WHERE code = $1`, [couponCode(code)]);
    return rows[0] ? couponFromRow(rows[0]) : null;
  }

  create(coupon: Parameters<CouponRepository['create']>[0]): Promise<Coupon> {
    return uniqueCode(coupon.code, async () => {
      const placeholders = values(coupon).map((_, index) => `$${index + 1}`);
      const { rows } = await this.pool.query(
        `INSERT INTO coupons (${WRITTEN}) VALUES (${placeholders.join(', ')}) RETURNING ${COLUMNS}`,
        values(coupon),
      );
      return couponFromRow(rows[0]);
    });
  }

  update(id: number, change: (coupon: Coupon) => Coupon): Promise<Coupon> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query(`SELECT ${COLUMNS} FROM coupons WHERE id = $1 FOR UPDATE`, [id]);
      if (!rows[0]) throw new StoreNotFoundError(`There is no coupon with the id ${id}.`);
      const changed = change(couponFromRow(rows[0]));
      return uniqueCode(changed.code, async () => {
        const assignments = WRITTEN.split(',').map((column, index) => `${column.trim()} = $${index + 2}`);
        const updated = await client.query(
          `UPDATE coupons SET ${assignments.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, ...values(changed)],
        );
        return couponFromRow(updated.rows[0]);
      });
    });
  }

  async remove(id: number): Promise<Coupon | null> {
    const { rows } = await this.pool.query(`DELETE FROM coupons WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
    return rows[0] ? couponFromRow(rows[0]) : null;
  }
}
