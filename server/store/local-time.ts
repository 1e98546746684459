/**
 * Dates are stored as ISO strings in UTC and shown in the API as the shop's wall-clock time, `YYYY-MM-DDTHH:MM:SS`
 * without an offset (docs/architecture.md "Store"). This is the one conversion, shared by every module that shows a
 * date.
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

/**
 * The instant of a wall-clock time in a time zone: the inverse of {@link toLocalDateTime}, for dates that clients send
 * in the shop's time, as WooCommerce's `date_on_sale_from` is. A time that a clock change skips maps past the gap.
 *
 * @param local `YYYY-MM-DDTHH:MM:SS` (or a space for the `T`; seconds and the time may be left out)
 * @returns an ISO 8601 instant in UTC, or null when `local` is not such a date-time
 * @example fromLocalDateTime('2026-07-01T14:00:00', 'Europe/Warsaw') === '2026-07-01T12:00:00.000Z'
 */
export function fromLocalDateTime(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 59)
    return null;
  // The zone's offset at a guess, then at the corrected instant: two rounds settle it across a clock change.
  let instant = asUtc;
  for (let round = 0; round < 2; round++) {
    const offset = Date.parse(`${toLocalDateTime(new Date(instant).toISOString(), timeZone)}Z`) - instant;
    instant = asUtc - offset;
  }
  return new Date(instant).toISOString();
}

/**
 * A time zone's offset from UTC at an instant, in hours, as WordPress's `gmt_offset` (summer time included).
 *
 * @example gmtOffset('Europe/Warsaw', new Date('2026-01-15T12:00:00Z')) === 1
 * @example gmtOffset('Europe/Warsaw', new Date('2026-07-15T12:00:00Z')) === 2
 * @example gmtOffset('Asia/Kolkata', new Date('2026-01-15T12:00:00Z')) === 5.5
 */
export function gmtOffset(timeZone: string, at: Date): number {
  const wholeSeconds = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const wallClock = Date.parse(`${toLocalDateTime(wholeSeconds.toISOString(), timeZone)}Z`);
  return (wallClock - wholeSeconds.getTime()) / 3_600_000;
}
