/**
 * Issuing: an invoice for an order, in one store operation with its number (invoices-store.ts), its FA(3) XML
 * validated against the Ministry's schema before anything is stored. Idempotent by the key `order:<id>:VAT`, so that
 * issuing again (a retry, the sweep after a crash, two instances) answers the invoice already issued.
 */
import { createHash } from 'node:crypto';
import type { Invoice } from '../../client/api/invoices.js';
import { ConflictError, NotFoundError } from '../errors/domain-errors.js';
import { orderInvoiceKey } from '../store/invoice-due.js';
import { invoiceNumber, numberingPeriod } from '../store/invoice-number-pattern.js';
import type { Enqueue } from '../store/outbox.js';
import type { Order } from '../store/schema.js';
import type { IssuedDocument, Store } from '../store/store.js';
import { assertValidFa3, loadFa3Schema } from './fa3/fa3-schema.js';
import { fa3Xml } from './fa3/fa3-xml.js';
import { invoiceDraftOf, type InvoiceDraft } from './invoice-draft.js';

/** SHA-256 of the XML's UTF-8 bytes, base64: KSeF's idempotency key and part of its verification link. */
export const invoiceHash = (xml: string) => createHash('sha256').update(xml, 'utf8').digest('base64');

/**
 * The document the store keeps for a draft once it has its number: the XML made and checked, the hash of it.
 * @throws Fa3SchemaError with the schema's messages when the XML does not pass it (then nothing is issued)
 */
export function issuedDocumentOf(draft: InvoiceDraft, number: string): IssuedDocument {
  const numbered = { ...draft, number };
  const xml = fa3Xml(numbered);
  assertValidFa3(xml);
  return { invoice: { ...numbered, hash: invoiceHash(xml) }, xml };
}

/**
 * Issues a draft under `key`, numbered by `pattern` in the period of its issue date.
 * @param enqueue the e-mails the new document causes, stored in the same operation
 */
export async function issueDraft(
  store: Store,
  key: string,
  pattern: string,
  draft: InvoiceDraft,
  enqueue?: Enqueue<Invoice>,
): Promise<Invoice> {
  await loadFa3Schema();
  const period = numberingPeriod(pattern, draft.issue_date);
  return store.invoices.issue(
    key,
    period,
    (sequence) => issuedDocumentOf(draft, invoiceNumber(period, sequence)),
    enqueue,
  );
}

/** Orders an invoice cannot be issued for: nothing was sold. */
const NOT_INVOICEABLE: readonly Order['status'][] = ['cancelled', 'failed'];

/**
 * The order's VAT invoice: the one issued before, or a new one now.
 * @param enqueue the e-mails a new invoice causes, stored with it (none when it was issued before)
 * @throws NotFoundError for an unknown order; ConflictError for a cancelled order, a seller without NIP or a rate FA(3)
 *   cannot state; Fa3SchemaError when the XML does not pass the schema
 */
export async function issueOrderInvoice(
  store: Store,
  orderId: number,
  now = new Date(),
  enqueue?: Enqueue<Invoice>,
): Promise<Invoice> {
  const key = orderInvoiceKey(orderId);
  const issued = await store.invoices.findByKey(key);
  if (issued) return issued;
  const order = await store.orders.find(orderId);
  if (!order) throw new NotFoundError(`There is no order with the id ${orderId}.`);
  if (NOT_INVOICEABLE.includes(order.status))
    throw new ConflictError(`Order ${order.number} is ${order.status}: nothing was sold, so no invoice is issued.`, {
      code: 'vitrine_invoice_not_sold',
    });
  const site = store.site.data;
  return issueDraft(
    store,
    key,
    site.settings.general.invoice_number_pattern,
    invoiceDraftOf(order, site, now),
    enqueue,
  );
}
