/**
 * The checkout's company and delivery parts: "I am buying as a company" with the company's name and tax number (a
 * Polish NIP, or another member state's VAT number), and "Deliver to a different address" with the recipient's own
 * address; and the postcode rule every address of the form follows. Each part counts only when its box is ticked: a
 * part left unticked is hidden on the page, and what was typed into it before is not the customer's wish.
 */
import { countryName, isCountryCode } from '../../../client/api/countries.js';
import type { PostalAddress } from '../../store/schema.js';
import type { FieldErrors } from '../form-fields.js';
import { STOREFRONT_BUYER_TEXTS as texts } from './buyer-texts.js';
import { companyTaxNumber } from './tax-numbers.js';
import { postcodeExample, postcodeOf } from './postcodes.js';

/** The delivery address fields, named as WooCommerce's checkout names them. */
export const DELIVERY_FIELDS = texts.deliveryLabels;
export type DeliveryFieldName = keyof typeof DELIVERY_FIELDS;

/** The fields of the two parts, with the labels the error summary gives them. */
export const BUYER_FIELDS = {
  company_buyer: texts.companyBuyer,
  company: texts.company,
  company_tax_id: texts.taxNumber,
  ship_elsewhere: texts.shipElsewhere,
  ...DELIVERY_FIELDS,
} as const;
export type BuyerFieldName = keyof typeof BUYER_FIELDS;

export interface BuyerDetails {
  /** The company's name, '' for a consumer. */
  company: string;
  /** The NIP (ten digits) or EU VAT number with its prefix, '' for a consumer. */
  company_tax_id: string;
  /** The recipient's address, or null to deliver to the billing address. */
  shipping_address: PostalAddress | null;
}

const ticked = (value: string) => value !== '';

/** Whether the form asks for delivery to an address of its own. */
export const shipsElsewhere = (values: Pick<Record<BuyerFieldName, string>, 'ship_elsewhere'>) =>
  ticked(values.ship_elsewhere);

/** Where the goods go: the delivery address's country when the form gives one, else the billing country. */
export function deliveryCountryOf(
  values: Pick<Record<BuyerFieldName | 'country', string>, 'ship_elsewhere' | 'shipping_country' | 'country'>,
): string {
  return shipsElsewhere(values) && values.shipping_country ? values.shipping_country : values.country;
}

/** The postcode the goods go to, as typed: the delivery address's when the form gives one, else the billing one. */
export function deliveryPostcodeOf(
  values: Pick<Record<BuyerFieldName | 'postcode', string>, 'ship_elsewhere' | 'shipping_postcode' | 'postcode'>,
): string {
  return shipsElsewhere(values) ? values.shipping_postcode : values.postcode;
}

/**
 * The postcode as `country` writes it, or the error for `field` (nothing is added when the field is already in error).
 * @param locale the language of the country's name in the message
 */
export function checkedPostcode(
  typed: string,
  country: string,
  locale: string,
  field: string,
  errors: FieldErrors,
): string {
  if (errors[field] || !isCountryCode(country)) return typed;
  const written = postcodeOf(typed, country);
  if (written !== null) return written;
  errors[field] = texts.postcodeInvalid(countryName(country, locale), postcodeExample(country));
  return typed;
}

function companyPart(values: Record<BuyerFieldName, string>, locale: string, errors: FieldErrors) {
  if (!ticked(values.company_buyer)) return { company: '', company_tax_id: '' };
  if (!values.company) errors.company = texts.companyMissing;
  if (!values.company_tax_id) {
    errors.company_tax_id = texts.taxNumberMissing;
    return { company: values.company, company_tax_id: '' };
  }
  const checked = companyTaxNumber(values.company_tax_id);
  if (checked.number !== undefined) return { company: values.company, company_tax_id: checked.number };
  const country = checked.country ? countryName(checked.country, locale) : '';
  errors.company_tax_id = {
    nip: texts.nipInvalid,
    'unknown-country': texts.euVatUnknownCountry,
    format: texts.euVatFormat(country),
    checksum: texts.euVatChecksum(country),
  }[checked.problem];
  return { company: values.company, company_tax_id: '' };
}

function deliveryPart(values: Record<BuyerFieldName, string>, locale: string, errors: FieldErrors) {
  if (!shipsElsewhere(values)) return null;
  for (const name of Object.keys(DELIVERY_FIELDS) as DeliveryFieldName[]) {
    if (!values[name]) errors[name] = texts.deliveryMissing[name];
  }
  const country = values.shipping_country;
  if (country && !isCountryCode(country)) errors.shipping_country = texts.deliveryMissing.shipping_country;
  const postcode = checkedPostcode(values.shipping_postcode, country, locale, 'shipping_postcode', errors);
  return {
    first_name: values.shipping_first_name,
    last_name: values.shipping_last_name,
    street: values.shipping_street,
    postcode,
    city: values.shipping_city,
    country,
    phone: '',
  };
}

/**
 * The company and delivery parts of the form, checked; their problems are added to `errors` by field name.
 * @param locale the shop's locale, for country names in the messages
 */
export function validateBuyerFields(
  values: Record<BuyerFieldName, string>,
  locale: string,
  errors: FieldErrors,
): BuyerDetails {
  return { ...companyPart(values, locale, errors), shipping_address: deliveryPart(values, locale, errors) };
}
