/**
 * An order's refunds in WooCommerce's shapes (its order refunds controller): the refund's amount positive, its items
 * and their taxes negative, each item naming the order's item it refunds in `_refunded_item_id` (the ids of the
 * order's answer: lines, then delivery lines, then fees), its VAT per rate as tax lines.
 */
import type { OrderRefund, RefundItem } from '../../client/api/refunds.js';
import { STANDARD_TAX_CLASS } from '../../client/api/taxes.js';
import type {
  WcOrderRefund,
  WcOrderRefundSummary,
  WcRefundItem,
  WcRefundLineItem,
} from '../../client/api/wc-orders.js';
import { toLocalDateTime } from '../store/local-time.js';
import type { Order } from '../store/schema.js';

/** The id an item of the order has in its wc/v3 answer (wc-order-shape.ts numbers them in one sequence). */
export function wcItemId(
  order: Pick<Order, 'lines' | 'shipping_lines'>,
  kind: RefundItem['kind'],
  index: number,
): number {
  if (kind === 'line') return index + 1;
  if (kind === 'shipping') return order.lines.length + index + 1;
  return order.lines.length + order.shipping_lines.length + index + 1;
}

/** The order item a wc/v3 item id names, or null. */
export function itemOfWcId(
  order: Pick<Order, 'lines' | 'shipping_lines' | 'fee_lines'>,
  id: number,
): { kind: RefundItem['kind']; index: number } | null {
  const lines = order.lines.length;
  const shipping = order.shipping_lines.length;
  if (id >= 1 && id <= lines) return { kind: 'line', index: id - 1 };
  if (id > lines && id <= lines + shipping) return { kind: 'shipping', index: id - lines - 1 };
  if (id > lines + shipping && id <= lines + shipping + order.fee_lines.length)
    return { kind: 'fee', index: id - lines - shipping - 1 };
  return null;
}

const negative = (minor: number) => (minor === 0 ? '0.00' : (-minor / 100).toFixed(2));

export const wcRefundSummary = (refund: OrderRefund): WcOrderRefundSummary => ({
  id: refund.id,
  reason: refund.reason,
  total: negative(refund.amount),
});

/** The order's refunds for its `refunds` list, newest first. */
export const wcRefundSummaries = (order: Order): WcOrderRefundSummary[] =>
  [...order.refunds].reverse().map(wcRefundSummary);

export function wcOrderRefund(order: Order, refund: OrderRefund, timeZone: string): WcOrderRefund {
  let nextId = wcItemId(order, 'fee', order.fee_lines.length) + order.taxes.tax_lines.length;
  const item = (entry: RefundItem): WcRefundItem => {
    const net = entry.total - entry.tax;
    return {
      id: ++nextId,
      name:
        entry.kind === 'line'
          ? (order.lines[entry.index]?.title ?? '')
          : entry.kind === 'shipping'
            ? (order.shipping_lines[entry.index]?.method_title ?? '')
            : (order.fee_lines[entry.index]?.name ?? ''),
      quantity: -entry.quantity,
      total: negative(net),
      total_tax: negative(entry.tax),
      taxes: entry.taxes.map((share) => ({ id: share.rate_id, total: negative(share.tax), subtotal: '' })),
      meta_data: [{ id: nextId, key: '_refunded_item_id', value: String(wcItemId(order, entry.kind, entry.index)) }],
      refund_total: net / 100,
    };
  };
  const lineItems: WcRefundLineItem[] = refund.items
    .filter((entry) => entry.kind === 'line')
    .map((entry) => {
      const base = item(entry);
      const line = order.lines[entry.index];
      const taxClass = order.taxes.lines[entry.index]?.tax_class ?? '';
      return {
        ...base,
        product_id: line?.product_id ?? 0,
        variation_id: line?.variation_id ?? 0,
        tax_class: taxClass === STANDARD_TAX_CLASS ? '' : taxClass,
        subtotal: base.total,
        subtotal_tax: base.total_tax,
        taxes: base.taxes.map((tax) => ({ ...tax, subtotal: tax.total })),
        sku: line?.sku ?? '',
        price: entry.quantity ? -(entry.total - entry.tax) / 100 / entry.quantity : 0,
      };
    });
  const shippingTax = (rateId: number) =>
    refund.items
      .filter((entry) => entry.kind === 'shipping')
      .flatMap((entry) => entry.taxes)
      .filter((share) => share.rate_id === rateId)
      .reduce((sum, share) => sum + share.tax, 0);
  return {
    id: refund.id,
    date_created: toLocalDateTime(refund.created_at, timeZone),
    date_created_gmt: refund.created_at.slice(0, 19),
    amount: (refund.amount / 100).toFixed(2),
    reason: refund.reason,
    refunded_by: refund.refunded_by.id ?? 0,
    refunded_payment: refund.api_refund,
    meta_data: refund.withdrawal_id ? [{ id: 1, key: '_withdrawal_id', value: String(refund.withdrawal_id) }] : [],
    line_items: lineItems,
    shipping_lines: refund.items.filter((entry) => entry.kind === 'shipping').map(item),
    fee_lines: refund.items.filter((entry) => entry.kind === 'fee').map(item),
    tax_lines: refund.rates.map((rate) => {
      const line = order.taxes.tax_lines.find((candidate) => candidate.rate_id === rate.rate_id);
      const onDelivery = shippingTax(rate.rate_id);
      return {
        id: ++nextId,
        rate_code: line?.rate_code ?? '',
        rate_id: rate.rate_id,
        label: rate.label,
        compound: line?.compound ?? false,
        tax_total: negative(rate.tax - onDelivery),
        shipping_tax_total: negative(onDelivery),
        rate_percent: rate.rate_percent,
        meta_data: [],
      };
    }),
  };
}
