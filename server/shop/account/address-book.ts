/**
 * The customer's address book: the billing address and, when the goods go elsewhere, the delivery address, saved from
 * the account page and filled into the next checkout. The form has the checkout's own field names and is checked by
 * the checkout's own rules, so that a saved address is one the checkout takes as it is.
 */
import type { Translate } from '../../i18n/translator.js';
import type { SavedAddresses } from '../../store/schema.js';
import { typedValues, validateCheckoutFields, type CheckoutFieldName } from '../checkout/checkout-fields.js';
import type { FieldErrors } from '../form-fields.js';

/** The fields of the address form, in the order the page shows them. */
export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'street',
  'postcode',
  'city',
  'country',
  'phone',
  'ship_elsewhere',
  'shipping_first_name',
  'shipping_last_name',
  'shipping_street',
  'shipping_postcode',
  'shipping_city',
  'shipping_country',
] as const satisfies readonly CheckoutFieldName[];

export type AddressFieldName = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressFieldName, string>;

/** The form's values for `addresses` (empty fields, in `defaultCountry`, for a customer who saved none). */
export function addressFormValues(addresses: SavedAddresses | undefined, defaultCountry: string): AddressValues {
  const billing = addresses?.billing;
  const shipping = addresses?.shipping;
  const values = typedValues(
    {
      ...billing,
      ship_elsewhere: shipping ? '1' : '',
      shipping_first_name: shipping?.first_name,
      shipping_last_name: shipping?.last_name,
      shipping_street: shipping?.street,
      shipping_postcode: shipping?.postcode,
      shipping_city: shipping?.city,
      shipping_country: shipping?.country,
    },
    defaultCountry,
  );
  return Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, values[name]])) as AddressValues;
}

/**
 * Reads the posted address form.
 * @param locale the shop's locale, for country names in the messages
 * @returns the addresses to save when every field is valid, the values as typed, and the problems by field name
 */
export function readAddressForm(
  fields: Record<string, string | undefined>,
  defaultCountry: string,
  locale: string,
  t: Translate,
): { addresses: SavedAddresses | null; values: AddressValues; errors: FieldErrors } {
  const typed = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, fields[name]]));
  const checkoutValues = typedValues(typed, defaultCountry);
  const values = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, checkoutValues[name]])) as AddressValues;
  // The checkout's rules ask for an e-mail and a way of paying too, which an address book does not hold.
  const { details, errors } = validateCheckoutFields(
    { ...checkoutValues, email: 'address-book@example.com', payment_method: 'bank_transfer' },
    locale,
    t,
  );
  if (!details) return { addresses: null, values, errors };
  return { addresses: { billing: details.billing, shipping: details.shipping_address }, values, errors };
}
