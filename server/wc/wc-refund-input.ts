/**
 * The body of `POST wc/v3/orders/{order_id}/refunds` as the orders service's refund request: `amount`, `reason`,
 * `api_refund`, and `line_items` naming the order's items by their wc/v3 ids with `quantity`, `refund_total` (without
 * tax) and `refund_tax` per rate (`[{id, refund_total}]`). An item's totals with its taxes are what goes back for it;
 * the refund's VAT per rate is then the order's own, in part (server/tax/refund-vat.ts), so that it adds up with the
 * order's to the grosz. Checked whole: every bad field named at once.
 */
import { InvalidInputError } from '../errors/domain-errors.js';
import type { RefundRequest } from '../shop/orders/refund-items.js';
import { checkReason, isObject, MAX_REFUND_LINES, minorUnitsOf, ownField } from '../shop/orders/refund-input.js';
import type { Order } from '../store/schema.js';
import { itemOfWcId } from './wc-refund-shape.js';

const KEYS = new Set(['amount', 'reason', 'refunded_by', 'meta_data', 'line_items', 'api_refund', 'api_restock']);
const ITEM_KEYS = new Set(['id', 'quantity', 'refund_total', 'refund_tax']);

/** An amount WooCommerce's clients send as a string or a number; '' and absent are nothing. */
const optionalAmount = (value: unknown): number | null | undefined =>
  value === undefined || value === null || value === '' ? undefined : minorUnitsOf(value);

/** @throws InvalidInputError (code `woocommerce_rest_invalid_order_refund`) naming every bad field */
export function wcRefundRequest(body: unknown, order: Order): RefundRequest {
  const fail = (problems: Record<string, string>) =>
    new InvalidInputError(problems, { code: 'woocommerce_rest_invalid_order_refund' });
  if (!isObject(body)) throw fail({ body: 'Send the refund as a JSON object.' });
  const problems: Record<string, string> = {};
  const unknown = Object.keys(body).filter((key) => !KEYS.has(key));
  if (unknown.length) problems.body = `Unknown fields: ${unknown.join(', ')}.`;
  let amount: number | undefined;
  const givenAmount = optionalAmount(ownField(body, 'amount'));
  if (givenAmount === null) problems.amount = 'amount must be a number of at most two decimals, such as "12.30".';
  else if (givenAmount !== undefined) {
    if (givenAmount <= 0) problems.amount = 'Refund amount must be greater than zero.';
    amount = givenAmount;
  }
  const apiRefund = Object.hasOwn(body, 'api_refund') ? body.api_refund : true;
  const apiRestock = ownField(body, 'api_restock');
  if (typeof apiRefund !== 'boolean') problems.api_refund = 'api_refund must be true or false.';
  if (apiRestock !== undefined && typeof apiRestock !== 'boolean')
    problems.api_restock = 'api_restock must be true or false.';
  const reason = checkReason(ownField(body, 'reason'), problems);
  const items: RefundRequest['items'] = [];
  const lineItems = Object.hasOwn(body, 'line_items') ? body.line_items : [];
  if (!Array.isArray(lineItems) || lineItems.length > MAX_REFUND_LINES) {
    problems.line_items = `line_items must be a list of at most ${MAX_REFUND_LINES} items.`;
  } else {
    lineItems.forEach((entry, position) => {
      const field = `line_items[${position}]`;
      if (!isObject(entry) || Object.keys(entry).some((key) => !ITEM_KEYS.has(key))) {
        problems[field] = 'Each item is {id, quantity, refund_total, refund_tax}.';
        return;
      }
      const itemField = (key: string) => ownField(entry, key);
      const id = Number(itemField('id'));
      const item = Number.isSafeInteger(id) ? itemOfWcId(order, id) : null;
      if (!item) {
        problems[field] =
          `Item ${String(itemField('id'))} is not an item of order ${order.number} (its line items, shipping and fee lines).`;
        return;
      }
      const givenQuantity = itemField('quantity');
      const quantity = givenQuantity === undefined || givenQuantity === '' ? 0 : Number(givenQuantity);
      if (!Number.isSafeInteger(quantity) || quantity < 0 || (quantity > 0 && item.kind !== 'line')) {
        problems[field] = 'quantity must be a whole number of units, and only a line item has units.';
        return;
      }
      const net = optionalAmount(itemField('refund_total'));
      const givenTaxes = itemField('refund_tax');
      const taxes = Array.isArray(givenTaxes) ? givenTaxes : givenTaxes === undefined ? [] : null;
      if (taxes && taxes.length > MAX_REFUND_LINES) {
        problems[field] = `refund_tax lists at most ${MAX_REFUND_LINES} rates.`;
        return;
      }
      const taxAmounts =
        taxes?.map((tax) => (isObject(tax) ? optionalAmount(ownField(tax, 'refund_total')) : null)) ?? [];
      if (net === null || taxes === null || taxAmounts.some((tax) => tax === null)) {
        problems[field] = 'refund_total and each refund_tax[].refund_total must be amounts such as "10.00".';
        return;
      }
      const given = net !== undefined || taxAmounts.some((tax) => tax !== undefined);
      const gross = (net ?? 0) + taxAmounts.reduce<number>((sum, tax) => sum + (tax ?? 0), 0);
      if (!given && quantity === 0) return;
      items.push({ ...item, quantity, ...(given ? { amount: gross } : {}) });
    });
  }
  if (Object.keys(problems).length > 0) throw fail(problems);
  if (items.length === 0 && amount === undefined)
    throw fail({ amount: 'Refund amount must be greater than zero: give an amount or the line items refunded.' });
  return { items, amount, reason, api_refund: apiRefund as boolean, withdrawal_id: null };
}
