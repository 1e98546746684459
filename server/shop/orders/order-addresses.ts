/**
 * Where an order goes and who buys it, as the confirmation and the customer's order page show them: the delivery
 * address (the recipient's own, or the billing address), and, for a company buyer or goods sent elsewhere, the
 * billing address with the company's name and its NIP or EU VAT number.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { countryName } from '../../../client/api/countries.js';
import { isEuVatNumber } from '../../../client/api/orders.js';
import type { Order, PostalAddress } from '../../store/schema.js';
import type { Translate } from '../../i18n/translator.js';

/** The lines of an address as a letter is addressed: name, company, street, postcode and city, country. */
export function addressLines(address: PostalAddress, locale: string): string[] {
  return [
    `${address.first_name} ${address.last_name}`,
    address.company ?? '',
    address.street,
    `${address.postcode} ${address.city}`,
    countryName(address.country, locale),
  ].filter(Boolean);
}

const addressTemplate = (lines: readonly string[]) =>
  html`<address>${lines.map((line, index) => html`${index ? html`<br />` : nothing}${line}`)}</address>`;

/** "NIP: 1234563218" or "VAT number: DE136695976"; '' for a consumer. */
export function taxNumberLine(order: Pick<Order, 'company_tax_id'>, t: Translate): string {
  const number = order.company_tax_id;
  if (!number) return '';
  return isEuVatNumber(number) ? t('buyer.euVatNumber', { number }) : t('buyer.nip', { number });
}

export function orderAddressesTemplate(order: Order, locale: string, t: Translate) {
  const delivery = order.shipping_address ?? order.billing;
  const showBilling = order.shipping_address !== null || order.company_tax_id !== '' || Boolean(order.billing.company);
  const taxNumber = taxNumberLine(order, t);
  return html`<h2>${t('checkout.deliveryAddress')}</h2>
    ${addressTemplate(addressLines(delivery, locale))}
    ${
      showBilling
        ? html`<h2>${t('buyer.billingAddress')}</h2>
          ${addressTemplate([...addressLines(order.billing, locale), ...(taxNumber ? [taxNumber] : [])])}`
        : nothing
    }`;
}
