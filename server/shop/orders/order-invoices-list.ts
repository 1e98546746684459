/**
 * The invoices of an order as its customer finds them on the order page: each a PDF download, a correction named as
 * one, through the order's key (the invoice route checks it again).
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Invoice } from '../../../client/api/invoices.js';
import type { Translate } from '../../i18n/translator.js';
import type { Order } from '../../store/schema.js';
import { orderInvoicePdfPath } from './order-access.js';

export function orderInvoicesTemplate(
  order: Order,
  invoices: readonly Pick<Invoice, 'id' | 'number' | 'type'>[],
  secret: string,
  t: Translate,
) {
  if (invoices.length === 0) return nothing;
  return html`<h2>${t('order.invoices')}</h2>
    <ul class="order-invoices">${invoices.map(
      (invoice) =>
        html`<li><a href=${orderInvoicePdfPath(secret, order.number, invoice.id)} download>${invoice.type === 'KOR' ? t('order.correctionPdf', { number: invoice.number }) : t('order.invoicePdf', { number: invoice.number })}</a></li>`,
    )}</ul>`;
}
