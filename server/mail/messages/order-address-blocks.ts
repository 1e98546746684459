/**
 * Where an order goes and who buys it, in the order e-mails (the customer's confirmation and the shop's notification):
 * the delivery address, and for a company buyer or goods sent elsewhere the billing address with the company's name
 * and its NIP or EU VAT number, so that the shop can invoice the company and the customer can check what it gave.
 */
import { countryName } from '../../../client/api/countries.js';
import { isEuVatNumber } from '../../../client/api/orders.js';
import type { Order, PostalAddress } from '../../store/schema.js';
import type { MailBlock } from '../templates/mail-content.js';
import type { MailLanguage, MailShop } from '../templates/mail-shop.js';

const TEXTS = {
  en: { delivery: 'Delivery address', billing: 'Billing address', nip: 'NIP', vatNumber: 'VAT number' },
  pl: { delivery: 'Adres dostawy', billing: 'Dane do faktury', nip: 'NIP', vatNumber: 'Numer VAT UE' },
} satisfies Record<MailLanguage, unknown>;

function addressLines(address: PostalAddress, shop: MailShop): string[] {
  return [
    `${address.first_name} ${address.last_name}`,
    address.company ?? '',
    address.street,
    `${address.postcode} ${address.city}`,
    countryName(address.country, shop.locale),
    address.phone,
  ].filter(Boolean);
}

export function orderAddressBlocks(order: Order, shop: MailShop): MailBlock[] {
  const t = TEXTS[shop.language];
  const blocks: MailBlock[] = [
    { section: t.delivery },
    { list: addressLines(order.shipping_address ?? order.billing, shop) },
  ];
  if (order.shipping_address === null && !order.company_tax_id && !order.billing.company) return blocks;
  const taxNumber = order.company_tax_id
    ? [`${isEuVatNumber(order.company_tax_id) ? t.vatNumber : t.nip}: ${order.company_tax_id}`]
    : [];
  return [...blocks, { section: t.billing }, { list: [...addressLines(order.billing, shop), ...taxNumber] }];
}
