import type { Invoice, InvoiceKsef, InvoiceType } from '../../client/api/invoices.js';
import type { Enqueue } from './outbox.js';

/**
 * What issuing decides once the store has given the invoice its number: the document as it is to be stored, and its
 * FA(3) XML (validated before it is handed over; the store keeps it unchanged beside the document).
 */
export interface IssuedDocument {
  invoice: Omit<Invoice, 'id'>;
  xml: string;
}

/** One stored document with what the store keeps beside it: for moving a shop between the stores (store-copy.ts). */
export interface StoredInvoice {
  key: string;
  /** The numbering period it was numbered in, and its sequence number there. */
  period: string;
  sequence: number;
  invoice: Invoice;
  xml: string;
}

/** Everything the repository holds: the documents, oldest first, and the last sequence number per period. */
export interface InvoiceDump {
  invoices: StoredInvoice[];
  counters: Record<string, number>;
}

export interface InvoiceFilter {
  order?: number;
  /** Issued on or after / before these instants (ISO 8601). */
  after?: string;
  before?: string;
  type?: InvoiceType;
  page: number;
  perPage: number;
}

/**
 * Invoices and corrections, and the KSeF outbox they form: an invoice whose `ksef.status` is `queued` or `offline`
 * waits to be sent, written by the same operation that issued it, so it exists if and only if it is to be sent.
 */
export interface InvoiceRepository {
  /**
   * Issues one document in ONE store operation: takes the next number of `period` (the pattern's period, e.g.
   * `FV/2026/12`), lets `build` make the document and its XML with it, and stores both; throwing stores nothing and
   * uses no number, so numbers run without gaps or duplicates per period across processes and instances.
   * Idempotent by `key` (e.g. `order:42:VAT` or `refund:7:KOR`): when a document with that key exists, it is answered
   * and `build` is not called.
   * @param enqueue the e-mails the new document causes (a correction to the customer), stored in the same operation
   */
  issue(
    key: string,
    period: string,
    build: (sequence: number) => IssuedDocument,
    enqueue?: Enqueue<Invoice>,
  ): Promise<Invoice>;
  find(id: number): Promise<Invoice | null>;
  findByKey(key: string): Promise<Invoice | null>;
  /** The FA(3) XML stored with the invoice. */
  xml(id: number): Promise<string | null>;
  /** Newest first. */
  list(filter: InvoiceFilter): Promise<{ invoices: Invoice[]; total: number }>;
  /**
   * Claims the oldest invoice due for KSeF (`queued` or `offline` with `next_attempt_at` passed, or claimed by a
   * sender whose claim expired) for `sender` until `now + leaseMs`, so that one sender at a time sends it.
   * @returns null when nothing is due
   */
  claimKsefDue(sender: string, now: Date, leaseMs: number): Promise<Invoice | null>;
  /** Records the outcome of a claimed attempt; ignored (null) when `sender` no longer holds the claim. */
  settleKsef(id: number, sender: string, ksef: InvoiceKsef): Promise<Invoice | null>;
  /** Queues a refused or failed invoice again ("Resend to KSeF"). */
  requeueKsef(id: number, now: Date): Promise<Invoice | null>;
  /** Everything held, for `vitrine store copy` (a store that lacks it copies no invoices). */
  dump?(): Promise<InvoiceDump>;
}
