/**
 * The checkout form's own fields: who orders, where to, and how they pay. Validation returns every problem at once,
 * by field, with the values as typed so that the form can be shown again with nothing lost.
 */
import { isCountryCode } from '../../../client/api/countries.js';
import { PAYMENT_METHODS, type PaymentMethod, type PostalAddress } from '../../store/schema.js';
import type { FieldErrors } from '../form-fields.js';
import { BUYER_FIELDS, checkedPostcode, validateBuyerFields, type BuyerDetails } from './buyer-fields.js';
import { CUSTOMER_NOTE_TEXTS } from './customer-note-texts.js';

export const CHECKOUT_FIELDS = {
  email: 'E-mail',
  first_name: 'First name',
  last_name: 'Last name',
  street: 'Street and number',
  postcode: 'Postcode',
  city: 'City',
  country: 'Country',
  phone: 'Phone',
  shipping_method: 'Delivery',
  payment_method: 'Payment',
  ...BUYER_FIELDS,
  customer_note: CUSTOMER_NOTE_TEXTS.en.label,
} as const;

/** The longest note to the shop a checkout takes (WooCommerce's `customer_note`). */
export const MAX_CUSTOMER_NOTE = 1000;

export type CheckoutFieldName = keyof typeof CHECKOUT_FIELDS;

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer (our account number is on the order confirmation)',
  cash_on_delivery: 'Cash on delivery',
};

export interface CheckoutDetails extends Omit<BuyerDetails, 'company'> {
  email: string;
  billing: PostalAddress;
  payment_method: PaymentMethod;
  /** The id of the shipping method chosen, '' when none was (the zone's first applies: shipping-zones.ts). */
  shipping_method: string;
  /** The shopper's note to the shop, '' for none. */
  customer_note: string;
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
 * @returns the details when every field is valid, and the problems by field name
 */
export function validateCheckoutFields(
  values: Record<CheckoutFieldName, string>,
  locale: string,
): { details: CheckoutDetails | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!EMAIL.test(values.email)) errors.email = 'Enter an e-mail address, like name@example.com.';
  for (const name of ['first_name', 'last_name', 'street', 'postcode', 'city'] as const) {
    if (!values[name]) errors[name] = `Enter your ${CHECKOUT_FIELDS[name].toLowerCase()}.`;
  }
  // Whether the shop delivers there is the shipping zones' question (shipping-zones.ts), asked with the cart's goods.
  if (!isCountryCode(values.country)) errors.country = 'Choose your country from the list.';
  const postcode = checkedPostcode(values.postcode, values.country, locale, 'postcode', errors);
  if (values.phone && !/^\+?[\d\s()-]{6,20}$/.test(values.phone))
    errors.phone = 'Enter a phone number with digits only, or leave it empty.';
  if (!(PAYMENT_METHODS as readonly string[]).includes(values.payment_method))
    errors.payment_method = 'Choose how you will pay.';
  const { company, company_tax_id, shipping_address } = validateBuyerFields(values, locale, errors);
  if (values.customer_note.length > MAX_CUSTOMER_NOTE)
    errors.customer_note = CUSTOMER_NOTE_TEXTS.en.tooLong(MAX_CUSTOMER_NOTE);
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
    },
    errors,
  };
}
