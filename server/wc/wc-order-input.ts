/**
 * Reading a `wc/v3` order update as WooCommerce reads it: `status`, `set_paid`, `customer_note`, `billing` (its
 * fields under WooCommerce's names). Fields the API answers but does not change here (ids, totals, lines) are
 * ignored, as WooCommerce ignores read-only fields, so that a client may send back an order as it read it. Every bad
 * field is named in one 400 before anything changes. Address fields this shop does not keep (address_2, state) are
 * accepted only empty, so that nothing sent is silently dropped.
 */
import { ORDER_STATUSES } from '../../client/api/orders.js';
import type { WcShippingAddress } from '../../client/api/wc-orders.js';
import { invalidParams } from '../rest/errors.js';
import type { PostalAddress } from '../store/schema.js';
import type { OrderUpdate } from '../shop/orders/order-service.js';
import { BodyReader, boundedText, isPlainObject, own } from './wc-body-reader.js';

const ADDRESS_FIELD = 200;
const NOTE = 10_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** WooCommerce's address fields -> the shop's. */
const KEPT: Record<string, keyof PostalAddress> = {
  first_name: 'first_name',
  last_name: 'last_name',
  company: 'company',
  address_1: 'street',
  postcode: 'postcode',
  city: 'city',
  country: 'country',
  phone: 'phone',
};
const NOT_KEPT = ['address_2', 'state'];

function readBilling(
  raw: unknown,
  problems: Record<string, string>,
): { billing?: Partial<PostalAddress>; email?: string } {
  if (!isPlainObject(raw)) {
    problems.billing = 'billing must be an object of address fields.';
    return {};
  }
  const billing: Partial<PostalAddress> = {};
  let email: string | undefined;
  for (const key of Object.keys(raw)) {
    const value = own(raw, key);
    const path = `billing.${key}`;
    if (Object.hasOwn(KEPT, key) || key === 'email' || NOT_KEPT.includes(key)) {
      if (typeof value !== 'string' || value.length > ADDRESS_FIELD) {
        problems[path] = `${path} must be a string of at most ${ADDRESS_FIELD} characters.`;
        continue;
      }
    }
    if (Object.hasOwn(KEPT, key)) billing[KEPT[key]!] = (value as string).trim();
    else if (key === 'email') {
      if (!EMAIL.test(value as string)) problems[path] = `${path} must be an e-mail address.`;
      else email = (value as string).trim();
    } else if (NOT_KEPT.includes(key) && (value as string).trim() !== '') {
      problems[path] = `${path} is not kept by this shop: send it empty, or put it in address_1.`;
    }
  }
  if (billing.country !== undefined && !/^[A-Z]{2}$/.test(billing.country))
    problems['billing.country'] = 'billing.country must be a two-letter ISO country code such as "PL".';
  if (billing.first_name === '') problems['billing.first_name'] = 'billing.first_name must not be empty.';
  if (billing.last_name === '') problems['billing.last_name'] = 'billing.last_name must not be empty.';
  return { billing, email };
}

/**
 * @throws RestError 400 `rest_invalid_param` naming every bad field
 */
/** @param readShipping the order's `shipping` as the API answers it (what a client may send back unchanged) */
export function orderUpdateOf(body: unknown, readShipping: WcShippingAddress): OrderUpdate {
  const reader = new BodyReader(isPlainObject(body) ? body : {}, 'UTC');
  const update: OrderUpdate = {};
  const status = reader.scalar<OrderUpdate['status']>('status', { type: 'string', enum: ORDER_STATUSES });
  if (status !== undefined) update.status = status;
  const setPaid = reader.scalar<boolean>('set_paid', { type: 'boolean' });
  if (setPaid !== undefined) update.set_paid = setPaid;
  const customerNote = reader.scalar<string>('customer_note', boundedText(NOTE));
  if (customerNote !== undefined) update.customer_note = customerNote;
  if (reader.has('billing')) {
    const { billing, email } = readBilling(reader.body.billing, reader.problems);
    if (billing && Object.keys(billing).length) update.billing = billing;
    if (email !== undefined) update.email = email;
  }
  if (reader.has('shipping')) {
    // The delivery address is the one the customer gave at checkout (or the billing address): it may come back empty
    // or as it was read; another address would be lost, so it is refused.
    const shipping = reader.body.shipping;
    const asRead =
      isPlainObject(shipping) &&
      Object.keys(shipping).every(
        (key) =>
          own(shipping, key) === '' ||
          own(shipping, key) === null ||
          (Object.hasOwn(readShipping, key) && own(shipping, key) === readShipping[key as keyof WcShippingAddress]),
      );
    if (!asRead)
      reader.problems.shipping =
        'shipping cannot be changed: the goods go to the delivery address given at checkout (send it as read, or empty).';
  }
  if (Object.keys(reader.problems).length) throw invalidParams(reader.problems);
  return update;
}
