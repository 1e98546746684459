/**
 * Where an order goes and who buys it, in the order e-mails (the customer's confirmation and the shop's notification):
 * the delivery address, and for a company buyer or goods sent elsewhere the billing address with the company's name
 * and its NIP or EU VAT number, so that the shop can invoice the company and the customer can check what it gave.
 */
import { countryName } from '../../../client/api/countries.js';
import { isEuVatNumber } from '../../../client/api/orders.js';
import type { Order, PostalAddress } from '../../store/schema.js';
import type { MailBlock } from '../templates/mail-content.js';
import type { MailShop } from '../templates/mail-shop.js';

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
  const { t } = shop.translator;
  const blocks: MailBlock[] = [
    { section: t('checkout.deliveryAddress') },
    { list: addressLines(order.shipping_address ?? order.billing, shop) },
  ];
  if (order.shipping_address === null && !order.company_tax_id && !order.billing.company) return blocks;
  const taxNumber = order.company_tax_id
    ? [
        isEuVatNumber(order.company_tax_id)
          ? t('buyer.euVatNumber', { number: order.company_tax_id })
          : t('buyer.nip', { number: order.company_tax_id }),
      ]
    : [];
  return [
    ...blocks,
    { section: t('buyer.billingAddress') },
    { list: [...addressLines(order.billing, shop), ...taxNumber] },
  ];
}
