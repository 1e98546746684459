/**
 * `Store.invoices` on the data folder: `invoices.json`, one durable document holding every invoice with its FA(3) XML,
 * the last number handed out per numbering period, and the KSeF senders' claims. Issuing runs under the file's lock
 * between processes (json-document.ts): the key is looked up, the period's counter raised, the document built and
 * written in one durable write, so two processes never take one number and a number is never skipped; a `build` that
 * throws writes nothing.
 */
import { z } from 'zod';
import { INVOICE_TYPES, KSEF_STATUSES, type Invoice } from '../../../client/api/invoices.js';
import type { InvoiceRepository, StoredInvoice } from '../invoices-store.js';
import { isKsefDue, matchesInvoiceFilter, REQUEUEABLE_KSEF_STATUSES, requeuedKsef } from '../invoice-outbox.js';
import { pendingOutbox } from './file-schemas.js';
import type { JsonDocument } from './json-document.js';
import { pendOutbox } from './lowdb-outbox.js';

const ksefSchema = z.object({
  status: z.enum(KSEF_STATUSES),
  number: z.string().nullable(),
  sent_at: z.string().nullable(),
  upo: z.string().nullable(),
  errors: z.array(z.string()),
  attempts: z.number().int().nonnegative(),
  next_attempt_at: z.string().nullable(),
});

/** The fields the store itself reads are checked; the rest of the document is the model's (client/api/invoices.ts). */
const invoiceSchema = z
  .object({
    id: z.number().int().positive(),
    number: z.string().min(1),
    type: z.enum(INVOICE_TYPES),
    order_id: z.number().int().nonnegative(),
    issued_at: z.string().min(1),
    hash: z.string(),
    ksef: ksefSchema,
  })
  .passthrough();

const recordSchema = z.object({
  key: z.string().min(1),
  period: z.string(),
  /** Its number within the period (absent in files written before it was kept: read from the number). */
  sequence: z.number().int().positive().optional(),
  invoice: invoiceSchema,
  xml: z.string(),
  claimed_by: z.string().nullable(),
  claimed_until: z.string().nullable(),
});

export const invoicesFileSchema = z.object({
  revision: z.number().int().nonnegative().default(0),
  last_id: z.number().int().nonnegative().default(0),
  /** The last sequence number handed out in each numbering period (e.g. `FV/2026/12/{n}` -> 7). */
  counters: z.record(z.string(), z.number().int().nonnegative()).default({}),
  invoices: z.array(recordSchema).default([]),
  /** The e-mails issuing caused (a correction sent to the customer), until the outbox takes them over. */
  outbox: pendingOutbox,
});

export type InvoicesFile = z.output<typeof invoicesFileSchema>;
type InvoiceRecord = InvoicesFile['invoices'][number];

export const emptyInvoicesFile = (): InvoicesFile => ({
  revision: 0,
  last_id: 0,
  counters: {},
  invoices: [],
  outbox: [],
});

const copy = (record: InvoiceRecord | undefined): Invoice | null =>
  record ? (structuredClone(record.invoice) as unknown as Invoice) : null;

/** The sequence number a document was given: kept with it, else the last run of digits of its number. */
function sequenceOf(record: InvoiceRecord): number {
  return record.sequence ?? Number(/(\d+)\D*$/.exec(record.invoice.number)?.[1] ?? 0);
}

export function lowdbInvoices(document: JsonDocument<InvoicesFile>): InvoiceRepository {
  const records = async () => (await document.current()).invoices;
  return {
    issue(key, period, build, enqueue) {
      return document.update((draft) => {
        const existing = draft.invoices.find((record) => record.key === key);
        if (existing) return copy(existing)!;
        const sequence = (Object.hasOwn(draft.counters, period) ? draft.counters[period]! : 0) + 1;
        const { invoice, xml } = build(sequence);
        draft.counters[period] = sequence;
        draft.last_id += 1;
        const stored = { ...structuredClone(invoice), id: draft.last_id };
        draft.invoices.push({
          key,
          period,
          sequence,
          invoice: stored as unknown as InvoiceRecord['invoice'],
          xml,
          claimed_by: null,
          claimed_until: null,
        });
        pendOutbox(draft, enqueue, structuredClone(stored) as Invoice);
        return structuredClone(stored) as Invoice;
      });
    },
    async find(id) {
      return copy((await records()).find((record) => record.invoice.id === id));
    },
    async findByKey(key) {
      return copy((await records()).find((record) => record.key === key));
    },
    async xml(id) {
      return (await records()).find((record) => record.invoice.id === id)?.xml ?? null;
    },
    async list(filter) {
      const matching = (await records())
        .map((record) => record.invoice as unknown as Invoice)
        .filter((invoice) => matchesInvoiceFilter(invoice, filter))
        .sort((a, b) => b.id - a.id);
      const start = (filter.page - 1) * filter.perPage;
      return { invoices: structuredClone(matching.slice(start, start + filter.perPage)), total: matching.length };
    },
    async dump() {
      const file = structuredClone(await document.current());
      const invoices = file.invoices
        .map(
          (record): StoredInvoice => ({
            key: record.key,
            period: record.period,
            sequence: sequenceOf(record),
            invoice: record.invoice as unknown as Invoice,
            xml: record.xml,
          }),
        )
        .sort((a, b) => a.invoice.id - b.invoice.id);
      return { invoices, counters: file.counters };
    },
    claimKsefDue(sender, now, leaseMs) {
      const at = now.toISOString();
      return document.update((draft) => {
        const record = draft.invoices.find((candidate) => isKsefDue(candidate.invoice.ksef, candidate, at));
        if (!record) return null;
        record.claimed_by = sender;
        record.claimed_until = new Date(now.getTime() + leaseMs).toISOString();
        return copy(record);
      });
    },
    settleKsef(id, sender, ksef) {
      return document.update((draft) => {
        const record = draft.invoices.find((candidate) => candidate.invoice.id === id);
        if (!record || record.claimed_by !== sender) return null;
        record.invoice.ksef = structuredClone(ksef);
        record.claimed_by = null;
        record.claimed_until = null;
        return copy(record);
      });
    },
    requeueKsef(id, now) {
      return document.update((draft) => {
        const record = draft.invoices.find((candidate) => candidate.invoice.id === id);
        if (!record || !REQUEUEABLE_KSEF_STATUSES.includes(record.invoice.ksef.status)) return null;
        // A sender's claim is left alone: it settles its attempt, and the invoice is then due again.
        record.invoice.ksef = requeuedKsef(record.invoice.ksef, now);
        return copy(record);
      });
    },
  };
}
