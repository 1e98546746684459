/**
 * Dates are stored as ISO strings in UTC and shown in the API as the shop's wall-clock time, `YYYY-MM-DDTHH:MM:SS`
 * without an offset (DESIGN.md "Store"). This is the one conversion, shared by every module that shows a date.
 */

// Creating an Intl.DateTimeFormat costs far more than using one, and a shop has one time zone: cache per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The local date-time of an instant in a time zone.
 *
 * @param iso an ISO 8601 instant, e.g. `2026-01-15T10:30:00.000Z`
 * @param timeZone an IANA zone such as `Europe/Warsaw`
 * @returns `YYYY-MM-DDTHH:MM:SS`, e.g. `2026-01-15T11:30:00`
 * @throws RangeError when `iso` is not a date or `timeZone` is unknown
 * @example toLocalDateTime('2026-07-01T12:00:00Z', 'Europe/Warsaw') === '2026-07-01T14:00:00'
 */
export function toLocalDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`"${iso}" is not an ISO 8601 date.`);
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  // Years before 1000 would come out with fewer digits; pad so the format is fixed-width.
  const year = parts.year!.padStart(4, '0');
  return `${year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
