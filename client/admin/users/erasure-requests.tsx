/**
 * The Erasure requests screen: the customers' requests to erase their accounts (GDPR art. 17), asked from their account
 * and confirmed from its e-mail address, in a DataViews table with where each stands and the last day to carry it out
 * (one month from the request). A confirmed request is carried out from here, after a dialog that says what is kept.
 */
import { Spinner } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ErasureRequestState, RestErasureRequest } from '../../api/users.js';
import { carryOutErasureRequest, listErasureRequests } from '../data/users-api.js';
import { useRestData } from '../data/use-rest-data.js';
import { tableView } from '../components/table-view.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';
import { formatShopDate, formatShopDateTime } from '../locale/shop-time.js';
import { EraseDialog, erasedNotice } from './privacy-actions.js';
import { ScreenNotices } from '../components/screen-notices.js';

const STATE_LABELS: Record<ErasureRequestState, string> = {
  awaiting_confirmation: __('Waiting for the customer’s confirmation'),
  confirmed: __('Confirmed: to carry out'),
  completed: __('Done'),
};

const DEFAULT_VIEW = tableView({
  sort: { field: 'due_on', direction: 'asc' },
  fields: ['state', 'due_on', 'requested_at', 'completed_at'],
  titleField: 'email',
});

const fields: Field<RestErasureRequest>[] = [
  {
    id: 'email',
    label: __('Customer'),
    enableHiding: false,
    enableGlobalSearch: true,
    getValue: ({ item }) => item.email,
    render: ({ item }) => (item.name ? `${item.name} <${item.email}>` : item.email),
  },
  {
    id: 'state',
    label: __('State'),
    getValue: ({ item }) => item.state,
    elements: Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label })),
    filterBy: { operators: ['isAny'] },
  },
  {
    id: 'due_on',
    label: __('Carry out by'),
    getValue: ({ item }) => item.due_on,
    render: ({ item }) =>
      item.state === 'completed'
        ? '—'
        : item.overdue
          ? sprintf(__('%s (overdue)'), formatShopDate(item.due_on))
          : formatShopDate(item.due_on),
  },
  {
    id: 'requested_at',
    label: __('Requested'),
    type: 'datetime',
    getValue: ({ item }) => item.requested_at,
    render: ({ item }) => formatShopDateTime(item.requested_at),
  },
  {
    id: 'completed_at',
    label: __('Carried out'),
    type: 'datetime',
    getValue: ({ item }) => item.completed_at ?? '',
    render: ({ item }) => formatShopDateTime(item.completed_at),
  },
];

export function ErasureRequestsScreen() {
  const { data, error, reload } = useRestData(listErasureRequests);
  const [view, setView] = useFittingView(DEFAULT_VIEW);
  const [erasing, setErasing] = useState<RestErasureRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const actions: Action<RestErasureRequest>[] = [
    {
      id: 'carry-out',
      label: __('Erase the account'),
      isPrimary: true,
      supportsBulk: false,
      isEligible: (request) => request.state === 'confirmed',
      callback: ([request]) => setErasing(request!),
    },
  ];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="erasure-requests-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="erasure-requests-heading">{__('Erasure requests')}</h1>
      </div>
      <p className="vitrine-help">
        {__(
          'Customers ask to erase their accounts from their account page and confirm it from the account’s e-mail address. Carry out each confirmed request by the day shown: one month from the request (GDPR, articles 12 and 17).',
        )}
      </p>
      <ScreenNotices notice={notice} error={error} />
      {!data && !error && <Spinner />}
      {data && (
        <BrowserPagedDataViews<RestErasureRequest>
          items={data}
          fields={fields}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(request) => String(request.id)}
          searchLabel={__('Search requests')}
        />
      )}
      {erasing && (
        <EraseDialog
          who={erasing.email}
          erase={() => carryOutErasureRequest(erasing.id)}
          onClose={() => setErasing(null)}
          onErased={(kept) => {
            setNotice(erasedNotice(kept));
            setErasing(null);
            reload();
          }}
        />
      )}
    </section>
  );
}
