/**
 * The checkout form: contact and address (with the company part), a separate delivery address, delivery, payment, the
 * order's totals, the withdrawal notice, the legal checkboxes and the order button. Without JavaScript a change of
 * country is shown by the "Update delivery options" button: a post of the same form (same CSRF token) that shows it
 * again with that country's methods, ordering nothing.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { CSRF_FIELD } from '../../auth/csrf.js';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import { deliveryTimeOf } from '../../catalog/sales-meta.js';
import { legalCheckboxesTemplate, type ShownCheckbox } from '../../compliance/checkboxes/legal-checkboxes.js';
import type { PaymentMethod } from '../../store/schema.js';
import type { PricedCart } from '../cart/cart-lines.js';
import { companyPart, deliveryAddressPart, invoiceRequestPart } from './buyer-fieldsets.js';
import { checkoutFieldLabels, PAYMENT_LABELS, type CheckoutFieldName } from './checkout-fields.js';
import type { Translate, Translator } from '../../i18n/translator.js';
import { errorSummary, textField, type FieldErrors } from '../form-fields.js';
import { codFeeLine, orderTotals, type AppliedCoupons, type TaxableGoods, type TaxContext } from './order-totals.js';
import { couponForm, discountRows, lineDiscount } from '../coupons/coupon-templates.js';
import { vatRows } from '../tax/vat-summary.js';
import { shippingLineOf, type OfferedMethod } from '../shipping/shipping-zones.js';
import {
  countrySelect,
  deliveryTimeTemplate,
  freeShippingHint,
  methodText,
  unitPriceTemplate,
} from '../shipping/shipping-templates.js';
import type { ShippingView } from '../shipping/shipping-view.js';

export interface CheckoutPageInput {
  cart: PricedCart;
  money: PriceFormatOptions;
  translator: Translator;
  token: string;
  values: Record<CheckoutFieldName, string>;
  errors: FieldErrors;
  checkboxes: readonly ShownCheckbox[];
  ticked: ReadonlySet<number>;
  checkboxErrors: ReadonlyMap<number, string>;
  orderButtonLabel: string;
  /** The withdrawal notice, when the shop shows it at checkout. */
  withdrawalNotice: string | null;
  /** Shipping to the country the goods go to: the delivery address's when the form gives one, else the billing one. */
  shipping: ShippingView;
  /** The cash-on-delivery fee (0: none). */
  codFee: number;
  /** The ways of paying offered, in order (the configured online providers after bank transfer and on delivery). */
  paymentMethods: readonly PaymentMethod[];
  /** What the order's VAT depends on besides its amounts. */
  tax: TaxContext;
  /** The shop's delivery time, for products that give none. */
  deliveryTime: string;
  /** The coupons applied to the cart (none: NO_COUPONS). */
  coupons: AppliedCoupons;
  /** Whether the shop issues invoices, so that a consumer may ask for one. */
  offerInvoice: boolean;
  error?: string;
}

/**
 * The method the form shows as chosen: the one posted, when its zone offers it, else the first (as an order takes it).
 */
function chosenMethod(input: CheckoutPageInput): OfferedMethod | undefined {
  return (
    input.shipping.offered.find((option) => String(option.method.id) === input.values.shipping_method) ??
    input.shipping.offered[0]
  );
}

/** The order's amounts with one delivery method (none: a shop without shipping zones) and one way of paying. */
export function checkoutTotals(
  goods: TaxableGoods,
  method: OfferedMethod | undefined,
  payment: string,
  codFee: number,
  tax: TaxContext,
  t: Translate,
  coupons: AppliedCoupons,
) {
  return orderTotals(
    goods,
    method ? [shippingLineOf(method)] : [],
    payment === 'cash_on_delivery' ? codFeeLine(codFee, t('checkout.codFee')) : [],
    tax,
    coupons,
  );
}

/**
 * The totals of one delivery and payment choice, named by the values of its two radios (`data-choice`). Only the choice
 * the form shows as made is visible; the others are rendered hidden, for the storefront script to show the one the
 * shopper picks (client/shop/checkout-totals.ts), so the total before the order button is always the one ordered,
 * computed here by the one function the order uses.
 */
