/** The cart page: the lines with their quantities, the subtotal, and what stands between the cart and the checkout. */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { CSRF_FIELD } from '../../auth/csrf.js';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import { deliveryTimeOf } from '../../catalog/sales-meta.js';
import type { PricedCart, PricedLine } from './cart-lines.js';
import { errorId } from '../form-fields.js';
import { orderTotals, type AppliedCoupons, type TaxContext } from '../checkout/order-totals.js';
import { couponForm, discountTableRows, lineDiscount } from '../coupons/coupon-templates.js';
import { minorUnits } from '../../tax/order-taxes.js';
import { vatList } from '../tax/vat-summary.js';
import { shippingLineOf } from '../shipping/shipping-zones.js';
import type { ShippingView } from '../shipping/shipping-view.js';
import {
  countrySelect,
  deliveryTimeTemplate,
  freeShippingHint,
  methodText,
  unitPriceTemplate,
} from '../shipping/shipping-templates.js';
import { messageRef, type MessageRef } from '../../i18n/message-ref.js';
import type { Translator } from '../../i18n/translator.js';

export interface CartPageInput {
  cart: PricedCart;
  money: PriceFormatOptions;
  translator: Translator;
  token: string;
  /** The smallest order the shop takes (0: none). */
  minimumOrder: number;
  /** The shipping estimate for the country asked for (or the shop's default). */
  shipping: ShippingView;
  /** The shop's delivery time, for products that give none. */
  deliveryTime: string;
  /** What the cart's VAT depends on besides its amounts. */
  tax: TaxContext;
  /** The coupons applied to it (none: NO_COUPONS). */
  coupons: AppliedCoupons;
  notice?: string;
  error?: string;
  /** The quantities as the shopper typed them, shown again after a refused update. */
  typed?: ReadonlyMap<number, string>;
  /** The line whose quantity was refused, and why: its field points at the reason and takes the focus. */
  refused?: { itemId: number; message: string };
}

/** Why the cart cannot go to the checkout yet, or null. */
export function checkoutBlocker(cart: PricedCart, minimumOrder: number, money: PriceFormatOptions): MessageRef | null {
  if (cart.lines.length === 0) return messageRef('cart.emptyBlocker');
  if (cart.lines.some((line) => line.problem)) return messageRef('cart.problemBlocker');
  if (minimumOrder > 0 && cart.subtotal < minimumOrder) {
    return messageRef('cart.minimumOrder', {
      minimum: formatMoney(minimumOrder, money),
      missing: formatMoney(Math.round((minimumOrder - cart.subtotal) * 100) / 100, money),
    });
  }
  return null;
}

export function cartPageTemplate(input: CartPageInput) {
  const { cart, money } = input;
  const { t, say } = input.translator;
  const blocker = checkoutBlocker(cart, input.minimumOrder, money);
  return html`
    ${input.notice ? html`<p class="notice" role="status">${input.notice}</p>` : nothing}
    ${input.error ? html`<p class="notice notice--error" role="alert">${input.error}</p>` : nothing}
    ${
      cart.lines.length === 0
        ? html`<p>${t('cart.empty')} <a href="/shop">${t('cart.continueShopping')}</a></p>`
        : html`<form method="post" action="/cart/update" class="cart-form">
          <input type="hidden" name=${CSRF_FIELD} value=${input.token} />
          <table class="cart-table">
            <caption class="visually-hidden">${t('cart.caption')}</caption>
            <thead><tr><th scope="col">${t('cart.product')}</th><th scope="col">${t('cart.price')}</th><th scope="col">${t('cart.quantity')}</th><th scope="col">${t('cart.total')}</th><th scope="col"><span class="visually-hidden">${t('cart.remove')}</span></th></tr></thead>
            <tbody>
              ${cart.lines.map(
                (line, index) => html`<tr>
                  <th scope="row"><a href="/product/${line.item.product.slug}">${line.item.title}</a>
                    ${deliveryTimeTemplate(deliveryTimeOf(line.item.product.meta, input.deliveryTime), t)}
                    ${line.problem ? html`<p class="field-error" id=${problemId(line)}>${say(line.problem)}</p>` : nothing}</th>
                  <td>${formatMoney(line.unitPrice, money)}${unitPriceTemplate(line.item.product, line.unitPrice, money)}</td>
                  <td>${quantityField(input, line)}</td>
                  <td>${formatMoney(line.lineTotal, money)} ${lineDiscount(input.coupons.lines[index] ?? 0, money, t)}</td>
                  <td><button type="submit" name="remove" value=${String(line.item.itemId)} class="button-link">${t('cart.remove')}<span class="visually-hidden"> ${line.item.title}</span></button></td>
                </tr>`,
              )}
            </tbody>
            <tfoot><tr><th scope="row" colspan="3">${t('cart.subtotal')}</th><td>${formatMoney(cart.subtotal, money)}</td><td></td></tr>
              ${discountTableRows(input.coupons, money, t, 3)}
              ${afterDiscountRow(input)}</tfoot>
          </table>
          <button type="submit" class="button button--secondary">${t('cart.update')}</button>
        </form>
        ${couponForm(input.coupons, input.token, '/cart', t)}
        ${goodsVat(input)}
        ${shippingEstimate(input)}
        ${
          blocker
            ? html`<p class="notice" role="status" id="checkout-blocker">${say(blocker)}</p>`
            : html`<p><a class="button" href=${checkoutLink(input.shipping)}>${t('cart.proceed')}</a></p>`
        }`
    }
  `;
}

