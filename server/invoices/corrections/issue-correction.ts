/**
 * Corrections (faktura korygująca, FA(3) `KOR`) of an order's VAT invoice for money paid back: one function,
 * {@link issueRefundCorrection}, that whatever records a refund calls (today the withdrawal sweep, invoice-sweeper.ts;
 * the refunds of `wc/v3` through their hook when they arrive). Idempotent by the refund's key, numbered by
 * `general.correction_number_pattern` in one store operation, its XML checked against the schema like an invoice's.
 */
import type { Invoice, InvoiceLine } from '../../../client/api/invoices.js';
import type { Enqueue } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { isoWithOffset, localDate } from '../invoice-dates.js';
import { orderInvoiceKey } from '../../store/invoice-due.js';
import { issueDraft } from '../issue-invoice.js';
import { initialKsef, type InvoiceDraft } from '../invoice-draft.js';
import { correctionFigures, type ReturnedLine } from './correction-lines.js';
import { rateKeyOf } from '../invoice-lines.js';

/** A refund, as the correction needs it. */
export interface RefundCorrection {
  /** What makes it unique and issues it once: `withdrawal:7:KOR`, `refund:12:KOR`. */
  key: string;
  orderId: number;
  /** Why, as printed (FA(3) `PrzyczynaKorekty`). */
  reason: string;
  /** The refund's id, when it has one of its own. */
  refundId: number | null;
  /** Goods given back, by product; `amount` (grosz, as the order entered it) when the refund names the value. */
  items: { product_id: number; quantity: number; amount?: number }[];
  /** Everything refunded: every line, delivery and fees included, goes to zero. */
  whole: boolean;
  /** The day the money went back (`YYYY-MM-DD`), or null when not known. */
  refundedOn: string | null;
}

/** A line's identity across corrections (positions are renumbered in each correction). */
const lineKey = (line: InvoiceLine) => `${line.product_id ?? ''}|${line.name}|${rateKeyOf(line)}`;

/** The invoice as it stands after the corrections issued before: each of their rows "after" replaces its line. */
function currentState(invoice: Invoice, corrections: readonly Invoice[]): Invoice {
  const lines = invoice.lines.map((line) => ({ ...line }));
  for (const correction of [...corrections].sort((a, b) => a.id - b.id))
    for (const after of correction.lines.filter((row) => !row.before)) {
      const index = lines.findIndex((line) => lineKey(line) === lineKey(after));
      if (index >= 0) lines[index] = { ...after, position: lines[index]!.position, before: undefined };
    }
  return { ...invoice, lines: lines.map(({ before: _before, ...line }) => line) };
}

/** What comes back of which line: goods by product, in the invoice's order; all of every line for a whole refund. */
function returnedLines(state: Invoice, refund: RefundCorrection): ReturnedLine[] {
  if (refund.whole)
    return state.lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({ position: line.position, quantity: line.quantity }));
  const returned: ReturnedLine[] = [];
  for (const item of refund.items) {
    let left = item.quantity;
    for (const line of state.lines) {
      if (left === 0) break;
      if (line.product_id !== item.product_id || line.quantity === 0) continue;
      const quantity = Math.min(left, line.quantity);
      const amount = item.amount === undefined ? undefined : Math.round((item.amount * quantity) / item.quantity);
      returned.push({ position: line.position, quantity, ...(amount === undefined ? {} : { amount }) });
      left -= quantity;
    }
  }
  return returned;
}

/** The customer's e-mail with a new correction of their order (ShopMail.correctionIssued). */
export type CorrectionMail = (order: Order, key: string) => Enqueue<Invoice>;

/**
 * Issues the correction of the order's VAT invoice for `refund`, or answers the one issued before for its key.
 * @param tell the customer's e-mail with the correction, stored in the operation that issues it
 * @returns null when the order has no invoice (nothing to correct) or nothing of it comes back
 * @throws Fa3SchemaError when the correction's XML does not pass the schema (nothing is issued)
 */
export async function issueRefundCorrection(
  store: Store,
  refund: RefundCorrection,
  now = new Date(),
  tell?: CorrectionMail,
): Promise<Invoice | null> {
  const issued = await store.invoices.findByKey(refund.key);
  if (issued) return issued;
  const original = await store.invoices.findByKey(orderInvoiceKey(refund.orderId));
  if (!original) return null;
  const earlier = (await store.invoices.list({ order: refund.orderId, type: 'KOR', page: 1, perPage: 100 })).invoices;
  const state = currentState(original, earlier);
  const returned = returnedLines(state, refund);
  if (returned.length === 0) return null;
  const { lines, totals } = correctionFigures(state, returned);
  const sum = (pick: 'net' | 'tax' | 'gross') => totals.reduce((all, total) => all + total[pick], 0);
  const { general } = store.site.data.settings;
  const timeZone = general.timezone;
  const { id: _id, number: _number, hash: _hash, ksef: _ksef, ...kept } = original;
  const draft: InvoiceDraft = {
    ...kept,
    type: 'KOR',
    issued_at: isoWithOffset(now, timeZone),
    issue_date: localDate(now, timeZone),
    lines,
    totals,
    total_net: sum('net'),
    total_tax: sum('tax'),
    total_gross: sum('gross'),
    payment: {
      ...original.payment,
      paid: refund.refundedOn !== null,
      paid_at: refund.refundedOn ? `${refund.refundedOn}T00:00:00${isoWithOffset(now, timeZone).slice(19)}` : null,
      due_date: null,
    },
    correction: {
      reason: refund.reason,
      invoice_id: original.id,
      number: original.number,
      issue_date: original.issue_date,
      ksef_number: original.ksef.number,
      refund_id: refund.refundId,
    },
    ksef: initialKsef(store.site.data, now),
  };
  const order = tell ? await store.orders.find(refund.orderId) : null;
  return issueDraft(
    store,
    refund.key,
    general.correction_number_pattern,
    draft,
    order ? tell?.(order, refund.key) : undefined,
  );
}
