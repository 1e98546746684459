/**
 * What a manager sends to refund an order (`POST /vitrine/v1/orders/{id}/refunds`, `OrderRefundInput` in
 * client/api/refunds.ts), checked whole: every bad field named at once, before anything is written. Amounts become
 * minor units here, so that every sum after is exact.
 */
import type { OrderRefundInput } from '../../../client/api/refunds.js';
import { InvalidInputError } from '../../errors/domain-errors.js';
import type { RefundRequest } from './refund-items.js';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of a request body, only when the body has it as its own (never one inherited from Object.prototype). */
export const ownField = (body: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(body, key) ? body[key] : undefined;

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
/** More lines than any order holds would be a client's mistake (or an attack on the checks). */
export const MAX_REFUND_LINES = 500;
export const MAX_REASON_LENGTH = 1000;
const KEYS = new Set<string>(['lines', 'delivery', 'amount', 'reason'] satisfies (keyof OrderRefundInput)[]);

/** An amount written as a number or a string (`129.90`), in minor units; null when it is not one. */
export function minorUnitsOf(value: unknown): number | null {
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!AMOUNT.test(text)) return null;
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A positive amount in minor units, or null. */
export function positiveMinorUnits(value: unknown): number | null {
  const minor = minorUnitsOf(value);
  return minor !== null && minor > 0 ? minor : null;
}

/** A refund's reason: text of a bounded length. */
export function checkReason(value: unknown, problems: Record<string, string>): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > MAX_REASON_LENGTH) {
    problems.reason = `The reason must be text of at most ${MAX_REASON_LENGTH} characters.`;
    return '';
  }
  return value.trim();
}

/**
 * The admin's refund as a request of the orders service.
 * @throws InvalidInputError naming every bad field
 */
export function checkOrderRefundInput(body: unknown, order: { shipping: number; fees: number }): RefundRequest {
  const problems: Record<string, string> = {};
  if (!isObject(body)) throw new InvalidInputError({ body: 'Send the refund as a JSON object.' });
  const unknown = Object.keys(body).filter((key) => !KEYS.has(key));
  if (unknown.length) problems.body = `Unknown fields: ${unknown.join(', ')}.`;
  const items: RefundRequest['items'] = [];
  const lines = Object.hasOwn(body, 'lines') ? body.lines : [];
  if (!Array.isArray(lines) || lines.length > MAX_REFUND_LINES) {
    problems.lines = `The lines must be a list of at most ${MAX_REFUND_LINES} {index, quantity}.`;
  } else {
    for (const line of lines) {
      const index = isObject(line) ? ownField(line, 'index') : undefined;
      const quantity = isObject(line) ? ownField(line, 'quantity') : undefined;
      if (
        !Number.isSafeInteger(index) ||
        (index as number) < 0 ||
        !Number.isSafeInteger(quantity) ||
        (quantity as number) < 1
      ) {
        problems.lines = 'Each line is {index, quantity}: the line of the order (from 0), and units (1 or more).';
        break;
      }
      items.push({ kind: 'line', index: index as number, quantity: quantity as number });
    }
  }
  const delivery = Object.hasOwn(body, 'delivery') ? body.delivery : false;
  if (typeof delivery !== 'boolean') problems.delivery = 'delivery is true or false.';
  else if (delivery) {
    for (let index = 0; index < order.shipping; index++) items.push({ kind: 'shipping', index, quantity: 0 });
    for (let index = 0; index < order.fees; index++) items.push({ kind: 'fee', index, quantity: 0 });
  }
  let amount: number | undefined;
  const givenAmount = ownField(body, 'amount');
  if (givenAmount !== undefined && givenAmount !== null && givenAmount !== '') {
    amount = positiveMinorUnits(givenAmount) ?? undefined;
    if (amount === undefined)
      problems.amount = 'Enter the amount refunded, more than 0, with at most two decimals (e.g. 129.90).';
  }
  const reason = checkReason(ownField(body, 'reason'), problems);
  if (items.length === 0 && amount === undefined && !problems.amount)
    problems.lines = 'Choose the lines (or the delivery) to refund, or enter an amount.';
  if (Object.keys(problems).length > 0) throw new InvalidInputError(problems, { code: 'vitrine_invalid_order_refund' });
  return { items, amount, reason, api_refund: false, withdrawal_id: null };
}
