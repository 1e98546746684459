/**
 * What customers sent through the storefront forms, for managers to read: contact messages and withdrawal requests
 * (vitrine/v1/messages and /withdrawals, newest first), each in a DataViews table with search; a message opens in
 * full below the table.
 */
import { Notice, Spinner } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ContactMessage, WithdrawalRequest } from '../../api/inbox.js';
import { listMessages, listWithdrawals } from '../data/inbox-api.js';
import { useRestData } from '../data/use-rest-data.js';
import { tableView } from '../components/table-view.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';
import { formatShopDateTime } from '../locale/shop-time.js';

const when = formatShopDateTime;

const messageFields: Field<ContactMessage>[] = [
  {
    id: 'subject',
    label: __('Subject'),
    enableHiding: false,
    enableGlobalSearch: true,
    getValue: ({ item }) => item.subject || __('(no subject)'),
  },
  { id: 'name', label: __('From'), enableGlobalSearch: true, getValue: ({ item }) => item.name },
  { id: 'email', label: __('E-mail'), enableGlobalSearch: true, getValue: ({ item }) => item.email },
  {
    id: 'message',
    label: __('Message'),
    enableGlobalSearch: true,
    enableSorting: false,
    getValue: ({ item }) => item.message,
    render: ({ item }) => (item.message.length > 80 ? `${item.message.slice(0, 80)}…` : item.message),
  },
  {
    id: 'created_at',
    label: __('Received'),
    getValue: ({ item }) => item.created_at,
    render: ({ item }) => when(item.created_at),
  },
];

const withdrawalFields: Field<WithdrawalRequest>[] = [
  {
    id: 'reference',
    label: __('Reference'),
    enableHiding: false,
    enableGlobalSearch: true,
    getValue: ({ item }) => item.reference,
  },
  // The order's view is where a withdrawal is processed (goods received, refund).
  {
    id: 'order_number',
    label: __('Order'),
    enableGlobalSearch: true,
    getValue: ({ item }) => item.order_number,
    render: ({ item }) => <AdminLink href={screenPath('orders', item.order_id)}>{item.order_number}</AdminLink>,
  },
  { id: 'email', label: __('E-mail'), enableGlobalSearch: true, getValue: ({ item }) => item.email },
  {
    id: 'items',
    label: __('Items'),
    enableSorting: false,
    getValue: ({ item }) => item.items.map((line) => `${line.quantity} × ${line.title}`).join(', '),
  },
  { id: 'reason', label: __('Reason'), enableSorting: false, getValue: ({ item }) => item.reason || '—' },
  {
    id: 'received_at',
    label: __('Received'),
    getValue: ({ item }) => item.received_at,
    render: ({ item }) => when(item.received_at),
  },
];

export function MessagesScreen() {
  const { data: items, error } = useRestData(listMessages);
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const [view, setView] = useFittingView(
    tableView({
      fields: ['name', 'email', 'message', 'created_at'],
      titleField: 'subject',
      sort: { field: 'created_at', direction: 'desc' },
    }),
  );
  const actions: Action<ContactMessage>[] = [
    { id: 'read', label: __('Read'), isPrimary: true, supportsBulk: false, callback: ([message]) => setOpen(message!) },
  ];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="messages-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="messages-heading">{__('Contact messages')}</h1>
      </div>
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      {items === null ? (
        <Spinner />
      ) : (
        <BrowserPagedDataViews<ContactMessage>
          items={items}
          fields={messageFields}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(message) => String(message.id)}
        />
      )}
      {open && (
        <article className="vitrine-message" aria-labelledby="message-subject">
          <h2 id="message-subject">{open.subject || __('(no subject)')}</h2>
          <p className="vitrine-help">
            {sprintf(__('From %1$s <%2$s>, %3$s'), open.name, open.email, when(open.created_at))}
          </p>
          <p className="vitrine-message__text">{open.message}</p>
          <a href={`mailto:${open.email}?subject=${encodeURIComponent(`Re: ${open.subject}`)}`}>
            {__('Reply by e-mail')}
          </a>
        </article>
      )}
    </section>
  );
}

export function WithdrawalsScreen() {
  const { data: items, error } = useRestData(listWithdrawals);
  const [view, setView] = useFittingView(
    tableView({
      fields: ['order_number', 'email', 'items', 'reason', 'received_at'],
      titleField: 'reference',
      sort: { field: 'received_at', direction: 'desc' },
    }),
  );
  return (
    <section className="vitrine-admin__screen" aria-labelledby="withdrawals-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="withdrawals-heading">{__('Withdrawal requests')}</h1>
      </div>
      <p className="vitrine-help">{__('The time of receipt is what counts for the withdrawal period.')}</p>
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      {items === null ? (
        <Spinner />
      ) : (
        <BrowserPagedDataViews<WithdrawalRequest>
          items={items}
          fields={withdrawalFields}
          view={view}
          onChangeView={setView}
          getItemId={(request) => String(request.id)}
        />
      )}
    </section>
  );
}
