/**
 * The checkout's company and delivery parts: "I am buying as a company" with the company's name and tax number (a
 * Polish NIP, or another member state's VAT number), and "Deliver to a different address" with the recipient's own
 * address; and the postcode rule every address of the form follows. Each part counts only when its box is ticked: a
 * part left unticked is hidden on the page, and what was typed into it before is not the customer's wish.
 */
import { countryName, isCountryCode } from '../../../client/api/countries.js';
import { isEuVatNumber } from '../../../client/api/orders.js';
import type { PostalAddress } from '../../store/schema.js';
import type { FieldErrors } from '../form-fields.js';
import type { Translate } from '../../i18n/translator.js';
import { companyTaxNumber } from './tax-numbers.js';
import { postcodeExample, postcodeOf } from './postcodes.js';

/**
 * The delivery address fields, named as WooCommerce's checkout names them, each with the catalogue key of what the
 * form says when it is left empty.
 */
const DELIVERY_FIELD_MISSING = {
  shipping_first_name: 'buyer.shippingFirstNameMissing',
  shipping_last_name: 'buyer.shippingLastNameMissing',
  shipping_street: 'buyer.shippingStreetMissing',
  shipping_postcode: 'buyer.shippingPostcodeMissing',
  shipping_city: 'buyer.shippingCityMissing',
  shipping_country: 'buyer.shippingCountryMissing',
} as const;
export type DeliveryFieldName = keyof typeof DELIVERY_FIELD_MISSING;

/** The fields of the two parts. */
export type BuyerFieldName = 'company_buyer' | 'company' | 'company_tax_id' | 'ship_elsewhere' | DeliveryFieldName;

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
 * The buyer as the form claims it, for the total shown before the order button: a company with a well-formed tax
 * number, its EU VAT number taken at its word (VIES is asked when the order is placed); else a consumer.
 */
export function claimedTaxBuyer(values: Pick<Record<BuyerFieldName, string>, 'company_buyer' | 'company_tax_id'>): {
  business: boolean;
  euVatNumber: { number: string; verified: boolean } | null;
} {
  const checked = ticked(values.company_buyer) ? companyTaxNumber(values.company_tax_id) : null;
  if (checked?.number === undefined) return { business: false, euVatNumber: null };
  const euVatNumber = isEuVatNumber(checked.number) ? { number: checked.number, verified: true } : null;
  return { business: true, euVatNumber };
}

/**
 * The postcode as `country` writes it, or the error for `field` (nothing is added when the field is already in error).
 * @param locale the language of the country's name in the message
 * @param t the shopper's language
 */
export function checkedPostcode(
  typed: string,
  country: string,
  locale: string,
  field: string,
  errors: FieldErrors,
  t: Translate,
): string {
  if (errors[field] || !isCountryCode(country)) return typed;
  const written = postcodeOf(typed, country);
  if (written !== null) return written;
  const example = postcodeExample(country);
  errors[field] = example
    ? t('buyer.postcodeInvalid', { country: countryName(country, locale), example })
    : t('buyer.postcodeCharacters');
  return typed;
}

function companyPart(values: Record<BuyerFieldName, string>, locale: string, errors: FieldErrors, t: Translate) {
  if (!ticked(values.company_buyer)) return { company: '', company_tax_id: '' };
  if (!values.company) errors.company = t('buyer.companyMissing');
  if (!values.company_tax_id) {
    errors.company_tax_id = t('buyer.taxNumberMissing');
    return { company: values.company, company_tax_id: '' };
  }
  const checked = companyTaxNumber(values.company_tax_id);
  if (checked.number !== undefined) return { company: values.company, company_tax_id: checked.number };
  const country = checked.country ? countryName(checked.country, locale) : '';
  errors.company_tax_id = {
    nip: () => t('buyer.nipInvalid'),
    'unknown-country': () => t('buyer.euVatUnknownCountry'),
    format: () => t('buyer.euVatFormat', { country }),
    checksum: () => t('buyer.euVatChecksum', { country }),
  }[checked.problem]();
  return { company: values.company, company_tax_id: '' };
}

function deliveryPart(values: Record<BuyerFieldName, string>, locale: string, errors: FieldErrors, t: Translate) {
  if (!shipsElsewhere(values)) return null;
  for (const name of Object.keys(DELIVERY_FIELD_MISSING) as DeliveryFieldName[]) {
    if (!values[name]) errors[name] = t(DELIVERY_FIELD_MISSING[name]);
  }
  const country = values.shipping_country;
  if (country && !isCountryCode(country)) errors.shipping_country = t('buyer.shippingCountryMissing');
  const postcode = checkedPostcode(values.shipping_postcode, country, locale, 'shipping_postcode', errors, t);
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
 * @param t the shopper's language
 */
export function validateBuyerFields(
  values: Record<BuyerFieldName, string>,
  locale: string,
  errors: FieldErrors,
  t: Translate,
): BuyerDetails {
  return { ...companyPart(values, locale, errors, t), shipping_address: deliveryPart(values, locale, errors, t) };
}
