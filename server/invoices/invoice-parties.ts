/**
 * The seller (from the shop's settings) and the buyer (from the order) as an invoice names them, with their tax
 * numbers in the form FA(3) wants: a Polish NIP as ten digits, an EU VAT number with its country prefix.
 */
import type { InvoiceAddress, InvoiceParty } from '../../client/api/invoices.js';
import { ConflictError } from '../errors/domain-errors.js';
import type { Order } from '../store/schema.js';
import type { SettingsData } from '../store/settings-schema.js';
import { isPolishNip, normalTaxId } from '../tax/tax-id.js';

/**
 * The seller's registered address, written as one line in the settings (`ul. Długa 1, 00-001 Warszawa`): the part
 * after the last comma is the postcode and the city when it starts with a postcode.
 */
export function sellerAddressOf(text: string): InvoiceAddress {
  const comma = text.lastIndexOf(',');
  const tail = comma < 0 ? '' : text.slice(comma + 1).trim();
  const postal = /^(\d{2}-\d{3})\s+(.+)$/.exec(tail);
  if (!postal) return { street: text.trim(), postcode: '', city: '', country: 'PL' };
  return { street: text.slice(0, comma).trim(), postcode: postal[1]!, city: postal[2]!, country: 'PL' };
}

/** @throws ConflictError when the shop has no valid NIP: a VAT invoice needs the seller's. */
export function sellerOf(general: SettingsData['general']): InvoiceParty {
  const taxId = normalTaxId(general.company_tax_id);
  if (!isPolishNip(taxId))
    throw new ConflictError(
      "Invoices need the seller's NIP: enter the company's ten-digit NIP as the tax id in the general settings.",
      { code: 'vitrine_invoice_seller_nip' },
    );
  return {
    name: general.company_name.trim(),
    tax_id: taxId,
    address: sellerAddressOf(general.company_address),
    email: general.company_email,
  };
}

export function buyerOf(order: Order): InvoiceParty {
  const { billing } = order;
  const person = `${billing.first_name} ${billing.last_name}`.trim();
  return {
    name: billing.company?.trim() || person,
    tax_id: normalTaxId(order.company_tax_id),
    address: { street: billing.street, postcode: billing.postcode, city: billing.city, country: billing.country },
    email: order.email,
  };
}
