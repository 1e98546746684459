/**
 * The customer's account page: their orders with each one's status and page, the address book the checkout fills
 * in, the password and e-mail forms, and their data rights (download, erasure). Each form posts on its own, works
 * without JavaScript, and is shown again with what was typed and its problems beside the fields.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import { CSRF_FIELD } from '../../auth/csrf.js';
import type { Translator } from '../../i18n/translator.js';
import { readableDateTime, readableDay } from '../../i18n/readable-date.js';
import type { Order, User } from '../../store/schema.js';
import { CHECKOUT_FIELDS } from '../checkout/checkout-fields.js';
import { errorSummary, textField, type FieldErrors } from '../form-fields.js';
import { STATUS_KEYS } from '../orders/order-page.js';
import { countrySelect } from '../shipping/shipping-templates.js';
import type { ShippingView } from '../shipping/shipping-view.js';
import { erasureDueOn, openRequestOf } from './account-erasure.js';
import type { AddressValues } from './address-book.js';

/** The account page's forms, each posted to `/account/<form>`. */
export type AccountForm = 'addresses' | 'password' | 'email' | 'erase';

export interface AccountPageInput {
  user: User;
  orders: readonly Order[];
  translator: Translator;
  money: PriceFormatOptions;
  dates: { locale: string; timeZone: string };
  withdrawalEnabled: boolean;
  token: string;
  /** The country lists of the address form. */
  countries: ShippingView;
  addresses: AddressValues;
  /** The form that was posted and refused, with its problems by field. */
  refused?: { form: AccountForm; errors: FieldErrors };
  /** What the last post did, said to the customer. */
  notice?: string;
  /** Why the last post was refused before its form was read (an expired form, too many posts). */
  alert?: string;
}

const formErrors = (input: AccountPageInput, form: AccountForm): FieldErrors =>
  input.refused?.form === form ? input.refused.errors : {};

function ordersSection(input: AccountPageInput) {
  const { t } = input.translator;
  if (input.orders.length === 0)
    return html`<p>${t('account.noOrders')} <a href="/shop">${t('account.startShopping')}</a></p>`;
  return html`<table class="account-orders">
    <caption class="visually-hidden">${t('account.orders')}</caption>
    <thead><tr><th scope="col">${t('account.order')}</th><th scope="col">${t('account.status')}</th><th scope="col">${t('account.total')}</th>${input.withdrawalEnabled ? html`<th scope="col">${t('account.withdrawal')}</th>` : nothing}</tr></thead>
    <tbody>${input.orders.map(
      (order) => html`<tr>
        <th scope="row"><a href="/order-received/${encodeURIComponent(order.number)}">${order.number}</a>
          <small class="account-orders__date">${readableDateTime(order.created_at, input.dates, input.translator)}</small></th>
        <td>${t(STATUS_KEYS[order.status])}</td>
        <td>${formatMoney(order.total, input.money)}</td>
        ${input.withdrawalEnabled ? html`<td><a href="/withdraw?order=${encodeURIComponent(order.number)}">${t('layout.withdraw')}<span class="visually-hidden"> ${t('account.ofOrder', { number: order.number })}</span></a></td>` : nothing}
      </tr>`,
    )}</tbody>
  </table>`;
}

const ADDRESS_AUTOCOMPLETE = {
  first_name: 'given-name',
  last_name: 'family-name',
  street: 'street-address',
  postcode: 'postal-code',
  city: 'address-level2',
  phone: 'tel',
  shipping_first_name: 'shipping given-name',
  shipping_last_name: 'shipping family-name',
  shipping_street: 'shipping street-address',
  shipping_postcode: 'shipping postal-code',
  shipping_city: 'shipping address-level2',
} as const;

function addressesForm(input: AccountPageInput) {
  const { t } = input.translator;
  const errors = formErrors(input, 'addresses');
  const first = Object.keys(errors)[0];
  const field = (name: keyof typeof ADDRESS_AUTOCOMPLETE) =>
    textField({
      name,
      label: t(CHECKOUT_FIELDS[name]),
      value: input.addresses[name],
      errors,
      type: name === 'phone' ? 'tel' : 'text',
      autocomplete: ADDRESS_AUTOCOMPLETE[name],
      required: name !== 'phone',
      autofocus: first === name,
    });
  const country = (name: 'country' | 'shipping_country') =>
    countrySelect(input.countries, errors, t, first === name, {
      name,
      label: t(CHECKOUT_FIELDS[name]),
      value: input.addresses[name],
      autocomplete: name === 'country' ? 'country' : 'shipping country',
    });
  const labels = Object.fromEntries(Object.keys(errors).map((name) => [name, t(CHECKOUT_FIELDS[name as 'city'])]));
  return html`${errorSummary(errors, labels, t)}
    <form method="post" action="/account/addresses" class="account-form" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${input.token} />
      <fieldset>
        <legend>${t('account.billingAddress')}</legend>
        ${field('first_name')} ${field('last_name')} ${field('street')} ${field('postcode')} ${field('city')}
        ${country('country')} ${field('phone')}
      </fieldset>
      <fieldset class="checkout-part">
        <legend>${t('checkout.deliveryAddress')}</legend>
        <div class="checkout-part__toggle">
          <input type="checkbox" id="ship_elsewhere" name="ship_elsewhere" value="1" ?checked=${input.addresses.ship_elsewhere !== ''} />
          <label for="ship_elsewhere">${t('checkout.shipElsewhere')}</label>
        </div>
        <div class="checkout-part__fields">
          ${field('shipping_first_name')} ${field('shipping_last_name')} ${field('shipping_street')}
          ${field('shipping_postcode')} ${field('shipping_city')} ${country('shipping_country')}
        </div>
        <p class="checkout-part__note">${t('checkout.sameAddress')}</p>
      </fieldset>
      <button type="submit" class="button button--primary">${t('account.saveAddresses')}</button>
    </form>`;
}

