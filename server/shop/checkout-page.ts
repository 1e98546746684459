/** The checkout form: contact and address, payment, the withdrawal notice, the legal checkboxes and the order button. */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { CSRF_FIELD } from '../auth/csrf.js';
import { formatMoney, type PriceFormatOptions } from '../catalog/price-format.js';
import { legalCheckboxesTemplate, type ShownCheckbox } from '../compliance/legal-checkboxes.js';
import { PAYMENT_METHODS } from '../store/schema.js';
import type { PricedCart } from './cart-lines.js';
import { CHECKOUT_FIELDS, PAYMENT_LABELS, type CheckoutFieldName } from './checkout-fields.js';
import { errorSummary, textField, type FieldErrors } from './form-fields.js';

export interface CheckoutPageInput {
  cart: PricedCart;
  money: PriceFormatOptions;
  token: string;
  values: Record<CheckoutFieldName, string>;
  errors: FieldErrors;
  checkboxes: readonly ShownCheckbox[];
  ticked: ReadonlySet<number>;
  checkboxErrors: ReadonlyMap<number, string>;
  orderButtonLabel: string;
  askTaxId: boolean;
  /** The withdrawal notice, when the shop shows it at checkout. */
  withdrawalNotice: string | null;
  error?: string;
}

function orderSummary(cart: PricedCart, money: PriceFormatOptions) {
  return html`<section class="order-summary" aria-labelledby="order-summary-title">
    <h2 id="order-summary-title">Your order</h2>
    <ul>${cart.lines.map((line) => html`<li>${line.quantity} × ${line.item.title}: ${formatMoney(line.lineTotal, money)}</li>`)}</ul>
    <p><strong>Total: ${formatMoney(cart.subtotal, money)}</strong></p>
  </section>`;
}

export function checkoutPageTemplate(input: CheckoutPageInput) {
  const { values, errors } = input;
  const firstError = Object.keys(errors)[0];
  const field = (name: CheckoutFieldName, extra: { type?: 'email' | 'tel'; autocomplete?: string; required?: boolean; hint?: string } = {}) =>
    textField({ name, label: CHECKOUT_FIELDS[name], value: values[name], errors, required: extra.required ?? true, autofocus: name === firstError, ...extra });
  return html`
    ${input.error ? html`<p class="notice notice--error" role="alert">${input.error}</p>` : nothing}
    ${errorSummary(errors, CHECKOUT_FIELDS, input.checkboxErrors)}
    <form method="post" action="/checkout" class="checkout-form" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${input.token} />
      <fieldset>
        <legend>Contact and address</legend>
        ${field('email', { type: 'email', autocomplete: 'email' })}
        ${field('first_name', { autocomplete: 'given-name' })} ${field('last_name', { autocomplete: 'family-name' })}
        ${field('street', { autocomplete: 'street-address' })} ${field('postcode', { autocomplete: 'postal-code' })}
        ${field('city', { autocomplete: 'address-level2' })} ${field('country', { autocomplete: 'country', hint: 'Two letters, like PL.' })}
        ${field('phone', { type: 'tel', autocomplete: 'tel', required: false })}
        ${input.askTaxId ? field('company_tax_id', { required: false, hint: 'Only for a company invoice.' }) : nothing}
      </fieldset>
      <fieldset class=${errors.payment_method ? 'has-error' : ''} aria-describedby=${errors.payment_method ? 'payment_method-error' : nothing}>
        <legend>Payment</legend>
        ${PAYMENT_METHODS.map(
          (method, index) => html`<div><input type="radio" id="payment_${method}" name="payment_method" value=${method}
              ?checked=${values.payment_method === method} ?autofocus=${firstError === 'payment_method' && index === 0} />
            <label for="payment_${method}">${PAYMENT_LABELS[method]}</label></div>`,
        )}
        ${errors.payment_method ? html`<p class="field-error" id="payment_method-error">${errors.payment_method}</p>` : nothing}
      </fieldset>
      ${orderSummary(input.cart, input.money)}
      ${input.withdrawalNotice ? html`<p class="withdrawal-notice">${input.withdrawalNotice}</p>` : nothing}
      ${legalCheckboxesTemplate(input.checkboxes, input.ticked, input.checkboxErrors, firstError === undefined)}
      <button type="submit" class="button button--primary">${input.orderButtonLabel}</button>
    </form>`;
}
