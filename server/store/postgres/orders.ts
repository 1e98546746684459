/**
 * `Store.orders` on PostgreSQL. Placing an order is one transaction holding the catalog's lock: the stock edit (product
 * rows, catalog revision), the order row and the consent records of its form commit together or not at all. A change
 * of one order locks its row; one that gives stock back also holds the catalog's lock, in the same transaction.
 */
import type pg from 'pg';
import { orderNumber } from '../numbering.js';
import { withTaxDefaults } from '../order-defaults.js';
import type { Order } from '../schema.js';
import { StoreNotFoundError, withShippingFields, type NewOrder, type OrderRepository } from '../store.js';
import type { PostgresCatalog } from './catalog.js';
import { insertConsentRecords } from './consent.js';
import { releaseOrderCouponsIn, useCouponsIn } from './coupons.js';
import { cancels } from '../coupons-store.js';
import { withTransaction, type Queryable } from './connection.js';
import { insertOutbox } from './outbox.js';

export const ORDER_COLUMNS = `id, number, user_id, email, billing, shipping_address, company_tax_id, invoice_requested, payment_method, currency, lines, subtotal::float8 AS subtotal,
  shipping_lines, fee_lines, shipping_total::float8 AS shipping_total, total::float8 AS total, consent, created_at, status, customer_note, date_paid, stock_returned, history, notes, taxes,
  shipments, refunds, coupon_lines, language`;

/** An order's row as the store's Order: a NULL `taxes` (placed before taxes were kept) reads as what it implied. */
// biome-ignore lint/suspicious/noExplicitAny: node-postgres types a row's columns as any
export const orderFromRow = (row: any): Order => withTaxDefaults(row as Order);

/** Writes the parts of an order that change after it is placed (withdrawals.ts stores a refund's move with it). */
export async function updateOrder(db: Queryable, order: Order): Promise<void> {
  await db.query(
    `UPDATE orders SET email = $2, billing = $3, status = $4, customer_note = $5, date_paid = $6, stock_returned = $7, history = $8, notes = $9,
       shipments = $10, refunds = $11
     WHERE id = $1`,
    [
      order.id,
      order.email,
      JSON.stringify(order.billing),
      order.status,
      order.customer_note,
      order.date_paid,
      order.stock_returned,
      JSON.stringify(order.history),
      JSON.stringify(order.notes),
      JSON.stringify(order.shipments),
      JSON.stringify(order.refunds),
    ],
  );
}

export class PostgresOrders implements OrderRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly catalog: PostgresCatalog,
  ) {}

  place(
    newOrder: NewOrder,
    consent: Parameters<OrderRepository['place']>[1],
    takeStock: Parameters<OrderRepository['place']>[2],
    outbox?: Parameters<OrderRepository['place']>[3],
    coupons?: Parameters<OrderRepository['place']>[4],
  ): Promise<Order> {
    const order = withShippingFields(newOrder);
    return this.catalog.exclusive(async (client, catalog, commit) => {
      await commit(takeStock(catalog));
      if (coupons) await useCouponsIn(client, coupons);
      const { rows } = await client.query(
        `INSERT INTO orders (number, user_id, email, billing, company_tax_id, payment_method, currency, lines, subtotal, total, consent, created_at,
           status, customer_note, date_paid, stock_returned, history, notes, shipping_lines, fee_lines, shipping_total, shipping_address,
           taxes, coupon_lines, invoice_requested, language)
         VALUES ('pending-' || gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
           $24, $25)
         RETURNING id`,
        [
          order.user_id,
          order.email,
          JSON.stringify(order.billing),
          order.company_tax_id,
          order.payment_method,
          order.currency,
          JSON.stringify(order.lines),
          order.subtotal,
          order.total,
          JSON.stringify(order.consent),
          order.created_at,
          order.status,
          order.customer_note,
          order.date_paid,
          order.stock_returned,
          JSON.stringify(order.history),
          JSON.stringify(order.notes),
          JSON.stringify(order.shipping_lines),
          JSON.stringify(order.fee_lines),
          order.shipping_total,
          order.shipping_address && JSON.stringify(order.shipping_address),
          JSON.stringify(order.taxes),
          JSON.stringify(order.coupon_lines),
          order.invoice_requested,
          order.language,
        ],
      );
      const number = orderNumber(rows[0]!.id);
      const placed = await client.query(`UPDATE orders SET number = $2 WHERE id = $1 RETURNING ${ORDER_COLUMNS}`, [
        rows[0]!.id,
        number,
      ]);
      await insertConsentRecords(
        client,
        consent.map((record) => ({ ...record, reference: `order:${number}` })),
      );
      const stored = orderFromRow(placed.rows[0]);
      await insertOutbox(client, outbox, stored);
      return stored;
    });
  }

  async find(id: number): Promise<Order | null> {
    const { rows } = await this.pool.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
    return rows[0] ? orderFromRow(rows[0]) : null;
  }

  async findByNumber(number: string): Promise<Order | null> {
    const { rows } = await this.pool.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE number = $1`, [number]);
    return rows[0] ? orderFromRow(rows[0]) : null;
  }

  async listByUser(userId: number): Promise<Order[]> {
    return (
      await this.pool.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 ORDER BY id DESC`, [userId])
    ).rows.map(orderFromRow);
  }

  async list(): Promise<Order[]> {
    return (await this.pool.query(`SELECT ${ORDER_COLUMNS} FROM orders ORDER BY id DESC`)).rows.map(orderFromRow);
  }

  change<T>(
    id: number,
    change: Parameters<OrderRepository['change']>[1],
    options: { withCatalog?: boolean } = {},
  ): Promise<T> {
    const apply = async (
      client: Queryable,
      catalog: Parameters<typeof change>[1],
      commit: ((edit: NonNullable<ReturnType<typeof change>['stock']>) => Promise<void>) | null,
    ) => {
      const { rows } = await client.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [id]);
      if (!rows[0]) throw new StoreNotFoundError(`There is no order with the id ${id}.`);
      const before = orderFromRow(rows[0]);
      const outcome = change(structuredClone(before), catalog);
      if (cancels(before, outcome.order)) await releaseOrderCouponsIn(client, before);
      if (outcome.stock) {
        if (!commit) throw new Error('An order change that moves stock must be made withCatalog.');
        await commit(outcome.stock);
      }
      await updateOrder(client, outcome.order);
      await insertOutbox(client, () => outcome.outbox ?? [], null);
      return outcome.result as T;
    };
    if (options.withCatalog) return this.catalog.exclusive((client, catalog, commit) => apply(client, catalog, commit));
    return withTransaction(this.pool, (client) => apply(client, null, null));
  }
}
