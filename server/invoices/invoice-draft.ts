/**
 * A VAT invoice for an order, everything but its number and its hash: the seller from the settings, the buyer, lines
 * and totals from the order's stored VAT, the payment, and the dates in the shop's time zone. Pure: the caller reads
 * the order and the settings, and the store numbers it (issue-invoice.ts).
 */
import type { Invoice, InvoiceKsef, InvoicePayment } from '../../client/api/invoices.js';
import { compactIban } from '../store/bank-account.js';
import type { Order, SiteData } from '../store/schema.js';
import { translator } from '../i18n/translator.js';
import { PAYMENT_NAMES } from '../shop/checkout/checkout-fields.js';
import { addDays, isoWithOffset, localDate } from './invoice-dates.js';
import { invoiceLinesOf, rateTotalsOf } from './invoice-lines.js';
import { buyerOf, sellerOf } from './invoice-parties.js';

/** An invoice before the store gives it its number and the XML its hash. */
export type InvoiceDraft = Omit<Invoice, 'id' | 'number' | 'hash'>;

/** Invoices are Polish documents: FA(3) and the VAT Act speak Polish whatever the storefront's language. */
const polish = translator('pl');

/** The KSeF record an invoice starts with: waiting in the outbox when the shop e-invoices, else not for KSeF. */
export function initialKsef(site: Pick<SiteData, 'settings'>, issuedAt: Date): InvoiceKsef {
  const sending = site.settings.compliance.ksef_enabled;
  return {
    status: sending ? 'queued' : 'not_applicable',
    number: null,
    sent_at: null,
    upo: null,
    errors: [],
    attempts: 0,
    next_attempt_at: sending ? issuedAt.toISOString() : null,
  };
}

function paymentOf(order: Order, site: Pick<SiteData, 'settings'>, issueDate: string): InvoicePayment {
  const { general, checkout } = site.settings;
  const paid = order.date_paid !== null;
  return {
    method: order.payment_method,
    method_label: polish.t(PAYMENT_NAMES[order.payment_method]),
    paid,
    paid_at: order.date_paid === null ? null : isoWithOffset(new Date(order.date_paid), general.timezone),
    due_date: paid ? null : addDays(issueDate, general.invoice_payment_days),
    bank_account: order.payment_method === 'bank_transfer' ? compactIban(checkout.bank_iban) : '',
  };
}

/**
 * @param site the settings and the tax rates (a rate's class tells an exempt 0% from a domestic 0%)
 * @throws ConflictError when the seller has no NIP or a rate cannot be stated on a Polish invoice
 */
export function invoiceDraftOf(order: Order, site: Pick<SiteData, 'settings' | 'taxes'>, now: Date): InvoiceDraft {
  const { general } = site.settings;
  const timeZone = general.timezone;
  const seller = sellerOf(general);
  const rateClasses = new Map(site.taxes.rates.map((rate) => [rate.id, rate.class]));
  const lines = invoiceLinesOf(order, rateClasses);
  const totals = rateTotalsOf(lines);
  const sum = (pick: (total: (typeof totals)[number]) => number) => totals.reduce((all, total) => all + pick(total), 0);
  const issueDate = localDate(now, timeZone);
  return {
    type: 'VAT',
    order_id: order.id,
    order_number: order.number,
    issued_at: isoWithOffset(now, timeZone),
    issue_date: issueDate,
    sale_date: localDate(order.date_paid ?? order.created_at, timeZone),
    place_of_issue: seller.address.city,
    currency: order.currency,
    seller,
    buyer: buyerOf(order),
    prices: order.taxes.prices_include_tax ? 'gross' : 'net',
    lines,
    totals,
    total_net: sum((total) => total.net),
    total_tax: sum((total) => total.tax),
    total_gross: sum((total) => total.gross),
    payment: paymentOf(order, site, issueDate),
    correction: null,
    ...(lines.some((line) => line.rate === 'zw') ? { exemption_basis: general.invoice_exemption_basis } : {}),
    ksef: initialKsef(site, now),
  };
}
