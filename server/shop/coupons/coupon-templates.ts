/**
 * The coupon parts of the cart and checkout pages: the field that applies a code (a plain form post with its CSRF
 * token, no script needed) with a button to remove each applied one, a line's discount, and the discount rows of the
 * totals.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { CSRF_FIELD } from '../../auth/csrf.js';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import type { Translate } from '../../i18n/translator.js';
import type { AppliedCoupons } from '../checkout/order-totals.js';
import { MAX_CODE_LENGTH } from './coupon-cookie.js';

const grosz = (amount: number, money: PriceFormatOptions) => formatMoney(amount / 100, money);

/** The form that applies a code, and removes applied ones; `back` is where it returns (the cart or the checkout). */
export function couponForm(applied: AppliedCoupons, token: string, back: string, t: Translate) {
  return html`<form method="post" action="/cart/coupon" class="coupon-form">
    <input type="hidden" name=${CSRF_FIELD} value=${token} />
    <input type="hidden" name="back" value=${back} />
    <label for="coupon_code">${t('coupon.label')}</label>
    <input id="coupon_code" name="coupon_code" type="text" maxlength=${String(MAX_CODE_LENGTH)} autocomplete="off" />
    <button type="submit" class="button button--secondary">${t('coupon.apply')}</button>
    ${
      applied.coupons.length
        ? html`<ul class="coupon-form__applied">${applied.coupons.map(
            (coupon) =>
              html`<li>${coupon.code} <button type="submit" name="remove_coupon" value=${coupon.code} class="button-link">${t('coupon.remove')}<span class="visually-hidden"> ${coupon.code}</span></button></li>`,
          )}</ul>`
        : nothing
    }
  </form>`;
}

/** What coupons took off one line, beside its amount (nothing when they took nothing). */
export function lineDiscount(discount: number, money: PriceFormatOptions, t: Translate) {
  return discount > 0
    ? html`<span class="line-discount">${t('coupon.lineDiscount', { amount: grosz(discount, money) })}</span>`
    : nothing;
}

/** Each coupon's discount as rows of a `<dl class="order-totals">`. */
export function discountRows(applied: AppliedCoupons, money: PriceFormatOptions, t: Translate) {
  return applied.coupons.map(
    (coupon) =>
      html`<div class="order-totals__discount"><dt>${t('coupon.discountLine', { code: coupon.code })}</dt><dd>−${grosz(coupon.discount, money)}</dd></div>`,
  );
}

/** Each coupon's discount as rows of a table's footer whose label spans `span` columns. */
export function discountTableRows(applied: AppliedCoupons, money: PriceFormatOptions, t: Translate, span: number) {
  return applied.coupons.map(
    (coupon) =>
      html`<tr class="order-totals__discount"><th scope="row" colspan=${String(span)}>${t('coupon.discountLine', { code: coupon.code })}</th><td>−${grosz(coupon.discount, money)}</td><td></td></tr>`,
  );
}
