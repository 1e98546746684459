/**
 * The Invoices list's columns: number, date, buyer, NIP, gross and KSeF status. Paging and the type filter happen on
 * the server (invoices-query.ts); the order's number links to its view.
 */
import type { Field } from '@wordpress/dataviews';
import { __ } from '@wordpress/i18n';
import type { RestInvoice } from '../../api/invoice-rest.js';
import { formatShopMoney } from '../locale/shop-number.js';
import { formatShopDate } from '../locale/shop-time.js';
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';
import { KSEF_STATUS_LABELS } from './ksef-status-labels.js';

const TYPE_LABELS = { VAT: __('Invoice'), KOR: __('Correction') } as const;

export const INVOICE_FIELDS: Field<RestInvoice>[] = [
  {
    id: 'number',
    label: __('Number'),
    enableHiding: false,
    enableSorting: false,
    getValue: ({ item }) => item.number,
  },
  {
    id: 'type',
    label: __('Type'),
    enableSorting: false,
    getValue: ({ item }) => item.type,
    render: ({ item }) => TYPE_LABELS[item.type],
    elements: Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label })),
    filterBy: { operators: ['is'] },
  },
  {
    id: 'issue_date',
    label: __('Issued'),
    enableSorting: false,
    getValue: ({ item }) => item.issue_date,
    render: ({ item }) => <time dateTime={item.issue_date}>{formatShopDate(item.issued_at)}</time>,
  },
  {
    id: 'order',
    label: __('Order'),
    enableSorting: false,
    getValue: ({ item }) => item.order_number,
    render: ({ item }) => <AdminLink href={screenPath('orders', item.order_id)}>{item.order_number}</AdminLink>,
  },
  { id: 'buyer', label: __('Buyer'), enableSorting: false, getValue: ({ item }) => item.buyer.name },
  {
    id: 'tax_id',
    label: __('NIP'),
    enableSorting: false,
    getValue: ({ item }) => item.buyer.tax_id,
    render: ({ item }) => item.buyer.tax_id || '—',
  },
  {
    id: 'total_gross',
    label: __('Gross'),
    enableSorting: false,
    getValue: ({ item }) => item.total_gross,
    render: ({ item }) => formatShopMoney(item.total_gross / 100, item.currency),
  },
  {
    id: 'ksef',
    label: __('KSeF'),
    enableSorting: false,
    getValue: ({ item }) => item.ksef.status,
    render: ({ item }) => (
      <span title={item.ksef.errors.join('\n') || undefined}>
        {KSEF_STATUS_LABELS[item.ksef.status]}
        {item.ksef.number && <span className="vitrine-help"> {item.ksef.number}</span>}
      </span>
    ),
  },
];