/** The goods' amount after the coupons, when they took something off. */
function afterDiscountRow({ cart, coupons, money, translator }: CartPageInput) {
  const discount = coupons.lines.reduce((sum, amount) => sum + amount, 0);
  if (discount === 0) return nothing;
  const after = formatMoney((minorUnits(cart.subtotal) - discount) / 100, money);
  return html`<tr><th scope="row" colspan="3">${translator.t('coupon.afterDiscount')}</th><td>${after}</td><td></td></tr>`;
}

/** The VAT of the goods alone (delivery is taxed at the checkout, once it is chosen). */
function goodsVat({ cart, money, tax, coupons }: CartPageInput) {
  const goods = orderTotals(cart, [], [], tax, { ...coupons, free_shipping: false });
  return vatList(goods.taxes, goods.total, money);
}

const problemId = (line: PricedLine) => `qty_${line.item.itemId}-problem`;

/**
 * A line's quantity, as typed if the update was refused; the refused line's field says why, beside it. A line's
 * stock problem (fewer left than in the cart), shown under its name, is tied to the field too.
 */
function quantityField(input: CartPageInput, line: PricedLine) {
  const id = `qty_${line.item.itemId}`;
  const refused = input.refused?.itemId === line.item.itemId ? input.refused : undefined;
  const describedBy = [refused ? errorId(id) : '', line.problem ? problemId(line) : ''].filter(Boolean).join(' ');
  return html`<label class="visually-hidden" for=${id}>${input.translator.t('cart.quantityOf', { title: line.item.title })}</label>
    <input id=${id} name=${id} type="number" min="0" max="99" inputmode="numeric" value=${input.typed?.get(line.item.itemId) ?? String(line.quantity)}
      aria-invalid=${describedBy ? 'true' : nothing} aria-describedby=${describedBy || nothing} ?autofocus=${Boolean(refused)} />
    ${refused ? html`<p class="field-error" id=${errorId(id)}>${refused.message}</p>` : nothing}`;
}

/** The checkout, for the country the cart's estimate is for. */
const checkoutLink = (shipping: ShippingView) =>
  shipping.country === shipping.defaultCountry ? '/checkout' : `/checkout?country=${shipping.country}`;

/**
 * The shipping for the cart's goods to one country, with a plain GET form to ask for another (no JavaScript needed;
 * it changes nothing, so it needs no token). The estimate's total takes the first method, as the checkout pre-selects
 * it.
 */
function shippingEstimate({ cart, money, shipping, tax, translator, coupons }: CartPageInput) {
  if (!shipping.configured) return nothing;
  const { t } = translator;
  const first = shipping.offered[0];
  const estimate = orderTotals(cart, first ? [shippingLineOf(first)] : [], [], tax, coupons);
  return html`<section class="shipping-estimate" aria-labelledby="shipping-estimate-title">
    <h2 id="shipping-estimate-title">${t('cart.shippingTo', { country: shipping.countryName })}</h2>
    <form method="get" action="/cart" class="shipping-estimate__form">
      ${countrySelect(shipping, {}, t)}
      <button type="submit" class="button button--secondary">${t('cart.updateEstimate')}</button>
    </form>
    ${
      first
        ? html`<ul class="shipping-methods">${shipping.offered.map((option) => html`<li>${methodText(option, money, t)}</li>`)}</ul>
          ${freeShippingHint(shipping, cart.subtotal, money, t)}
          <p class="shipping-estimate__total"><strong>${t('cart.estimatedTotal', { method: first.method.title, total: formatMoney(estimate.total, money) })}</strong></p>`
        : html`<p class="notice notice--error">${t('cart.noDelivery', { country: shipping.countryName })}</p>`
    }
  </section>`;
}
