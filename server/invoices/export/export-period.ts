/**
 * The period an export covers, as an accountant names it: `--from 2026-11-01 --to 2026-11-30` is every day of November
 * in the shop's time zone, the last day included. A date-time with an offset (`2026-11-01T00:00:00Z`) is taken as
 * that instant, and `to` then excludes it.
 */
import { InvalidInputError } from '../../errors/domain-errors.js';
import { fromLocalDateTime } from '../../store/local-time.js';
import { addDays } from '../invoice-dates.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function instant(name: 'from' | 'to', value: string, timeZone: string): string {
  const text = value.trim();
  const local = DAY.test(text) ? fromLocalDateTime(name === 'to' ? addDays(text, 1) : text, timeZone) : null;
  if (local) return local;
  const parsed = DAY.test(text) ? Number.NaN : Date.parse(text);
  if (Number.isNaN(parsed))
    throw new InvalidInputError({ [name]: `${name} is not a date: write it as 2026-11-01 or 2026-11-01T00:00:00Z.` });
  return new Date(parsed).toISOString();
}

/**
 * @returns the first instant of the period and the first instant after it, both ISO in UTC
 * @throws InvalidInputError naming `from` or `to` when one is not a date, or when the period is empty
 */
export function exportPeriod(from: string, to: string, timeZone: string): { from: string; to: string } {
  const period = { from: instant('from', from, timeZone), to: instant('to', to, timeZone) };
  if (period.from >= period.to) throw new InvalidInputError({ to: 'to must not come before from.' });
  return period;
}
