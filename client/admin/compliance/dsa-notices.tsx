/**
 * The DSA notices screen: every notice sent through the storefront's "Report illegal content" form, newest first,
 * in a DataViews table (search, status filter, paging in the browser: notices are few). Opening one shows it and
 * takes the manager's decision.
 */
import { Notice, Spinner } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews';
import { useMemo, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { DsaNotice } from '../../api/compliance-reports.js';
import { listDsaNotices } from '../data/compliance-reports-api.js';
import { useRestData } from '../data/use-rest-data.js';
import { DsaNoticeModal } from './dsa-notice-modal.js';
import { DSA_STATUS_LABELS } from './dsa-status-labels.js';
import './compliance.css';
import { tableView } from '../components/table-view.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';
import { formatShopDateTime } from '../locale/shop-time.js';

const DEFAULT_VIEW = tableView({
  sort: { field: 'created_at', direction: 'desc' },
  fields: ['status', 'product_id', 'url', 'created_at'],
  titleField: 'reference',
});

function noticeFields(open: (notice: DsaNotice) => void): Field<DsaNotice>[] {
  return [
    {
      id: 'reference',
      label: __('Reference'),
      enableHiding: false,
      enableGlobalSearch: true,
      getValue: ({ item }) => item.reference,
      render: ({ item }) => (
        <button type="button" className="vitrine-admin__link-button" onClick={() => open(item)}>
          {item.reference}
        </button>
      ),
    },
    {
      id: 'status',
      label: __('Status'),
      getValue: ({ item }) => item.status,
      elements: Object.entries(DSA_STATUS_LABELS).map(([value, label]) => ({ value, label })),
      filterBy: { operators: ['isAny'] },
    },
    {
      id: 'product_id',
      label: __('Product'),
      type: 'integer',
      getValue: ({ item }) => item.product_id,
      render: ({ item }) => (item.product_id ? `#${item.product_id}` : '—'),
    },
    {
      id: 'url',
      label: __('Reported address'),
      enableGlobalSearch: true,
      enableSorting: false,
      getValue: ({ item }) => item.url,
    },
    {
      id: 'created_at',
      label: __('Received'),
      type: 'datetime',
      getValue: ({ item }) => item.created_at,
      render: ({ item }) => formatShopDateTime(item.created_at),
    },
  ];
}

export function DsaNoticesScreen() {
  const { data, error, reload } = useRestData(listDsaNotices);
  const [view, setView] = useFittingView(DEFAULT_VIEW);
  const [open, setOpen] = useState<DsaNotice | null>(null);
  const fields = useMemo(() => noticeFields(setOpen), []);
  const actions: Action<DsaNotice>[] = [
    { id: 'open', label: __('Open'), isPrimary: true, callback: ([notice]) => setOpen(notice!) },
  ];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="dsa-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="dsa-heading">{__('DSA notices')}</h1>
      </div>
      <p className="vitrine-help">
        {__(
          'Notices of illegal content sent through the shop (Digital Services Act, article 16). Open one to record the decision.',
        )}
      </p>
      {error && (
        <Notice status="warning" isDismissible={false}>
          {error}
        </Notice>
      )}
      {!data && !error && <Spinner />}
      {data && (
        <BrowserPagedDataViews<DsaNotice>
          items={data.notices}
          fields={fields}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(notice) => String(notice.id)}
          searchLabel={__('Search notices')}
        />
      )}
      {open && (
        <DsaNoticeModal
          key={open.id}
          notice={open}
          onClose={() => setOpen(null)}
          onSaved={(saved) => {
            setOpen(saved);
            reload();
          }}
        />
      )}
    </section>
  );
}
