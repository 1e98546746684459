/**
 * `Store.carts`, `messages` and `withdrawals` on PostgreSQL (orders: orders.ts). A message and the consent records of
 * its form are written in one transaction; so are a withdrawal's refund and the order change it makes (with the
 * catalog's lock when it gives stock back).
 */
import type pg from 'pg';
import { withdrawalReference } from '../numbering.js';
import type { CatalogData } from '../catalog-types.js';
import type { Cart, CartLine, ContactMessage, WithdrawalRequest } from '../schema.js';
import {
  StoreNotFoundError,
  type CartRepository,
  type CatalogEdit,
  type MessageRepository,
  type WithdrawalRepository,
} from '../store.js';
import type { Enqueue } from '../outbox.js';
import type { PostgresCatalog } from './catalog.js';
import { insertConsentRecords } from './consent.js';
import { insertOutbox } from './outbox.js';
import { withTransaction, type Queryable } from './connection.js';
import { ORDER_COLUMNS, orderFromRow, updateOrder } from './orders.js';

// biome-ignore lint/suspicious/noExplicitAny: node-postgres types a row's columns as any; each reader names them
const cartFromRow = (row: Record<string, any>): Cart => ({
  token_hash: row.token_hash,
  user_id: row.user_id,
  lines: row.lines,
  updated_at: row.updated_at,
});

async function saveCart(
  db: Queryable,
  tokenHash: string,
  userId: number | null,
  lines: CartLine[],
): Promise<Cart | null> {
  if (lines.length === 0) {
    await db.query('DELETE FROM carts WHERE token_hash = $1', [tokenHash]);
    return null;
  }
  const { rows } = await db.query(
    `INSERT INTO carts (token_hash, user_id, lines, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (token_hash) DO UPDATE SET user_id = EXCLUDED.user_id, lines = EXCLUDED.lines, updated_at = EXCLUDED.updated_at
     RETURNING token_hash, user_id, lines, updated_at`,
    [tokenHash, userId, JSON.stringify(lines)],
  );
  return cartFromRow(rows[0]!);
}

export class PostgresCarts implements CartRepository {
  constructor(private readonly pool: pg.Pool) {}

  async find(tokenHash: string): Promise<Cart | null> {
    const { rows } = await this.pool.query(
      'SELECT token_hash, user_id, lines, updated_at FROM carts WHERE token_hash = $1',
      [tokenHash],
    );
    return rows[0] ? cartFromRow(rows[0]) : null;
  }

  update(tokenHash: string, change: (lines: CartLine[]) => CartLine[]): Promise<Cart | null> {
    return withTransaction(this.pool, async (client) => {
      // Two tabs changing one cart at once: the row lock makes the second work on the first one's result.
      await client.query(
        'INSERT INTO carts (token_hash, lines, updated_at) VALUES ($1, $2, now()) ON CONFLICT DO NOTHING',
        [tokenHash, '[]'],
      );
      const { rows } = await client.query('SELECT user_id, lines FROM carts WHERE token_hash = $1 FOR UPDATE', [
        tokenHash,
      ]);
      return saveCart(client, tokenHash, rows[0]!.user_id, change(rows[0]!.lines));
    });
  }

  claim(
    tokenHash: string,
    userId: number,
    merge: (into: CartLine[], from: CartLine[]) => CartLine[],
  ): Promise<Cart | null> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query(
        'SELECT token_hash, lines FROM carts WHERE token_hash = $1 OR user_id = $2 ORDER BY token_hash = $1 DESC FOR UPDATE',
        [tokenHash, userId],
      );
      let lines: CartLine[] = rows[0]?.token_hash === tokenHash ? rows[0].lines : [];
      const others = rows.filter((row) => row.token_hash !== tokenHash);
      for (const other of others) lines = merge(lines, other.lines);
      if (others.length)
        await client.query('DELETE FROM carts WHERE token_hash = ANY($1)', [others.map((row) => row.token_hash)]);
      return saveCart(client, tokenHash, userId, lines);
    });
  }
}

export class PostgresMessages implements MessageRepository {
  constructor(private readonly pool: pg.Pool) {}

