/**
 * Orders stored before orders had statuses read as their starting status (bank transfer on hold,
 * cash on delivery processing) with their placing as their history, on the data folder and after PostgreSQL's
 * migration 009 ran over existing rows; and orders stored before taxes were kept read with the VAT their gross
 * amounts implied at the standard rate, not with none.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import { openLowdbStore } from '../../../server/store/lowdb/lowdb-store.js';
import { migratePostgres, openPostgresStore } from '../../../server/store/postgres/index.js';
import type { Store } from '../../../server/store/store.js';
import { createTestDatabase } from '../../support/postgres.js';

const billing = {
  first_name: 'Anna',
  last_name: 'Nowak',
  street: 'Długa 1',
  postcode: '00-001',
  city: 'Warszawa',
  country: 'PL',
  phone: '',
};
const legacy = (id: number, paymentMethod: string, userId: number | null) => ({
  id,
  number: `VT-00000${id}`,
  user_id: userId,
  email: 'anna@example.com',
  billing,
  company_tax_id: '',
  payment_method: paymentMethod,
  currency: 'PLN',
  lines: [{ product_id: 7, title: 'Koc', sku: 'K-1', unit_price: 10, quantity: 1, line_total: 10 }],
  subtotal: 10,
  total: 10,
  consent: [],
  created_at: `2026-01-0${id}T10:00:00.000Z`,
});

async function assertStartingStatuses(store: Store): Promise<void> {
  const [cash, transfer] = await store.orders.list();
  assert.equal(transfer!.status, 'on-hold');
  assert.equal(cash!.status, 'processing');
  assert.deepEqual(transfer!.history, [
    { from: null, to: 'on-hold', by: { type: 'customer', id: null, name: 'customer' }, at: '2026-01-01T10:00:00.000Z' },
  ]);
  assert.deepEqual(cash!.history, [
    { from: null, to: 'processing', by: { type: 'customer', id: 5, name: 'customer' }, at: '2026-01-02T10:00:00.000Z' },
  ]);
  for (const order of [cash!, transfer!]) {
    assert.deepEqual([order.notes, order.date_paid, order.stock_returned, order.customer_note], [[], null, false, '']);
  }
}

/** 10,00 zł gross at 23%: 1000 × 23 / 123 = 186.99… grosz, so 1,87 zł of VAT inside it. */
async function assertImpliedVat(store: Store): Promise<void> {
  for (const order of await store.orders.list()) {
    assert.equal(order.taxes.total_tax, 187);
    assert.equal(order.taxes.prices_include_tax, true);
    assert.deepEqual(
      order.taxes.tax_lines.map((line) => [line.rate_percent, line.label, line.net, line.tax_total]),
      [[23, 'VAT 23%', 813, 187]],
    );
    assert.deepEqual(order.taxes.lines, [{ total_tax: 187, taxes: [{ rate_id: 1, tax: 187 }], tax_class: 'standard' }]);
  }
}

describe('orders stored before statuses existed', () => {
  it('read as their starting status from the data folder', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'vitrine-legacy-orders-'));
    try {
      await writeFile(
        path.join(folder, 'orders.json'),
        JSON.stringify({
          revision: 2,
          last_id: 2,
          orders: [legacy(1, 'bank_transfer', null), legacy(2, 'cash_on_delivery', 5)],
        }),
      );
      const store = await openLowdbStore(folder, { watch: false });
      await assertStartingStatuses(store);
      await assertImpliedVat(store);
      await store.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('read as their starting status once migration 009 ran over them on PostgreSQL', async () => {
    const url = await createTestDatabase();
    await migratePostgres(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Back to the schema before 009, with two orders in it.
      await client.query(`DROP INDEX orders_status; ALTER TABLE orders DROP COLUMN status, DROP COLUMN customer_note, DROP COLUMN date_paid,
        DROP COLUMN stock_returned, DROP COLUMN history, DROP COLUMN notes; DELETE FROM schema_migrations WHERE version = '009_order_lifecycle'`);
      for (const order of [legacy(1, 'bank_transfer', null), legacy(2, 'cash_on_delivery', 5)]) {
        await client.query(
          `INSERT INTO orders (id, number, user_id, email, billing, company_tax_id, payment_method, currency, lines, subtotal, total, consent, created_at)
           OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            order.id,
            order.number,
            order.user_id,
            order.email,
            JSON.stringify(order.billing),
            '',
            order.payment_method,
            'PLN',
            JSON.stringify(order.lines),
            10,
            10,
            '[]',
            order.created_at,
          ],
        );
      }
    } finally {
      await client.end();
    }
    const store = await openPostgresStore(url, { listen: false });
    try {
      await assertStartingStatuses(store);
      await assertImpliedVat(store);
    } finally {
      await store.close();
    }
  });
});
