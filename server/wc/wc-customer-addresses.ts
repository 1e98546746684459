/**
 * A `wc/v3` customer's `billing` and `shipping`: the addresses the customer saved in their account's address book
 * (which every checkout of theirs fills in), or, for one who saved none, those of their newest order. A write changes
 * the address book: the fields sent are put over the addresses as the API answers them, and the result must pass the
 * checkout's own rules, as a form saved from the account does (shop/account/address-book.ts); every bad field is named
 * under its WooCommerce path in one 400 and nothing is saved. A delivery address that is empty or the billing address
 * is kept as none (the goods go to the billing address). Fields the shop does not keep (`address_2`, `state`, the
 * delivery address's own `phone`) are taken only empty or as answered, so that nothing sent is silently dropped.
 */
import type { WcBillingAddress, WcShippingAddress } from '../../client/api/wc-orders.js';
import { translatorOfLocale } from '../i18n/translator.js';
import { invalidParams } from '../rest/errors.js';
import type { Order, PostalAddress, SavedAddresses, User } from '../store/schema.js';
import { readAddressForm, type AddressFieldName } from '../shop/account/address-book.js';
import { isPlainObject, own } from './wc-body-reader.js';
import { emptyAddress, wcAddress } from './wc-order-shape.js';

const ADDRESS_FIELD = 200;

/** WooCommerce's address fields -> the address book form's, for the billing and the delivery address. */
const FORM_FIELDS = {
  billing: {
    first_name: 'first_name',
    last_name: 'last_name',
    address_1: 'street',
    postcode: 'postcode',
    city: 'city',
    country: 'country',
    phone: 'phone',
  },
  shipping: {
    first_name: 'shipping_first_name',
    last_name: 'shipping_last_name',
    address_1: 'shipping_street',
    postcode: 'shipping_postcode',
    city: 'shipping_city',
    country: 'shipping_country',
  },
} as const satisfies Record<'billing' | 'shipping', Partial<Record<keyof WcShippingAddress, AddressFieldName>>>;

type Part = keyof typeof FORM_FIELDS;

/** The addresses a customer's answer shows: the address book's, else the newest order's (null delivery: billing). */
function currentAddresses(
  user: User,
  newest: Order | undefined,
): { billing: PostalAddress | null; shipping: PostalAddress | null; email: string } {
  if (user.addresses?.billing) return { ...user.addresses, email: user.email };
  if (newest) return { billing: newest.billing, shipping: newest.shipping_address, email: newest.email };
  return { billing: null, shipping: null, email: '' };
}

const EMPTY = emptyAddress();

/**
 * The customer's `billing` and `shipping` as WooCommerce answers them.
 * @param newest the customer's newest order, if any
 */
export function wcCustomerAddresses(
  user: User,
  newest: Order | undefined,
): { billing: WcBillingAddress; shipping: WcShippingAddress } {
  const { billing, shipping, email } = currentAddresses(user, newest);
  const wcBilling = billing ? wcAddress(billing) : emptyAddress();
  const delivered = shipping ?? billing;
  return { billing: { ...wcBilling, email }, shipping: delivered ? wcAddress(delivered) : emptyAddress() };
}

/** Puts the sent fields of one address over the answered ones, noting each field that cannot be taken. */
function sentOver(
  part: Part,
  sent: unknown,
  answered: WcShippingAddress,
  problems: Record<string, string>,
): WcShippingAddress {
  if (!isPlainObject(sent)) {
    problems[part] = `${part} must be an object of address fields.`;
    return answered;
  }
  const merged = { ...answered };
  for (const key of Object.keys(sent)) {
    const value = own(sent, key);
    const path = `${part}.${key}`;
    if (key === 'email' && part === 'billing') continue; // checked by the caller, against the account's address
    if (!Object.hasOwn(EMPTY, key)) continue; // WooCommerce, too, sets only the address fields it knows
    if (typeof value !== 'string' || value.length > ADDRESS_FIELD) {
      problems[path] = `${path} must be a string of at most ${ADDRESS_FIELD} characters.`;
      continue;
    }
    const kept = key === 'company' || Object.hasOwn(FORM_FIELDS[part], key);
    if (!kept && value.trim() !== '' && value.trim() !== answered[key as keyof WcShippingAddress])
      problems[path] = `${path} is not kept by this shop: send it empty, or put it in address_1.`;
    else if (kept) merged[key as keyof WcShippingAddress] = value.trim();
  }
  return merged;
}

