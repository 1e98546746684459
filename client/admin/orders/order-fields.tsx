/**
 * The Orders list's columns. Filtering, search and paging happen on the server (orders-view-query.ts): the fields
 * declare which filters exist (status, date) and only the date sorts, as wc/v3 orders by date.
 */
import type { Field } from '@wordpress/dataviews';
import { __ } from '@wordpress/i18n';
import { ORDER_STATUSES } from '../../api/orders.js';
import type { WcOrder } from '../data/orders-api.js';
import { formatApiMoney } from '../locale/shop-number.js';
import { formatShopDateTimeShort } from '../locale/shop-time.js';
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';
import { OrderStatusBadge, STATUS_LABELS } from './order-status.js';

const customerName = (order: WcOrder) => [order.billing.first_name, order.billing.last_name].filter(Boolean).join(' ');

export const orderPath = (id: number) => screenPath('orders', id);

export const ORDER_FIELDS: Field<WcOrder>[] = [
  {
    id: 'number',
    label: __('Order'),
    enableHiding: false,
    enableSorting: false,
    getValue: ({ item }) => item.number,
    // A link: the order view is a place to go (and to open in a new tab).
    render: ({ item }) => <AdminLink href={orderPath(item.id)}>{item.number}</AdminLink>,
  },
  {
    id: 'status',
    label: __('Status'),
    enableSorting: false,
    getValue: ({ item }) => item.status,
    render: ({ item }) => <OrderStatusBadge status={item.status} />,
    elements: ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    filterBy: { operators: ['isAny'] },
  },
  {
    id: 'date',
    label: __('Date'),
    type: 'date',
    getValue: ({ item }) => item.date_created.slice(0, 10),
    render: ({ item }) => <time dateTime={item.date_created}>{formatShopDateTimeShort(item.date_created)}</time>,
    filterBy: { operators: ['on', 'before', 'after', 'between'] },
  },
  {
    id: 'customer',
    label: __('Customer'),
    enableSorting: false,
    getValue: ({ item }) => `${customerName(item)} ${item.billing.email ?? ''}`,
    render: ({ item }) => (
      <span className="vitrine-order-customer">
        {customerName(item) || __('(no name)')}
        {item.billing.email && <span className="vitrine-help">{item.billing.email}</span>}
      </span>
    ),
  },
  {
    id: 'total',
    label: __('Total'),
    enableSorting: false,
    getValue: ({ item }) => Number(item.total),
    render: ({ item }) => formatApiMoney(item.total, item.currency),
  },
  {
    id: 'payment',
    label: __('Payment'),
    enableSorting: false,
    getValue: ({ item }) => item.payment_method_title || item.payment_method,
  },
  {
    id: 'shipping',
    label: __('Shipping'),
    enableSorting: false,
    getValue: ({ item }) => item.shipping_lines.map((line) => line.method_title).join(', ') || '—',
  },
];
