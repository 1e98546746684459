/**
 * The order confirmation, which is also the customer's view of an order from their account: what was ordered, the
 * shipping and fees, what it costs, how to pay while payment is due (for a bank transfer: the account, the amount and
 * the transfer title, which is the order number) or else the order's status, where it goes, and the consents given.
 */
import { lineDiscount } from '../coupons/coupon-templates.js';
import { vatTableRows } from '../tax/vat-summary.js';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { UNPAID_STATUSES, type OrderStatus } from '../../../client/api/orders.js';
import { collectedByCustomer } from '../../../client/api/shipping.js';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import { groupedIban } from '../../store/bank-account.js';
import type { Order } from '../../store/schema.js';
import { PAYMENT_NAMES } from '../checkout/checkout-fields.js';
import type { Translate } from '../../i18n/translator.js';
import { orderAddressesTemplate } from './order-addresses.js';
import { orderInvoicesTemplate } from './order-invoices-list.js';
import { orderRefundsTemplate } from './order-refunds-list.js';
import type { Invoice } from '../../../client/api/invoices.js';

/** The catalogue keys of the order statuses, as the customer reads them. */
export const STATUS_KEYS: Record<OrderStatus, string> = {
  pending: 'order.statusPending',
  processing: 'order.statusProcessing',
  'on-hold': 'order.statusOnHold',
  completed: 'order.statusCompleted',
  cancelled: 'order.statusCancelled',
  refunded: 'order.statusRefunded',
  failed: 'order.statusFailed',
};

/** Who a bank transfer is paid to (checkout settings); an empty IBAN means the shop has not given its account. */
export interface PaymentDetails {
  companyName: string;
  companyAddress: string;
  accountHolder: string;
  iban: string;
  bic: string;
  bankName: string;
}

function bankTransferDetails(order: Order, money: PriceFormatOptions, payee: PaymentDetails, t: Translate) {
  const amount = formatMoney(order.total, money);
  if (!payee.iban) {
    return html`<p>${t('order.transferWithoutAccount', { amount, company: payee.companyName, address: payee.companyAddress, number: order.number })}</p>`;
  }
  return html`<p>${t('order.transferIntro')}</p>
    <dl class="bank-details">
      <div><dt>${t('order.accountHolder')}</dt><dd>${payee.accountHolder || payee.companyName}</dd></div>
      <div><dt>IBAN</dt><dd class="bank-details__iban">${groupedIban(payee.iban)}</dd></div>
      ${payee.bic ? html`<div><dt>BIC (SWIFT)</dt><dd>${payee.bic.trim().toUpperCase()}</dd></div>` : nothing}
      ${payee.bankName ? html`<div><dt>${t('order.bank')}</dt><dd>${payee.bankName}</dd></div>` : nothing}
      <div><dt>${t('order.transferTitle')}</dt><dd><strong>${order.number}</strong></dd></div>
      <div><dt>${t('order.amount')}</dt><dd><strong>${amount}</strong></dd></div>
    </dl>`;
}

/** Where a shopper whose online payment did not go through may start it again, and why they are back. */
export interface OnlinePaymentForm {
  action: string;
  /** The order's confirmation key, which the post must carry. */
  key: string;
  csrfField: string;
  csrfToken: string;
  /** What brought the shopper back: they left the provider's page, or it could not be reached. */
  returned: 'cancelled' | 'unavailable' | null;
}