const sameAddress = (a: WcShippingAddress, b: WcShippingAddress) =>
  (['first_name', 'last_name', 'address_1', 'postcode', 'city', 'country'] as const).every((key) => a[key] === b[key]);

const isBlank = (address: WcShippingAddress) =>
  (['first_name', 'last_name', 'address_1', 'postcode', 'city'] as const).every((key) => address[key] === '');

/**
 * The address book a `wc/v3` write makes of `body.billing` and `body.shipping`, or undefined when it sends neither.
 * @param accountEmail the customer's e-mail address after the write: a `billing.email` sent must be it or empty
 * @param locale the shop's locale (postcode rules by country); the problems are in English, as REST errors are
 * @throws RestError 400 `rest_invalid_param` naming every bad field by its WooCommerce path
 */
export function addressBookOfWrite(
  body: { billing?: unknown; shipping?: unknown },
  user: User,
  newest: Order | undefined,
  accountEmail: string,
  defaultCountry: string,
  locale: string,
): SavedAddresses | undefined {
  if (body.billing === undefined && body.shipping === undefined) return undefined;
  const problems: Record<string, string> = {};
  const answered = wcCustomerAddresses(user, newest);
  const billing =
    body.billing === undefined ? answered.billing : sentOver('billing', body.billing, answered.billing, problems);
  const sentEmail = isPlainObject(body.billing) ? own(body.billing, 'email') : undefined;
  if (
    sentEmail !== undefined &&
    (typeof sentEmail !== 'string' ||
      (sentEmail.trim() !== '' && sentEmail.trim().toLowerCase() !== accountEmail.toLowerCase()))
  )
    problems['billing.email'] =
      "billing.email is the customer's own e-mail address here: send it empty, or change email.";
  const shipping =
    body.shipping === undefined ? answered.shipping : sentOver('shipping', body.shipping, answered.shipping, problems);
  // A client sending back a customer without addresses as it read them (every field empty) changes nothing.
  if (isBlank(billing) && isBlank(shipping) && Object.keys(problems).length === 0)
    return user.addresses ? { billing: null, shipping: null } : undefined;
  const elsewhere = !isBlank(shipping) && !sameAddress(shipping, billing);
  const form: Record<string, string> = { ship_elsewhere: elsewhere ? '1' : '' };
  for (const part of ['billing', 'shipping'] as const) {
    const address = part === 'billing' ? billing : shipping;
    for (const [wcName, formName] of Object.entries(FORM_FIELDS[part]))
      form[formName] = address[wcName as keyof WcShippingAddress];
  }
  const { addresses, errors } = readAddressForm(form, defaultCountry, locale, translatorOfLocale('en-US').t);
  const pathOf = Object.fromEntries(
    (['billing', 'shipping'] as const).flatMap((part) =>
      Object.entries(FORM_FIELDS[part]).map(([wcName, formName]) => [formName, `${part}.${wcName}`]),
    ),
  );
  for (const [field, message] of Object.entries(errors)) problems[pathOf[field] ?? field] ??= message;
  if (Object.keys(problems).length > 0 || !addresses) throw invalidParams(problems);
  const company = billing.company;
  return {
    billing: addresses.billing && (company ? { ...addresses.billing, company } : addresses.billing),
    shipping:
      addresses.shipping &&
      (shipping.company ? { ...addresses.shipping, company: shipping.company } : addresses.shipping),
  };
}
