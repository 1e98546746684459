/**
 * Orders stored by versions without taxes read with the VAT their gross amounts implied at the standard Polish rate
 * (23%), which is what the shop charged before it kept taxes; the same rule on every store.
 *
 * Orders stored by versions without order statuses read as their starting status, with their placing as the one
 * entry of their history: the same rule on every store (the PostgreSQL migration 009 applies it to its rows).
 */
import { startingStatusOf } from '../../client/api/orders.js';
import { minorUnits, orderTaxesOf } from '../tax/order-taxes.js';
import type { Order, OrderTaxes } from './schema.js';
import { defaultTaxes } from './tax-defaults.js';

type StoredOrder = Omit<
  Order,
  'status' | 'customer_note' | 'language' | 'date_paid' | 'stock_returned' | 'history' | 'notes' | 'taxes'
> &
  Partial<Order>;

export function withLifecycleDefaults(order: StoredOrder): Order {
  const status = order.status ?? startingStatusOf(order.payment_method);
  return {
    ...withTaxDefaults(order),
    status,
    customer_note: order.customer_note ?? '',
    language: order.language ?? '',
    date_paid: order.date_paid ?? null,
    stock_returned: order.stock_returned ?? false,
    history: order.history ?? [
      { from: null, to: status, by: { type: 'customer', id: order.user_id, name: 'customer' }, at: order.created_at },
    ],
    notes: order.notes ?? [],
  };
}

/** The VAT an order's gross amounts imply at the standard rate: what an order stored without its taxes reads with. */
export function impliedTaxes(order: Pick<Order, 'lines' | 'shipping_lines' | 'fee_lines'>): OrderTaxes {
  return orderTaxesOf({
    rates: defaultTaxes().rates.filter((rate) => rate.class === 'standard'),
    pricesIncludeTax: true,
    deliveryRule: 'proportional',
    place: { country: 'PL', postcode: '' },
    lines: order.lines.map((line) => ({ amount: minorUnits(line.line_total) })),
    shipping: order.shipping_lines.map((line) => ({ amount: minorUnits(line.total), taxable: true })),
    fees: order.fee_lines.map((fee) => ({ amount: minorUnits(fee.total), taxable: true })),
  });
}

export function withTaxDefaults<T extends Pick<Order, 'lines' | 'shipping_lines' | 'fee_lines'>>(
  order: T & { taxes?: OrderTaxes | null },
): T & { taxes: OrderTaxes } {
  return { ...order, taxes: order.taxes ?? impliedTaxes(order) };
}