function onlinePaymentDetails(order: Order, money: PriceFormatOptions, form: OnlinePaymentForm | null, t: Translate) {
  const amount = formatMoney(order.total, money);
  const notice =
    form?.returned === 'cancelled'
      ? 'order.paymentCancelled'
      : form?.returned === 'unavailable'
        ? 'order.paymentUnavailable'
        : null;
  return html`${notice ? html`<p class="notice notice--error" role="alert">${t(notice)}</p>` : nothing}
    <p role="status">${t('order.paymentConfirming', { amount })}</p>
    ${
      form
        ? html`<form method="post" action=${form.action}>
      <input type="hidden" name=${form.csrfField} value=${form.csrfToken} />
      <input type="hidden" name="key" value=${form.key} />
      <button type="submit" class="button button--primary">${t('order.payNow', { amount })}</button>
    </form>`
        : nothing
    }`;
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

/** "Paid.", or for an order paid online what was paid and how. */
function paidText(order: Order, money: PriceFormatOptions, t: Translate): string {
  if (order.date_paid === null || (order.payment_method !== 'stripe' && order.payment_method !== 'przelewy24'))
    return t('order.paid');
  return t('order.paidOnline', {
    amount: formatMoney(order.total, money),
    method: t(PAYMENT_NAMES[order.payment_method]),
  });
}

/** What the order page needs beside the order. */
export interface OrderPageContext {
  money: PriceFormatOptions;
  /** The shop's bank account, for an order paid by transfer. */
  payee: PaymentDetails;
  /** Where the withdrawal form is, or null when the shop offers none. */
  withdrawalLink: string | null;
  t: Translate;
  timeZone: string;
  /** The form that pays an online order still unpaid; null for other ways to pay. */
  onlinePayment?: OnlinePaymentForm | null;
  /** The order's invoices and the secret their download links are signed with. */
  invoices?: { list: readonly Pick<Invoice, 'id' | 'number' | 'type'>[]; secret: string };
}

export function orderPageTemplate(
  order: Order,
  {
    money,
    payee,
    withdrawalLink,
    t,
    timeZone,
    onlinePayment = null,
    invoices = { list: [], secret: '' },
  }: OrderPageContext,
) {
  const locale = money.locale;
  return html`<p class="notice" role="status">${t('order.received', { number: order.number })}</p>
    <table class="order-lines">
      <caption>${t('order.caption', { number: order.number })}</caption>
      <thead><tr><th scope="col">${t('order.product')}</th><th scope="col">${t('order.quantity')}</th><th scope="col">${t('order.price')}</th><th scope="col">${t('order.total')}</th></tr></thead>
      <tbody>${order.lines.map(
        (line) =>
          html`<tr><th scope="row">${line.title}</th><td>${line.quantity}</td><td>${formatMoney(line.unit_price, money)}</td><td>${formatMoney(line.line_total, money)} ${lineDiscount(line.discount ?? 0, money, t)}</td></tr>`,
      )}</tbody>
      <tfoot>
        ${order.shipping_lines.length || order.fee_lines.length || order.coupon_lines.length ? html`<tr><th scope="row" colspan="3">${t('order.subtotal')}</th><td>${formatMoney(order.subtotal, money)}</td></tr>` : nothing}
        ${order.coupon_lines.map((line) => html`<tr class="order-totals__discount"><th scope="row" colspan="3">${t('coupon.discountLine', { code: line.code })}</th><td>−${formatMoney(line.discount / 100, money)}</td></tr>`)}
        ${order.shipping_lines.map((line) => html`<tr><th scope="row" colspan="3">${t('order.shipping', { method: line.method_title })}</th><td>${line.total === 0 ? t('order.free') : formatMoney(line.total, money)}</td></tr>`)}
        ${order.fee_lines.map((fee) => html`<tr><th scope="row" colspan="3">${fee.name}</th><td>${formatMoney(fee.total, money)}</td></tr>`)}
        <tr><th scope="row" colspan="3">${t('order.total')}</th><td>${formatMoney(order.total, money)}</td></tr>
        ${vatTableRows(order.taxes, order.total, money, 3)}
      </tfoot>
    </table>
    <h2>${t('order.payment')}</h2>
    <p>${t(PAYMENT_NAMES[order.payment_method])}</p>
    ${
      paymentDue(order)
        ? order.payment_method === 'bank_transfer'
          ? bankTransferDetails(order, money, payee, t)
          : order.payment_method === 'stripe' || order.payment_method === 'przelewy24'
            ? onlinePaymentDetails(order, money, onlinePayment, t)
            : html`<p>${t(collectedByCustomer(order.shipping_lines) ? 'order.payOnCollection' : 'order.payCourier', { amount: formatMoney(order.total, money) })}</p>`
        : html`<p>${t('order.status', { status: t(STATUS_KEYS[order.status]) })} ${ENDED_STATUSES.includes(order.status) ? t('order.nothingToPay') : paidText(order, money, t)}</p>`
    }
    ${orderRefundsTemplate(order, money, timeZone, t)}
    ${orderInvoicesTemplate(order, invoices.list, invoices.secret, t)}
    ${orderAddressesTemplate(order, locale, t)}
    ${
      order.consent.length
        ? html`<h2>${t('order.consents')}</h2><ul class="given-consents">${order.consent.map((given) => html`<li>${t(given.accepted ? 'order.consentGiven' : 'order.consentNotGiven', { label: given.label })}</li>`)}</ul>`
        : nothing
    }
    ${withdrawalLink ? html`<p><a href=${withdrawalLink}>${t('layout.withdraw')}</a></p>` : nothing}`;
}
