/**
 * The rules of the KSeF outbox that both stores follow, kept in one place so that lowdb and PostgreSQL claim, settle and
 * requeue alike (invoices-store.ts holds the contract).
 */
import type { Invoice, InvoiceKsef, KsefStatus } from '../../client/api/invoices.js';
import type { InvoiceFilter } from './invoices-store.js';

/** The statuses that wait in the outbox: written by the issuing operation, taken out by a settled attempt. */
export const WAITING_KSEF_STATUSES: readonly KsefStatus[] = ['queued', 'offline'];

/** The statuses "Resend to KSeF" may put back in the outbox: a refusal, or an invoice still waiting. */
export const REQUEUEABLE_KSEF_STATUSES: readonly KsefStatus[] = ['rejected', 'queued', 'offline'];

/** A sender's claim on an invoice: who holds it, and until when (ISO). */
export interface KsefClaim {
  claimed_by: string | null;
  claimed_until: string | null;
}

/** Whether a sender may claim the invoice at `at` (ISO): it waits, its time has come, and nobody holds it. */
export function isKsefDue(ksef: InvoiceKsef, claim: KsefClaim, at: string): boolean {
  if (!WAITING_KSEF_STATUSES.includes(ksef.status)) return false;
  if (ksef.next_attempt_at !== null && ksef.next_attempt_at > at) return false;
  return claim.claimed_until === null || claim.claimed_until <= at;
}

/**
 * The invoice queued again now, its earlier errors kept for the manager to read until the next attempt. One issued
 * while KSeF could not be reached stays `offline`, so that it is still sent as an offline invoice.
 */
export function requeuedKsef(ksef: InvoiceKsef, now: Date): InvoiceKsef {
  return { ...ksef, status: ksef.status === 'offline' ? 'offline' : 'queued', next_attempt_at: now.toISOString() };
}

/** Whether an invoice passes a list filter (issued_at is compared as an instant). */
export function matchesInvoiceFilter(invoice: Invoice, filter: InvoiceFilter): boolean {
  if (filter.order !== undefined && invoice.order_id !== filter.order) return false;
  if (filter.type !== undefined && invoice.type !== filter.type) return false;
  const issued = Date.parse(invoice.issued_at);
  if (filter.after !== undefined && issued < Date.parse(filter.after)) return false;
  if (filter.before !== undefined && issued >= Date.parse(filter.before)) return false;
  return true;
}
