/**
 * The checkout's company and delivery-address parts: a checkbox each, and the fields it reveals. The reveal is the
 * stylesheet's (`.checkout-part:has(...:checked)` in client/styles/shop.css), so it needs no script; a browser without
 * `:has()` shows the fields all the time, and the server counts them only when their box is ticked (buyer-fields.ts).
 */
import { html } from '@lit-labs/ssr';
import { textField, type FieldErrors } from '../form-fields.js';
import type { Translate } from '../../i18n/translator.js';
import type { ShippingView } from '../shipping/shipping-view.js';
import { countrySelect } from '../shipping/shipping-templates.js';
import type { BuyerFieldName, DeliveryFieldName } from './buyer-fields.js';
import { CHECKOUT_FIELDS } from './checkout-fields.js';

export interface BuyerPartsInput {
  values: Record<BuyerFieldName, string>;
  errors: FieldErrors;
  /** The field that gets the focus: the first in error. */
  firstError: string | undefined;
  /** Shipping to the delivery country, for the country list. */
  shipping: ShippingView;
  /** The shopper's language, for the fields the checkout shares with the rest of the form. */
  t: Translate;
}

function toggle(input: BuyerPartsInput, name: 'company_buyer' | 'ship_elsewhere', checked: boolean) {
  return html`<div class="checkout-part__toggle">
    <input type="checkbox" id=${name} name=${name} value="1" ?checked=${checked} />
    <label for=${name}>${input.t(CHECKOUT_FIELDS[name])}</label>
  </div>`;
}

function buyerField(
  input: BuyerPartsInput,
  name: Exclude<BuyerFieldName, 'company_buyer' | 'ship_elsewhere' | 'shipping_country'>,
  extra: { autocomplete?: string; hint?: string } = {},
) {
  return textField({
    name,
    label: input.t(CHECKOUT_FIELDS[name]),
    value: input.values[name],
    errors: input.errors,
    required: true,
    autofocus: input.firstError === name,
    ...extra,
  });
}

/**
 * "I want a VAT invoice" for a consumer, who has no tax number: a company buyer ticks the company part instead. Shown
 * only by a shop that issues invoices (it has its NIP).
 */
export function invoiceRequestPart(input: Pick<BuyerPartsInput, 't'>, checked: boolean) {
  return html`<div class="checkout-part">
    <div class="checkout-part__toggle">
      <input type="checkbox" id="invoice_requested" name="invoice_requested" value="1" ?checked=${checked} />
      <label for="invoice_requested">${input.t(CHECKOUT_FIELDS.invoice_requested)}</label>
    </div>
  </div>`;
}

/** "I am buying as a company": the company's name and its NIP or EU VAT number. */
export function companyPart(input: BuyerPartsInput) {
  return html`<div class="checkout-part">
    ${toggle(input, 'company_buyer', input.values.company_buyer !== '')}
    <div class="checkout-part__fields">
      ${buyerField(input, 'company', { autocomplete: 'organization' })}
      ${buyerField(input, 'company_tax_id', { hint: input.t('checkout.taxNumberHint') })}
    </div>
  </div>`;
}

const DELIVERY_AUTOCOMPLETE: Record<Exclude<DeliveryFieldName, 'shipping_country'>, string> = {
  shipping_first_name: 'shipping given-name',
  shipping_last_name: 'shipping family-name',
  shipping_street: 'shipping street-address',
  shipping_postcode: 'shipping postal-code',
  shipping_city: 'shipping address-level2',
};

/** "Deliver to a different address": the recipient's name and address, with the country list of the shop's zones. */
export function deliveryAddressPart(input: BuyerPartsInput) {
  const names = Object.keys(DELIVERY_AUTOCOMPLETE) as (keyof typeof DELIVERY_AUTOCOMPLETE)[];
  return html`<fieldset class="checkout-part">
    <legend>${input.t('checkout.deliveryAddress')}</legend>
    ${toggle(input, 'ship_elsewhere', input.values.ship_elsewhere !== '')}
    <div class="checkout-part__fields">
      ${names.map((name) => buyerField(input, name, { autocomplete: DELIVERY_AUTOCOMPLETE[name] }))}
      ${countrySelect(input.shipping, input.errors, input.t, input.firstError === 'shipping_country', {
        name: 'shipping_country',
        label: input.t(CHECKOUT_FIELDS.shipping_country),
        value: input.values.shipping_country,
        autocomplete: 'shipping country',
      })}
      <button type="submit" name="update_shipping" value="1" class="button button--secondary">${input.t('checkout.updateDelivery')}</button>
    </div>
    <p class="checkout-part__note">${input.t('checkout.sameAddress')}</p>
  </fieldset>`;
}