/** A password field of the account's forms (never shown again with what was typed). */
function passwordField(input: AccountPageInput, form: AccountForm, name: string, label: string, autocomplete: string) {
  const errors = formErrors(input, form);
  return textField({
    name,
    label,
    type: 'password',
    autocomplete,
    errors,
    required: true,
    autofocus: Object.keys(errors)[0] === name,
  });
}

function passwordForm(input: AccountPageInput) {
  const { t } = input.translator;
  return html`<form method="post" action="/account/password" class="account-form" novalidate>
    <input type="hidden" name=${CSRF_FIELD} value=${input.token} />
    ${passwordField(input, 'password', 'current_password', t('account.currentPassword'), 'current-password')}
    ${passwordField(input, 'password', 'new_password', t('account.newPassword'), 'new-password')}
    ${passwordField(input, 'password', 'confirm_password', t('account.confirmPassword'), 'new-password')}
    <p class="field-hint">${t('account.passwordSignsOut')}</p>
    <button type="submit" class="button button--primary">${t('account.changePassword')}</button>
  </form>`;
}

function emailForm(input: AccountPageInput) {
  const { t } = input.translator;
  const errors = formErrors(input, 'email');
  return html`<form method="post" action="/account/email" class="account-form" novalidate>
    <input type="hidden" name=${CSRF_FIELD} value=${input.token} />
    <p>${t('account.currentEmail', { email: input.user.email })}</p>
    ${textField({ name: 'new_email', label: t('account.newEmail'), type: 'email', autocomplete: 'email', errors, required: true, autofocus: Object.keys(errors)[0] === 'new_email' })}
    ${passwordField(input, 'email', 'email_password', t('account.currentPassword'), 'current-password')}
    <p class="field-hint">${t('account.emailConfirmHint')}</p>
    <button type="submit" class="button button--primary">${t('account.changeEmail')}</button>
  </form>`;
}

/** The erasure form, or where the customer's request stands once they have confirmed it. */
function erasureForm(input: AccountPageInput) {
  const { t } = input.translator;
  const errors = formErrors(input, 'erase');
  const request = openRequestOf(input.user);
  if (request?.confirmed_at) {
    const due = readableDay(erasureDueOn(request, input.dates.timeZone), input.dates.locale);
    return html`<p class="notice" role="status">${t('account.eraseWaiting', { due })}</p>`;
  }
  return html`${request ? html`<p>${t('account.eraseAwaiting', { date: readableDateTime(request.requested_at, input.dates, input.translator) })}</p>` : nothing}
    ${errors.erase ? html`<p class="notice notice--error" role="alert">${errors.erase}</p>` : nothing}
    <form method="post" action="/account/erase" class="account-form">
      <input type="hidden" name=${CSRF_FIELD} value=${input.token} />
      <button type="submit" class="button button--secondary">${t('account.eraseRequest')}</button>
    </form>`;
}

function privacySection(input: AccountPageInput) {
  const { t } = input.translator;
  return html`<p>${t('account.exportIntro')}</p>
    <p><a class="button button--secondary" href="/account/export" download>${t('account.exportLink')}</a></p>
    <h3>${t('account.eraseTitle')}</h3>
    <p>${t('account.eraseErased')}</p>
    <p>${t('account.eraseKept')}</p>
    ${erasureForm(input)}`;
}

export function accountPageTemplate(input: AccountPageInput) {
  const { t } = input.translator;
  return html`${input.notice ? html`<p class="notice" role="status">${input.notice}</p>` : nothing}
    ${input.alert ? html`<p class="notice notice--error" role="alert">${input.alert}</p>` : nothing}
    <p>${t('account.signedInAs', { name: input.user.display_name, email: input.user.email })}</p>
    <section class="account-section" aria-labelledby="account-orders"><h2 id="account-orders">${t('account.orders')}</h2>${ordersSection(input)}</section>
    <section class="account-section" aria-labelledby="account-addresses"><h2 id="account-addresses">${t('account.addresses')}</h2>
      <p>${t('account.addressesIntro')}</p>${addressesForm(input)}</section>
    <section class="account-section" aria-labelledby="account-password"><h2 id="account-password">${t('account.passwordTitle')}</h2>${passwordForm(input)}</section>
    <section class="account-section" aria-labelledby="account-email"><h2 id="account-email">${t('account.emailTitle')}</h2>${emailForm(input)}</section>
    <section class="account-section" aria-labelledby="account-privacy"><h2 id="account-privacy">${t('account.privacyTitle')}</h2>${privacySection(input)}</section>`;
}
