/**
 * The checkout form's own fields: who orders, where to, and how they pay. Validation returns every problem at once,
 * by field, with the values as typed so that the form can be shown again with nothing lost.
 */
import { isCountryCode } from '../../../client/api/countries.js';
import type { PaymentMethod, PostalAddress } from '../../store/schema.js';
import type { FieldErrors } from '../form-fields.js';
import { checkedPostcode, validateBuyerFields, type BuyerDetails } from './buyer-fields.js';
import type { Translate } from '../../i18n/translator.js';

/** The form's fields, each with the catalogue key of its label. */
export const CHECKOUT_FIELDS = {
  email: 'checkout.email',
  first_name: 'checkout.firstName',
  last_name: 'checkout.lastName',
  street: 'checkout.street',
  postcode: 'checkout.postcode',
  city: 'checkout.city',
  country: 'checkout.country',
  phone: 'checkout.phone',
  shipping_method: 'checkout.delivery',
  payment_method: 'checkout.payment',
  company_buyer: 'checkout.companyBuyer',
  company: 'checkout.company',
  company_tax_id: 'checkout.taxNumber',
  invoice_requested: 'checkout.invoiceRequested',
  ship_elsewhere: 'checkout.shipElsewhere',
  shipping_first_name: 'checkout.shippingFirstName',
  shipping_last_name: 'checkout.shippingLastName',
  shipping_street: 'checkout.shippingStreet',
  shipping_postcode: 'checkout.shippingPostcode',
  shipping_city: 'checkout.shippingCity',
  shipping_country: 'checkout.shippingCountry',
  customer_note: 'checkout.customerNote',
} as const;

/** The longest note to the shop a checkout takes (WooCommerce's `customer_note`). */
export const MAX_CUSTOMER_NOTE = 1000;

export type CheckoutFieldName = keyof typeof CHECKOUT_FIELDS;

/** The labels of the fields in a language. */
export const checkoutFieldLabels = (t: Translate): Record<CheckoutFieldName, string> =>
  Object.fromEntries(Object.entries(CHECKOUT_FIELDS).map(([name, key]) => [name, t(key)])) as Record<
    CheckoutFieldName,
    string
  >;

/** The catalogue keys of the ways of paying, as the checkout offers them (with how the account number comes). */
export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'checkout.bankTransfer',
  cash_on_delivery: 'checkout.cashOnDelivery',
  stripe: 'checkout.stripe',
  przelewy24: 'checkout.przelewy24',
};

/** The catalogue keys of the ways of paying, named alone (on the order page). */
export const PAYMENT_NAMES: Record<PaymentMethod, string> = {
  bank_transfer: 'checkout.bankTransferName',
  cash_on_delivery: 'checkout.cashOnDelivery',
  stripe: 'checkout.stripe',
  przelewy24: 'checkout.przelewy24',
};

/** The ways of paying every shop offers; an online provider joins them once configured (server/shop/payments/). */
export const OFFLINE_PAYMENT_METHODS: readonly PaymentMethod[] = ['bank_transfer', 'cash_on_delivery'];

export interface CheckoutDetails extends Omit<BuyerDetails, 'company'> {
  email: string;
  billing: PostalAddress;
  payment_method: PaymentMethod;
  /** The id of the shipping method chosen, '' when none was (the zone's first applies: shipping-zones.ts). */
  shipping_method: string;
  /** The shopper's note to the shop, '' for none. */
  customer_note: string;
  /** A consumer ticked "I want a VAT invoice" (a company buyer gets one anyway). */
  invoice_requested: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The typed values, trimmed and bounded (a form field is never trusted to be short).
 * @param defaultCountry the country of a form that names none (the shop's `default_country`)
 */
export function typedValues(
  fields: Record<string, string | undefined>,
  defaultCountry = 'PL',
): Record<CheckoutFieldName, string> {
  const values = {} as Record<CheckoutFieldName, string>;
  // A note may be long; kept past its limit so that the shopper is told rather than cut short.
  for (const name of Object.keys(CHECKOUT_FIELDS) as CheckoutFieldName[])
    values[name] = (fields[name] ?? '').trim().slice(0, name === 'customer_note' ? MAX_CUSTOMER_NOTE + 1 : 200);
  values.country = values.country.toUpperCase() || defaultCountry;
  values.shipping_country = values.shipping_country.toUpperCase() || values.country;
  return values;
}

/**
 * @param locale the shop's locale, for country names in the messages
 * @param t the shopper's language, for the messages
 * @returns the details when every field is valid, and the problems by field name
 */
export function validateCheckoutFields(
  values: Record<CheckoutFieldName, string>,
  locale: string,
  t: Translate,
  offered: readonly PaymentMethod[] = OFFLINE_PAYMENT_METHODS,
): { details: CheckoutDetails | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const missing = {
    first_name: t('checkout.enterFirstName'),
    last_name: t('checkout.enterLastName'),
    street: t('checkout.enterStreet'),
    postcode: t('checkout.enterPostcode'),
    city: t('checkout.enterCity'),
  };
  if (!EMAIL.test(values.email)) errors.email = t('checkout.enterEmail');
  for (const name of ['first_name', 'last_name', 'street', 'postcode', 'city'] as const) {
    if (!values[name]) errors[name] = missing[name];
  }
  // Whether the shop delivers there is the shipping zones' question (shipping-zones.ts), asked with the cart's goods.
  if (!isCountryCode(values.country)) errors.country = t('checkout.chooseCountry');
  const postcode = checkedPostcode(values.postcode, values.country, locale, 'postcode', errors, t);
  if (values.phone && !/^\+?[\d\s()-]{6,20}$/.test(values.phone)) errors.phone = t('checkout.enterPhone');
  if (!(offered as readonly string[]).includes(values.payment_method))
    errors.payment_method = t('checkout.choosePayment');
  const { company, company_tax_id, shipping_address } = validateBuyerFields(values, locale, errors, t);
  if (values.customer_note.length > MAX_CUSTOMER_NOTE)
    errors.customer_note = t('checkout.customerNoteTooLong', { most: MAX_CUSTOMER_NOTE });
  if (Object.keys(errors).length) return { details: null, errors };
  const { email, first_name, last_name, street, city, country, phone } = values;
  return {
    details: {
      email,
      billing: { first_name, last_name, ...(company ? { company } : {}), street, postcode, city, country, phone },
      company_tax_id,
      shipping_address,
      payment_method: values.payment_method as PaymentMethod,
      shipping_method: values.shipping_method,
      customer_note: values.customer_note,
      invoice_requested: values.invoice_requested !== '',
    },
    errors,
  };
}
