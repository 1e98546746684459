/**
 * The order confirmation, which is also the customer's view of an order from their account: what was ordered, the
 * shipping and fees, what it costs, how to pay while payment is due (for a bank transfer: the account, the amount and
 * the transfer title, which is the order number) or else the order's status, where it goes, and the consents given.
 */
import { vatTableRows } from '../tax/vat-summary.js';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { ORDER_STATUS_LABELS, UNPAID_STATUSES, type OrderStatus } from '../../../client/api/orders.js';
import { collectedByCustomer } from '../../../client/api/shipping.js';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import { groupedIban } from '../../store/bank-account.js';
import type { Order } from '../../store/schema.js';
import { PAYMENT_LABELS } from '../checkout/checkout-fields.js';
import { orderAddressesTemplate } from './order-addresses.js';

/** Who a bank transfer is paid to (checkout settings); an empty IBAN means the shop has not given its account. */
export interface PaymentDetails {
  companyName: string;
  companyAddress: string;
  accountHolder: string;
  iban: string;
  bic: string;
  bankName: string;
}

function bankTransferDetails(order: Order, money: PriceFormatOptions, payee: PaymentDetails) {
  const amount = formatMoney(order.total, money);
  if (!payee.iban) {
    return html`<p>Please transfer ${amount} to ${payee.companyName}, ${payee.companyAddress}, with the title <strong>${order.number}</strong>.
      We will send you our account number. We send the order once the payment arrives.</p>`;
  }
  return html`<p>Please transfer the amount below with the order number as its title. We send the order once the payment arrives.</p>
    <dl class="bank-details">
      <div><dt>Account holder</dt><dd>${payee.accountHolder || payee.companyName}</dd></div>
      <div><dt>IBAN</dt><dd class="bank-details__iban">${groupedIban(payee.iban)}</dd></div>
      ${payee.bic ? html`<div><dt>BIC (SWIFT)</dt><dd>${payee.bic.trim().toUpperCase()}</dd></div>` : nothing}
      ${payee.bankName ? html`<div><dt>Bank</dt><dd>${payee.bankName}</dd></div>` : nothing}
      <div><dt>Transfer title</dt><dd><strong>${order.number}</strong></dd></div>
      <div><dt>Amount</dt><dd><strong>${amount}</strong></dd></div>
    </dl>`;
}

/** Orders that will not be paid (any more). */
const ENDED_STATUSES: readonly OrderStatus[] = ['cancelled', 'refunded', 'failed'];

/**
 * Whether the customer still has to pay: a bank transfer while the shop waits for it; cash on delivery until the
 * goods are handed over (the order is processed unpaid). The page is also the customer's view of the order later on,
 * so a cancelled, refunded or paid order asks for nothing.
 */
function paymentDue(order: Order): boolean {
  if (UNPAID_STATUSES.includes(order.status)) return true;
  return order.payment_method === 'cash_on_delivery' && order.status === 'processing';
}

export function orderPageTemplate(
  order: Order,
  money: PriceFormatOptions,
  payee: PaymentDetails,
  withdrawalLink: string | null,
) {
  const locale = money.locale;
  return html`<p class="notice" role="status">Thank you. Your order <strong>${order.number}</strong> has been received.</p>
    <table class="order-lines">
      <caption>Order ${order.number}</caption>
      <thead><tr><th scope="col">Product</th><th scope="col">Quantity</th><th scope="col">Price</th><th scope="col">Total</th></tr></thead>
      <tbody>${order.lines.map(
        (line) =>
          html`<tr><th scope="row">${line.title}</th><td>${line.quantity}</td><td>${formatMoney(line.unit_price, money)}</td><td>${formatMoney(line.line_total, money)}</td></tr>`,
      )}</tbody>
      <tfoot>
        ${order.shipping_lines.length || order.fee_lines.length ? html`<tr><th scope="row" colspan="3">Subtotal</th><td>${formatMoney(order.subtotal, money)}</td></tr>` : nothing}
        ${order.shipping_lines.map((line) => html`<tr><th scope="row" colspan="3">Shipping: ${line.method_title}</th><td>${line.total === 0 ? 'Free' : formatMoney(line.total, money)}</td></tr>`)}
        ${order.fee_lines.map((fee) => html`<tr><th scope="row" colspan="3">${fee.name}</th><td>${formatMoney(fee.total, money)}</td></tr>`)}
        <tr><th scope="row" colspan="3">Total</th><td>${formatMoney(order.total, money)}</td></tr>
        ${vatTableRows(order.taxes, order.total, money, 3)}
      </tfoot>
    </table>
    <h2>Payment</h2>
    <p>${PAYMENT_LABELS[order.payment_method].replace(/ \(.*\)$/, '')}</p>
    ${
      paymentDue(order)
        ? order.payment_method === 'bank_transfer'
          ? bankTransferDetails(order, money, payee)
          : html`<p>Please pay ${formatMoney(order.total, money)} ${collectedByCustomer(order.shipping_lines) ? 'when you collect your order' : 'to the courier on delivery'}.</p>`
        : html`<p>Order status: ${ORDER_STATUS_LABELS[order.status]}. ${ENDED_STATUSES.includes(order.status) ? 'There is nothing to pay.' : 'Paid.'}</p>`
    }
    ${orderAddressesTemplate(order, locale)}
    ${
      order.consent.length
        ? html`<h2>Your consents</h2><ul class="given-consents">${order.consent.map((given) => html`<li>${given.accepted ? 'Given' : 'Not given'}: ${given.label}</li>`)}</ul>`
        : nothing
    }
    ${withdrawalLink ? html`<p><a href=${withdrawalLink}>Withdraw from contract here</a></p>` : nothing}`;
}
