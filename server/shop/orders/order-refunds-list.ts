/**
 * The refunds of an order as its customer reads them on the order page: each with its day, what went back, the VAT
 * inside it per rate ("w tym VAT 23%: 4,60 zł"), and the shop's reason.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import { readableDate } from '../../i18n/readable-date.js';
import type { Translate } from '../../i18n/translator.js';
import type { Order } from '../../store/schema.js';

export function orderRefundsTemplate(order: Order, money: PriceFormatOptions, timeZone: string, t: Translate) {
  if (order.refunds.length === 0) return nothing;
  const amount = (minor: number) => formatMoney(minor / 100, money);
  return html`<h2>${t('order.refunds')}</h2>
    <ul class="order-refunds">${order.refunds.map(
      (refund) =>
        html`<li><p>${t('order.refunded', { date: readableDate(refund.created_at, { locale: money.locale, timeZone }), amount: amount(refund.amount) })}</p>
          ${refund.rates.some((rate) => rate.tax > 0) ? html`<p>${refund.rates.filter((rate) => rate.tax > 0).map((rate, index) => html`${index ? ', ' : ''}${t('order.refundVat', { rate: rate.label, amount: amount(rate.tax) })}`)}</p>` : nothing}
          ${refund.reason ? html`<p>${t('order.refundReason', { reason: refund.reason })}</p>` : nothing}</li>`,
    )}</ul>`;
}
