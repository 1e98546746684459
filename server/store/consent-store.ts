import type { CheckboxCounters, ConsentRecord } from './schema.js';

export interface ConsentRepository {
  /**
   * Appends the records of one form submission to the append-only consent log, then counts each as shown (and as
   * accepted when it was). A record is never counted without being logged: PostgreSQL does both in one transaction;
   * lowdb makes the log line durable before it counts.
   */
  record(records: readonly ConsentRecord[]): Promise<void>;
  /** Checkbox id (as a string) -> counters. */
  counters(): Promise<Record<string, CheckboxCounters>>;
  /** The whole log, oldest first. */
  log(): Promise<ConsentRecord[]>;
}
