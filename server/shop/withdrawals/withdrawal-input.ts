/**
 * What a manager sends to process a withdrawal (`POST /vitrine/v1/withdrawals/{id}`, shaped as
 * `WithdrawalProcessingInput` in client/api/withdrawals.ts), checked as a whole: every bad
 * field is named at once, in words a manager can act on, before anything is written.
 */
import { InvalidInputError } from '../../errors/domain-errors.js';
import { isObject, positiveMinorUnits as minorUnits } from '../orders/refund-input.js';
import { isCalendarDay } from './refund-deadline.js';

/** The checked input: a refund's amount in minor units (grosze, cents), so that sums are exact. */
export interface ProcessingRequest {
  /** Absent: unchanged; null: cleared. */
  goodsReceivedOn?: string | null;
  refund?: {
    amountMinor: number;
    refundedOn: string;
    scope: 'full' | 'lines';
    lines: { itemId: number; quantity: number }[];
  };
}

const TOP_KEYS = new Set(['goods_received_on', 'refund']);
const REFUND_KEYS = new Set(['amount', 'refunded_on', 'scope', 'lines']);
/** More lines than any order holds would be a client's mistake (or an attack on the checks). */
const MAX_LINES = 500;

function checkLines(value: unknown, problems: Record<string, string>): { itemId: number; quantity: number }[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LINES) {
    problems['refund.lines'] = 'List the refunded lines, each as {item_id, quantity}.';
    return [];
  }
  const lines: { itemId: number; quantity: number }[] = [];
  for (const line of value) {
    const itemId = isObject(line) ? line.item_id : undefined;
    const quantity = isObject(line) ? line.quantity : undefined;
    if (
      !Number.isSafeInteger(itemId) ||
      (itemId as number) <= 0 ||
      !Number.isSafeInteger(quantity) ||
      (quantity as number) <= 0
    ) {
      problems['refund.lines'] = 'Each refunded line needs an item_id and a quantity of at least 1.';
      return [];
    }
    if (lines.some((seen) => seen.itemId === itemId)) {
      problems['refund.lines'] = `Item ${itemId} is listed twice: give each item once, with its whole quantity.`;
      return [];
    }
    lines.push({ itemId: itemId as number, quantity: quantity as number });
  }
  return lines;
}

function checkRefund(value: unknown, problems: Record<string, string>): ProcessingRequest['refund'] {
  if (!isObject(value)) {
    problems.refund = 'The refund must be an object with amount, refunded_on and scope.';
    return undefined;
  }
  for (const key of Object.keys(value))
    if (!REFUND_KEYS.has(key)) problems[`refund.${key}`] = `refund.${key} is not a field of a refund.`;
  const amountMinor = minorUnits(value.amount);
  if (amountMinor === null)
    problems['refund.amount'] = 'Enter the amount refunded, more than 0, with at most two decimals (e.g. 129.90).';
  const refundedOn = value.refunded_on;
  if (typeof refundedOn !== 'string' || !isCalendarDay(refundedOn))
    problems['refund.refunded_on'] = 'Enter the day of the refund as YYYY-MM-DD.';
  const scope = value.scope;
  if (scope !== 'full' && scope !== 'lines')
    problems['refund.scope'] = 'Say whether the refund is "full" (the whole order) or for "lines".';
  let lines: { itemId: number; quantity: number }[] = [];
  if (scope === 'lines') lines = checkLines(value.lines, problems);
  else if (scope === 'full' && value.lines !== undefined)
    problems['refund.lines'] = 'A full refund covers every line: leave lines out.';
  if (amountMinor === null || typeof refundedOn !== 'string' || (scope !== 'full' && scope !== 'lines'))
    return undefined;
  return { amountMinor, refundedOn, scope, lines };
}

/**
 * @param body the request's JSON body, as sent
 * @throws InvalidInputError naming every bad field (`goods_received_on`, `refund.amount`, ...)
 * @example checkProcessingInput({ goods_received_on: '2026-03-02' }) // { goodsReceivedOn: '2026-03-02' }
 */
export function checkProcessingInput(body: unknown): ProcessingRequest {
  const problems: Record<string, string> = {};
  if (!isObject(body))
    throw new InvalidInputError({ body: 'Send a JSON object with goods_received_on, refund or both.' });
  for (const key of Object.keys(body))
    if (!TOP_KEYS.has(key))
      problems[key] = `${key} is not a field of a withdrawal's processing; send goods_received_on, refund or both.`;
  const request: ProcessingRequest = {};
  if (Object.hasOwn(body, 'goods_received_on')) {
    const day = body.goods_received_on;
    if (day === null || (typeof day === 'string' && isCalendarDay(day))) request.goodsReceivedOn = day;
    else problems.goods_received_on = 'Enter the day the goods came back as YYYY-MM-DD.';
  }
  if (Object.hasOwn(body, 'refund')) request.refund = checkRefund(body.refund, problems);
  if (Object.keys(body).length === 0) problems.body = 'Send goods_received_on, refund or both.';
  if (Object.keys(problems).length > 0) throw new InvalidInputError(problems);
  return request;
}
