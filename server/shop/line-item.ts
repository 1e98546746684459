/**
 * What a line of a cart, an order, a withdrawal or a refund is known by. Each keeps the product and, for a variable
 * product, the variation; lines are matched across them by this one id.
 */
import type { OrderLineItem } from '../../client/api/orders.js';
import type { CartLine } from '../store/schema.js';
import { minorUnits } from '../tax/order-taxes.js';

/** The item a line is known by: its variation, or its simple product. */
export function lineItemId(line: Pick<CartLine, 'product_id' | 'variation_id'>): number {
  return line.variation_id ?? line.product_id;
}

/**
 * What an order's line of goods was charged, in grosz: its value less what coupons took off it. Its VAT was computed
 * on this, so invoices and refunds start from it.
 */
export function chargedForLine(line: Pick<OrderLineItem, 'line_total' | 'discount'>): number {
  return minorUnits(line.line_total) - (line.discount ?? 0);
}
