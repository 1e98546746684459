/**
 * The checkout form's own fields: who orders, where to, and how they pay. Validation returns every problem at once,
 * by field, with the values as typed so that the form can be shown again with nothing lost.
 */
import { isCountryCode } from '../../../client/api/countries.js';
import { PAYMENT_METHODS, type PaymentMethod, type PostalAddress } from '../../store/schema.js';
import type { FieldErrors } from '../form-fields.js';
import { normaliseNip } from './nip.js';
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
  company_tax_id: 'checkout.taxId',
} as const;

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
};

/** The catalogue keys of the ways of paying, named alone (on the order page). */
export const PAYMENT_NAMES: Record<PaymentMethod, string> = {
  bank_transfer: 'checkout.bankTransferName',
  cash_on_delivery: 'checkout.cashOnDelivery',
};

export interface CheckoutDetails {
  email: string;
  billing: PostalAddress;
  payment_method: PaymentMethod;
  company_tax_id: string;
  /** The id of the shipping method chosen, '' when none was (the zone's first applies: shipping-zones.ts). */
  shipping_method: string;
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
  for (const name of Object.keys(CHECKOUT_FIELDS) as CheckoutFieldName[])
    values[name] = (fields[name] ?? '').trim().slice(0, 200);
  values.country = values.country.toUpperCase() || defaultCountry;
  return values;
}

/**
 * @param askTaxId whether the form shows the company tax number (KSeF e-invoicing on)
 * @returns the details when every field is valid, and the problems by field name
 */
export function validateCheckoutFields(
  values: Record<CheckoutFieldName, string>,
  askTaxId: boolean,
  t: Translate,
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
  if (values.phone && !/^\+?[\d\s()-]{6,20}$/.test(values.phone)) errors.phone = t('checkout.enterPhone');
  if (!(PAYMENT_METHODS as readonly string[]).includes(values.payment_method))
    errors.payment_method = t('checkout.choosePayment');
  let taxId = '';
  if (askTaxId && values.company_tax_id) {
    const nip = normaliseNip(values.company_tax_id);
    if (nip) taxId = nip;
    else errors.company_tax_id = t('checkout.invalidNip');
  }
  if (Object.keys(errors).length) return { details: null, errors };
  const { email, first_name, last_name, street, postcode, city, country, phone } = values;
  return {
    details: {
      email,
      billing: { first_name, last_name, street, postcode, city, country, phone },
      payment_method: values.payment_method as PaymentMethod,
      company_tax_id: taxId,
      shipping_method: values.shipping_method,
    },
    errors,
  };
}
