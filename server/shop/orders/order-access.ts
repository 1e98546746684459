/**
 * Who may see an order's confirmation page: the link the checkout answers with carries a key that only the server can
 * make (an HMAC of the order number with the install's secret), so order numbers, which count up, cannot be guessed
 * into someone else's address and purchases. A signed-in customer also sees their own orders without it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Order, User } from '../../store/schema.js';

export function orderKey(secret: string, number: string): string {
  return createHmac('sha256', secret).update(`order|${number}`).digest('base64url').slice(0, 22);
}

export function orderConfirmationPath(secret: string, number: string): string {
  return `/order-received/${encodeURIComponent(number)}?key=${orderKey(secret, number)}`;
}

/** The link a customer downloads one of the order's invoices by, key included (the order page lists them). */
export function orderInvoicePdfPath(secret: string, number: string, invoiceId: number): string {
  return `/order-received/${encodeURIComponent(number)}/invoices/${invoiceId}.pdf?key=${orderKey(secret, number)}`;
}

export function isOrderKey(secret: string, number: string, key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const expected = Buffer.from(orderKey(secret, number));
  const given = Buffer.from(key);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether a visitor may see the order (and what belongs to it, such as its invoices): by its key, or as its customer. */
export function mayViewOrder(
  secret: string,
  order: Pick<Order, 'number' | 'user_id'>,
  key: unknown,
  user: Pick<User, 'id'> | null,
): boolean {
  return isOrderKey(secret, order.number, key) || (user !== null && order.user_id === user.id);
}