function choiceTotals(input: CheckoutPageInput, method: OfferedMethod | undefined, payment: string, shown: boolean) {
  const { money } = input;
  const { t } = input.translator;
  const totals = checkoutTotals(input.cart, method, payment, input.codFee, input.tax, t, input.coupons);
  const withFee = checkoutTotals(input.cart, method, 'cash_on_delivery', input.codFee, input.tax, t, input.coupons);
  const shippingCost = totals.shipping_total;
  return html`<div class="order-totals-choice" ?hidden=${!shown} data-choice=${`${method?.method.id ?? ''}${payment}`} data-total=${String(totals.total)}>
    <dl class="order-totals">
      <div><dt>${t('checkout.subtotal')}</dt><dd>${formatMoney(totals.subtotal, money)}</dd></div>
      ${discountRows(input.coupons, money, t)}
      ${method ? html`<div><dt>${t('checkout.shippingLine', { method: method.method.title })}</dt><dd>${shippingCost === 0 ? t('checkout.free') : formatMoney(shippingCost, money)}</dd></div>` : nothing}
      ${totals.fee_lines.map((fee) => html`<div><dt>${fee.name}</dt><dd>${formatMoney(fee.total, money)}</dd></div>`)}
      <div class="order-totals__total"><dt>${t('checkout.total')}</dt><dd><strong>${formatMoney(totals.total, money)}</strong></dd></div>
      ${vatRows(totals.taxes, totals.total, money)}
    </dl>
    ${
      input.codFee > 0 && payment !== 'cash_on_delivery'
        ? html`<p class="order-totals__note">${t('checkout.codFeeNote', { fee: formatMoney(input.codFee, money), total: formatMoney(withFee.total, money) })}</p>`
        : nothing
    }
  </div>`;
}

function orderSummary(input: CheckoutPageInput) {
  const { cart, money } = input;
  const { t } = input.translator;
  const chosen = chosenMethod(input);
  // Before a way of paying is chosen (a form sent back without one), the first one's totals, as its radio comes first.
  const offered = input.paymentMethods;
  const payment = (offered as readonly string[]).includes(input.values.payment_method)
    ? (input.values.payment_method as PaymentMethod)
    : offered[0]!;
  const methods = input.shipping.offered.length > 0 ? input.shipping.offered : [undefined];
  return html`<section class="order-summary" aria-labelledby="order-summary-title">
    <h2 id="order-summary-title">${t('checkout.yourOrder')}</h2>
    <ul>${cart.lines.map(
      (
        line,
        index,
      ) => html`<li>${line.quantity} × ${line.item.title}: ${formatMoney(line.lineTotal, money)} ${lineDiscount(input.coupons.lines[index] ?? 0, money, t)}${unitPriceTemplate(line.item.product, line.unitPrice, money)}
        ${deliveryTimeTemplate(deliveryTimeOf(line.item.product.meta, input.deliveryTime), t)}</li>`,
    )}</ul>
    <input type="hidden" name="shown_total" value=${String(checkoutTotals(cart, chosen, payment, input.codFee, input.tax, t, input.coupons).total)} />
    <div class="order-totals-choices" aria-live="polite">
      ${methods.flatMap((method) => offered.map((each) => choiceTotals(input, method, each, method === chosen && each === payment)))}
    </div>
  </section>`;
}

function deliveryFieldset(input: CheckoutPageInput, firstError: string | undefined) {
  const { shipping, money, errors } = input;
  const { t } = input.translator;
  if (!shipping.configured) return nothing;
  const chosen = chosenMethod(input);
  const error = errors.shipping_method;
  return html`<fieldset class="shipping-methods ${error ? 'has-error' : ''}" aria-describedby=${error ? 'shipping_method-error' : nothing}>
    <legend>${t('checkout.deliveryTo', { country: shipping.countryName })}</legend>
    ${
      shipping.offered.length === 0
        ? html`<p class="field-error">${t('checkout.noDelivery', { country: shipping.countryName, button: t('checkout.updateDelivery') })}</p>`
        : shipping.offered.map(
            (
              option,
              index,
            ) => html`<div><input type="radio" id="shipping_method_${option.method.id}" name="shipping_method" value=${String(option.method.id)}
              ?checked=${option === chosen} ?autofocus=${firstError === 'shipping_method' && index === 0} />
            <label for="shipping_method_${option.method.id}">${methodText(option, money, t)}</label></div>`,
          )
    }
    ${freeShippingHint(shipping, input.cart.subtotal, money, t)}
    ${error ? html`<p class="field-error" id="shipping_method-error">${error}</p>` : nothing}
  </fieldset>`;
}

