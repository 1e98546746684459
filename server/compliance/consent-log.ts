/**
 * The consent log: one JSON line per checkbox shown on a submitted form, appended to `consent-log.ndjson` in the data
 * folder and never rewritten (DESIGN.md "Store"), because it grows without bound and is evidence.
 */
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';

export const CONSENT_LOG_FILE = 'consent-log.ndjson';

export interface ConsentRecord {
  checkbox_id: number;
  /** The text the customer saw, as evidence of what was agreed to. */
  label: string;
  location: string;
  accepted: boolean;
  /** ISO 8601 in UTC. */
  time: string;
  /** The legal page the checkbox linked to, 0 for none. */
  legal_page_id: number;
  /** When that page was last modified, so the version agreed to can be identified; null without a page. */
  legal_page_modified_at: string | null;
  /** Shortened by anonymiseIp. */
  ip: string;
}

export function consentLogPath(dataDir: string): string {
  return path.join(dataDir, CONSENT_LOG_FILE);
}

/**
 * Appends records in one write: with O_APPEND, the lines of one submission are never interleaved with another's.
 */
export async function appendConsentRecords(dataDir: string, records: readonly ConsentRecord[]): Promise<void> {
  if (records.length === 0) return;
  await appendFile(consentLogPath(dataDir), records.map((record) => `${JSON.stringify(record)}\n`).join(''), { encoding: 'utf8', flag: 'a' });
}

/** Every record of the log, oldest first (for exports and tests; the log is never read on a hot path). */
export async function readConsentRecords(dataDir: string): Promise<ConsentRecord[]> {
  let text: string;
  try {
    text = await readFile(consentLogPath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ConsentRecord);
}
