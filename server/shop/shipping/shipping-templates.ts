/**
 * The pieces of shipping that the cart and the checkout both show: the country `<select>`, a method with its cost,
 * a delivery time, and a line's unit price. Server-only Lit templates: every value is escaped.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { formatMoney, formatUnitPrice, type PriceFormatOptions } from '../../catalog/price-format.js';
import { unitPrice } from '../../catalog/sales-meta.js';
import type { Product } from '../../catalog/model.js';
import { selectField, type FieldErrors } from '../form-fields.js';
import type { OfferedMethod } from './shipping-zones.js';
import type { ShippingView } from './shipping-view.js';
import type { Translate } from '../../i18n/translator.js';

/** "Courier: 14,99 zł", "Free shipping: free". */
export function methodText({ method, cost }: OfferedMethod, money: PriceFormatOptions, t: Translate): string {
  return t('shipping.methodCost', {
    method: method.title,
    cost: cost === 0 ? t('shipping.free') : formatMoney(cost, money),
  });
}

/** Which country field: the billing address's `country` unless told otherwise (a delivery address's own). */
export interface CountryFieldOptions {
  name: string;
  label: string;
  value: string;
  autocomplete: string;
}

/** A `<select>` of the countries the shop delivers to (`view.countries`). */
export function countrySelect(
  view: ShippingView,
  errors: FieldErrors,
  t: Translate,
  autofocus = false,
  field: CountryFieldOptions = {
    name: 'country',
    label: t('shipping.country'),
    value: view.country,
    autocomplete: 'country',
  },
) {
  return selectField({
    ...field,
    errors,
    required: true,
    autofocus,
    choices: view.countries.map((country) => ({ value: country.code, label: country.name })),
  });
}

export const deliveryTimeTemplate = (deliveryTime: string, t: Translate) =>
  deliveryTime
    ? html`<small class="delivery-time">${t('shipping.deliveryTime', { time: deliveryTime })}</small>`
    : nothing;

/** "(39,00 zł / 1 kg)" for an item that costs `price` now, or nothing when the product gives no unit price. */
export function unitPriceTemplate(product: Pick<Product, 'meta'>, price: number, money: PriceFormatOptions) {
  const perUnit = unitPrice(price, product.meta);
  return perUnit ? html` <small class="price-unit">(${formatUnitPrice(perUnit, money)})</small>` : nothing;
}

/** How far the goods are from free shipping, when some method would make it free. */
export function freeShippingHint(view: ShippingView, subtotal: number, money: PriceFormatOptions, t: Translate) {
  if (view.freeFrom === null) return nothing;
  const missing = Math.round((view.freeFrom - subtotal) * 100) / 100;
  return html`<p class="shipping-hint">${t('shipping.freeFrom', { from: formatMoney(view.freeFrom, money), missing: formatMoney(missing, money) })}</p>`;
}
