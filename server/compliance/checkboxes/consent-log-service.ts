/**
 * The consent log for managers: the records filtered by checkbox, location and dates, a page of them, the shown
 * and accepted counts per day for the statistics chart, and a CSV export of the same filtered records. Dates are
 * days in the shop's time zone, as the manager reads them.
 */
import type { ConsentLogEntry, DailyCounts } from '../../../client/api/compliance.js';
import type { Store } from '../../store/store.js';
import { shopLocalTime } from '../shop-context.js';

export interface ConsentLogFilter {
  checkbox?: number;
  location?: string;
  /** First day included, `YYYY-MM-DD` in the shop's time zone. */
  from?: string;
  /** Last day included. */
  to?: string;
}

/** A record as the API shows it (its time in the shop's time zone): the stored record's shape. */
export type { ConsentLogEntry };

async function filtered(store: Store, filter: ConsentLogFilter): Promise<ConsentLogEntry[]> {
  const entries: ConsentLogEntry[] = [];
  for (const record of await store.consent.log()) {
    if (filter.checkbox !== undefined && record.checkbox_id !== filter.checkbox) continue;
    if (filter.location !== undefined && record.location !== filter.location) continue;
    const time = shopLocalTime(store, record.time);
    const day = time.slice(0, 10);
    if ((filter.from && day < filter.from) || (filter.to && day > filter.to)) continue;
    entries.push({ ...record, time });
  }
  return entries;
}

/** Newest first, one page of `perPage`; `total` counts every match. */
export async function readConsentLog(
  store: Store,
  filter: ConsentLogFilter,
  page: number,
  perPage: number,
): Promise<{ entries: ConsentLogEntry[]; total: number }> {
  const entries = (await filtered(store, filter)).reverse();
  return { entries: entries.slice((page - 1) * perPage, page * perPage), total: entries.length };
}

export type { DailyCounts };

/** Shown and accepted per day, oldest day first; days without a record are left out. */
export async function dailyConsentCounts(store: Store, filter: ConsentLogFilter): Promise<{ days: DailyCounts[] }> {
  const byDay = new Map<string, DailyCounts>();
  for (const entry of await filtered(store, filter)) {
    const date = entry.time.slice(0, 10);
    const day = byDay.get(date) ?? { date, shown: 0, accepted: 0 };
    day.shown += 1;
    if (entry.accepted) day.accepted += 1;
    byDay.set(date, day);
  }
  return { days: [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date)) };
}

const CSV_COLUMNS = [
  'time',
  'checkbox_id',
  'label',
  'location',
  'accepted',
  'legal_page_id',
  'legal_page_modified_at',
  'label_hash',
  'reference',
  'ip',
] as const;

/**
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe,
 * because labels and references are text that customers' forms carried.
 */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The filtered records, oldest first, as CSV with a header row. */
export async function consentLogCsv(store: Store, filter: ConsentLogFilter): Promise<string> {
  const rows = (await filtered(store, filter)).map((entry) =>
    CSV_COLUMNS.map((column) => csvCell(entry[column])).join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
