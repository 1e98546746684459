/**
 * The files of a lowdb data folder, one per write pattern (lowdb rewrites a whole file on every write): the small
 * site state, users, sessions (written at every login), OAuth nonces (appended at every signed API request), checkbox
 * counters, the append-only consent log, carts, orders, contact messages, withdrawals, the mail still to send and the
 * append-only log of mail sent, and the large catalog rewritten only by imports.
 */
import path from 'node:path';
import type { z } from 'zod';
import type { ConsentRecord } from '../schema.js';
import {
  type cartsFileSchema,
  consentRecordSchema,
  type messagesFileSchema,
  type ordersFileSchema,
  type outboxFileSchema,
  parseWithSchema,
  type sessionsFileSchema,
  type siteFileSchema,
  type usersFileSchema,
  type withdrawalsFileSchema,
} from './file-schemas.js';

export type SiteFile = z.output<typeof siteFileSchema>;
export type UsersFile = z.output<typeof usersFileSchema>;
export type SessionsFile = z.output<typeof sessionsFileSchema>;
export type CartsFile = z.output<typeof cartsFileSchema>;
export type OrdersFile = z.output<typeof ordersFileSchema>;
export type MessagesFile = z.output<typeof messagesFileSchema>;
export type WithdrawalsFile = z.output<typeof withdrawalsFileSchema>;
export type OutboxFile = z.output<typeof outboxFileSchema>;

export function dataFiles(dataDir: string) {
  const directory = path.resolve(dataDir);
  return {
    directory,
    site: path.join(directory, 'site.json'),
    users: path.join(directory, 'users.json'),
    sessions: path.join(directory, 'sessions.json'),
    oauthNonces: path.join(directory, 'oauth-nonces.ndjson'),
    stats: path.join(directory, 'stats.json'),
    consentLog: path.join(directory, 'consent-log.ndjson'),
    carts: path.join(directory, 'carts.json'),
    orders: path.join(directory, 'orders.json'),
    messages: path.join(directory, 'messages.json'),
    withdrawals: path.join(directory, 'withdrawals.json'),
    dsaNotices: path.join(directory, 'dsa-notices.json'),
    outbox: path.join(directory, 'outbox.json'),
    outboxFinished: path.join(directory, 'outbox-finished.ndjson'),
    webhooks: path.join(directory, 'webhooks.json'),
    invoices: path.join(directory, 'invoices.json'),
    catalog: path.join(directory, 'catalog.json'),
    catalogJournal: path.join(directory, 'catalog-changes.ndjson'),
    priceHistory: path.join(directory, 'price-history.ndjson'),
    snapshots: path.join(directory, 'snapshots'),
  };
}

/** Parses the consent log; a damaged line is named by its number. */
export function parseConsentLog(file: string, text: string): ConsentRecord[] {
  const records: ConsentRecord[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    try {
      records.push(parseWithSchema(consentRecordSchema, JSON.parse(line)));
    } catch (error) {
      throw new Error(`${file}, line ${index + 1}: ${(error as Error).message}`);
    }
  });
  return records;
}
