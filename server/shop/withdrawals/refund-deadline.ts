/**
 * The trader's refund deadline after a withdrawal (Directive 2011/83/EU, art. 13), counted in calendar days of the
 * shop's time zone: a manager reads "refund by 8 December", not an instant in UTC.
 */
import type { RefundDeadline, WithdrawalRequest } from '../../../client/api/withdrawals.js';
import { toLocalDateTime } from '../../store/local-time.js';

/** Art. 13(1): "not later than 14 days from the day on which he is informed of the consumer's decision to withdraw". */
export const REFUND_DAYS = 14;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The shop's calendar day of an instant. @example localDay('2026-03-01T23:30:00Z', 'Europe/Warsaw') === '2026-03-02'
 */
export function localDay(iso: string, timeZone: string): string {
  return toLocalDateTime(iso, timeZone).slice(0, 10);
}

/** Whether `text` is a real calendar day written `YYYY-MM-DD` (no 30 February). */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** @example addDays('2026-02-20', 14) === '2026-03-06' */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The deadline of a withdrawal's refund, and whether it may be withheld for now.
 * @param today the shop's calendar day now
 */
export function refundDeadline(
  withdrawal: Pick<WithdrawalRequest, 'received_at' | 'goods_received_on' | 'refund'>,
  timeZone: string,
  today: string,
): RefundDeadline {
  const from = localDay(withdrawal.received_at, timeZone);
  const dueOn = addDays(from, REFUND_DAYS);
  return {
    days: REFUND_DAYS,
    from,
    due_on: dueOn,
    // Days written YYYY-MM-DD compare as strings.
    overdue: withdrawal.refund === null && today > dueOn,
    may_withhold_until_goods_received: withdrawal.refund === null && withdrawal.goods_received_on === null,
  };
}
