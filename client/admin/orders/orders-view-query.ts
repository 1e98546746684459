/**
 * The Orders screen's DataViews view as `GET /wc/v3/orders` arguments (no I/O: tested in Node). WooCommerce's `after`
 * and `before` are exclusive instants in the shop's time; the date filter speaks in whole days, so each day is widened
 * to its edges.
 */
import type { View } from '@wordpress/dataviews';

/** @example shiftDay('2026-03-01', -1) === '2026-02-28' */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** After the last second of the day before: from the start of `day`. */
const fromStartOf = (day: string) => `${shiftDay(day, -1)}T23:59:59`;
/** Before the first second of the next day: up to the end of `day`. */
const untilEndOf = (day: string) => `${shiftDay(day, 1)}T00:00:00`;

function dateArgs(operator: string, value: unknown): Record<string, string> {
  const days = ([] as unknown[])
    .concat(value ?? [])
    .map(String)
    .filter((day) => DAY.test(day));
  const [first, second] = days;
  if (!first) return {};
  switch (operator) {
    case 'on':
      return { after: fromStartOf(first), before: untilEndOf(first) };
    case 'before':
      return { before: `${first}T00:00:00` };
    case 'after':
      return { after: `${first}T23:59:59` };
    case 'between':
      return second ? { after: fromStartOf(first), before: untilEndOf(second) } : {};
    default:
      return {};
  }
}

export function ordersQueryArgs(view: View): Record<string, string | number> {
  const args: Record<string, string | number> = { page: view.page ?? 1, per_page: view.perPage ?? 20 };
  if (view.search) args.search = view.search;
  if (view.sort?.field === 'date') {
    args.orderby = 'date';
    args.order = view.sort.direction;
  }
  for (const filter of view.filters ?? []) {
    if (filter.field === 'status') {
      const statuses = ([] as unknown[])
        .concat(filter.value ?? [])
        .map(String)
        .filter(Boolean);
      if (statuses.length) args.status = statuses.join(',');
    }
    if (filter.field === 'date') Object.assign(args, dateArgs(filter.operator, filter.value));
  }
  return args;
}