function paymentLabel(method: PaymentMethod, input: CheckoutPageInput) {
  const { t } = input.translator;
  return method === 'cash_on_delivery' && input.codFee > 0
    ? t('checkout.withFee', { method: t(PAYMENT_LABELS[method]), fee: formatMoney(input.codFee, input.money) })
    : t(PAYMENT_LABELS[method]);
}

export function checkoutPageTemplate(input: CheckoutPageInput) {
  const { values, errors } = input;
  const { t } = input.translator;
  const labels = checkoutFieldLabels(t);
  const firstError = Object.keys(errors)[0];
  const buyerParts = { values, errors, firstError, shipping: input.shipping, t };
  const field = (
    name: CheckoutFieldName,
    extra: { type?: 'email' | 'tel'; autocomplete?: string; required?: boolean; hint?: string } = {},
  ) =>
    textField({
      name,
      label: labels[name],
      value: values[name],
      errors,
      required: extra.required ?? true,
      autofocus: name === firstError,
      ...extra,
    });
  return html`
    ${input.error ? html`<p class="notice notice--error" role="alert">${input.error}</p>` : nothing}
    ${errorSummary(errors, labels, t, input.checkboxErrors)}
    ${couponForm(input.coupons, input.token, '/checkout', t)}
    <form method="post" action="/checkout" class="checkout-form" novalidate>
      <input type="hidden" name=${CSRF_FIELD} value=${input.token} />
      <fieldset>
        <legend>${t('checkout.contactAndAddress')}</legend>
        ${field('email', { type: 'email', autocomplete: 'email' })}
        ${field('first_name', { autocomplete: 'given-name' })} ${field('last_name', { autocomplete: 'family-name' })}
        ${field('street', { autocomplete: 'street-address' })} ${field('postcode', { autocomplete: 'postal-code' })}
        ${field('city', { autocomplete: 'address-level2' })}
        ${countrySelect(input.shipping, errors, t, firstError === 'country', { name: 'country', label: labels.country, value: values.country, autocomplete: 'country' })}
        <button type="submit" name="update_shipping" value="1" class="button button--secondary">${t('checkout.updateDelivery')}</button>
        ${field('phone', { type: 'tel', autocomplete: 'tel', required: false })}
        ${input.offerInvoice ? invoiceRequestPart(buyerParts, values.invoice_requested !== '') : nothing}
        ${companyPart(buyerParts)}
      </fieldset>
      ${deliveryAddressPart(buyerParts)}
      ${deliveryFieldset(input, firstError)}
      <fieldset class=${errors.payment_method ? 'has-error' : ''} aria-describedby=${errors.payment_method ? 'payment_method-error' : nothing}>
        <legend>${t('checkout.payment')}</legend>
        ${input.paymentMethods.map(
          (method, index) => html`<div><input type="radio" id="payment_${method}" name="payment_method" value=${method}
              ?checked=${values.payment_method === method} ?autofocus=${firstError === 'payment_method' && index === 0} />
            <label for="payment_${method}">${paymentLabel(method, input)}</label></div>`,
        )}
        ${errors.payment_method ? html`<p class="field-error" id="payment_method-error">${errors.payment_method}</p>` : nothing}
      </fieldset>
      ${textField({
        name: 'customer_note',
        label: labels.customer_note,
        value: values.customer_note,
        errors,
        required: false,
        multiline: true,
        hint: t('checkout.customerNoteHint'),
        autofocus: firstError === 'customer_note',
      })}
      ${orderSummary(input)}
      ${input.withdrawalNotice ? html`<p class="withdrawal-notice">${input.withdrawalNotice}</p>` : nothing}
      ${legalCheckboxesTemplate(input.checkboxes, input.ticked, input.checkboxErrors, t, firstError === undefined)}
      <button type="submit" class="button button--primary">${input.orderButtonLabel}</button>
    </form>`;
}
