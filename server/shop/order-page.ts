/** The order confirmation: what was ordered, what it costs, how to pay, and the consents given. */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { formatMoney, type PriceFormatOptions } from '../catalog/price-format.js';
import type { Order } from '../store/schema.js';
import { PAYMENT_LABELS } from './checkout-fields.js';

export interface PaymentDetails {
  companyName: string;
  companyAddress: string;
}

export function orderPageTemplate(order: Order, money: PriceFormatOptions, payee: PaymentDetails, withdrawalLink: string | null) {
  return html`<p class="notice" role="status">Thank you. Your order <strong>${order.number}</strong> has been received.</p>
    <table class="order-lines">
      <caption>Order ${order.number}</caption>
      <thead><tr><th scope="col">Product</th><th scope="col">Quantity</th><th scope="col">Price</th><th scope="col">Total</th></tr></thead>
      <tbody>${order.lines.map(
        (line) => html`<tr><th scope="row">${line.title}</th><td>${line.quantity}</td><td>${formatMoney(line.unit_price, money)}</td><td>${formatMoney(line.line_total, money)}</td></tr>`,
      )}</tbody>
      <tfoot><tr><th scope="row" colspan="3">Total</th><td>${formatMoney(order.total, money)}</td></tr></tfoot>
    </table>
    <h2>Payment</h2>
    <p>${PAYMENT_LABELS[order.payment_method]}</p>
    ${order.payment_method === 'bank_transfer'
      ? html`<p>Please transfer ${formatMoney(order.total, money)} to ${payee.companyName}, ${payee.companyAddress}, with the title
          <strong>${order.number}</strong>. We send the order once the payment arrives.</p>`
      : html`<p>Please pay ${formatMoney(order.total, money)} to the courier on delivery.</p>`}
    <h2>Delivery address</h2>
    <address>${order.billing.first_name} ${order.billing.last_name}<br />${order.billing.street}<br />${order.billing.postcode} ${order.billing.city}<br />${order.billing.country}</address>
    ${order.consent.length
      ? html`<h2>Your consents</h2><ul class="given-consents">${order.consent.map((given) => html`<li>${given.accepted ? 'Given' : 'Not given'}: ${given.label}</li>`)}</ul>`
      : nothing}
    ${withdrawalLink ? html`<p><a href=${withdrawalLink}>Withdraw from contract here</a></p>` : nothing}`;
}
