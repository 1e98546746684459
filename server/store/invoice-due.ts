/**
 * Which orders get a VAT invoice, in the store's terms, so that what issues invoices (server/invoices) and what tells
 * the customer of them (server/mail) decide alike: a company order (one with a tax number), and a consumer's order
 * whose customer asked for one at checkout; none while the shop has no valid NIP of its own.
 */
import { isPolishNip, normalTaxId } from '../tax/tax-id.js';
import type { Order } from './schema.js';
import type { SettingsData } from './settings-schema.js';

/** The key a VAT invoice of an order is issued under: one per order. */
export const orderInvoiceKey = (orderId: number) => `order:${orderId}:VAT`;

/** Whether the order is to get a VAT invoice: its buyer gave a tax number, or asked for an invoice at checkout. */
export function orderWantsInvoice(order: Pick<Order, 'company_tax_id' | 'invoice_requested'>): boolean {
  return order.company_tax_id.trim() !== '' || order.invoice_requested;
}

/** Whether the shop issues invoices at all: a VAT invoice needs the seller's NIP (`general.company_tax_id`). */
export function shopIssuesInvoices(general: Pick<SettingsData['general'], 'company_tax_id'>): boolean {
  return isPolishNip(normalTaxId(general.company_tax_id));
}