  create(
    message: Omit<ContactMessage, 'id'>,
    consent: Parameters<MessageRepository['create']>[1],
    outbox?: Enqueue<ContactMessage>,
  ): Promise<ContactMessage> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO contact_messages (name, email, subject, message, user_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, name, email, subject, message, user_id, created_at`,
        [message.name, message.email, message.subject, message.message, message.user_id, message.created_at],
      );
      const stored = rows[0] as ContactMessage;
      await insertConsentRecords(
        client,
        consent.map((record) => ({ ...record, reference: `message:${stored.id}` })),
      );
      await insertOutbox(client, outbox, stored);
      return stored;
    });
  }

  async list(): Promise<ContactMessage[]> {
    return (
      await this.pool.query(
        'SELECT id, name, email, subject, message, user_id, created_at FROM contact_messages ORDER BY id DESC',
      )
    ).rows;
  }
}

// A date column would come back as a JavaScript Date at local midnight: read it as the day it is.
const WITHDRAWAL_COLUMNS = `id, reference, order_id, order_number, email, items, reason, user_id, received_at,
  to_char(goods_received_on, 'YYYY-MM-DD') AS goods_received_on, refund`;

export class PostgresWithdrawals implements WithdrawalRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly catalog: PostgresCatalog,
  ) {}

  create(
    request: Parameters<WithdrawalRepository['create']>[0],
    outbox?: Enqueue<WithdrawalRequest>,
  ): Promise<WithdrawalRequest> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO withdrawals (reference, order_id, order_number, email, items, reason, user_id, received_at)
         VALUES ('pending-' || gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          request.order_id,
          request.order_number,
          request.email,
          JSON.stringify(request.items),
          request.reason,
          request.user_id,
          request.received_at,
        ],
      );
      const stored = await client.query(
        `UPDATE withdrawals SET reference = $2 WHERE id = $1 RETURNING ${WITHDRAWAL_COLUMNS}`,
        [rows[0]!.id, withdrawalReference(rows[0]!.id)],
      );
      const created = stored.rows[0] as WithdrawalRequest;
      await insertOutbox(client, outbox, created);
      return created;
    });
  }

  async list(): Promise<WithdrawalRequest[]> {
    return (await this.pool.query(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals ORDER BY id DESC`)).rows;
  }

  async find(id: number): Promise<WithdrawalRequest | null> {
    const { rows } = await this.pool.query(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE id = $1`, [id]);
    return (rows[0] as WithdrawalRequest | undefined) ?? null;
  }

  process(
    id: number,
    decide: Parameters<WithdrawalRepository['process']>[1],
    options: { withCatalog?: boolean } = {},
  ): Promise<WithdrawalRequest> {
    const apply = async (
      client: Queryable,
      catalog: CatalogData | null,
      commit: ((edit: CatalogEdit) => Promise<void>) | null,
    ) => {
      const found = await client.query('SELECT order_id FROM withdrawals WHERE id = $1', [id]);
      if (!found.rows[0]) throw new StoreNotFoundError(`There is no withdrawal with the id ${id}.`);
      const orderId = found.rows[0].order_id as number;
      // The order's row first (as an order's own changes lock it), then its withdrawals in id order: a second manager,
      // on this withdrawal or another of the order, decides on the first one's result, never beside it.
      const order = await client.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
      const { rows } = await client.query(
        `SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE order_id = $1 ORDER BY id FOR UPDATE`,
        [orderId],
      );
      const current = (rows as WithdrawalRequest[]).find((withdrawal) => withdrawal.id === id)!;
      const { goods_received_on, refund, orderChange } = decide(current, {
        order: order.rows[0] ? orderFromRow(order.rows[0]) : null,
        withdrawals: rows,
        catalog,
      });
      if (orderChange) {
        if (orderChange.stock) {
          if (!commit) throw new Error("A withdrawal's order change that moves stock must be made withCatalog.");
          await commit(orderChange.stock);
        }
        await updateOrder(client, orderChange.order);
        await insertOutbox(client, () => orderChange.outbox ?? [], null);
      }
      const stored = await client.query(
        `UPDATE withdrawals SET goods_received_on = $2, refund = $3 WHERE id = $1 RETURNING ${WITHDRAWAL_COLUMNS}`,
        [id, goods_received_on, refund === null ? null : JSON.stringify(refund)],
      );
      return stored.rows[0] as WithdrawalRequest;
    };
    if (options.withCatalog) return this.catalog.exclusive((client, catalog, commit) => apply(client, catalog, commit));
    return withTransaction(this.pool, (client) => apply(client, null, null));
  }
}
