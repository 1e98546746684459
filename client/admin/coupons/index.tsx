/** The Coupons screen: every coupon in a DataViews table, with add, edit and delete (wc/v3/coupons). */
import { Button, Notice, Spinner } from '@wordpress/components';
import type { Action } from '@wordpress/dataviews';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { WcCoupon } from '../../api/wc-coupons.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { tableView } from '../components/table-view.js';
import { useFittingView } from '../components/use-fitting-view.js';
import { deleteCoupon, listCoupons } from '../data/coupons-api.js';
import { errorMessage } from '../data/rest-error.js';
import { COUPON_FIELDS } from './coupon-fields.js';
import { CouponForm } from './coupon-form.js';

const DEFAULT_VIEW = tableView({
  fields: ['discount_type', 'amount', 'usage', 'date_expires', 'advertised'],
  titleField: 'code',
});

export function CouponsScreen() {
  const [rows, setRows] = useState<WcCoupon[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useFittingView(DEFAULT_VIEW);
  const [editing, setEditing] = useState<WcCoupon | 'new' | null>(null);
  const reload = useCallback(async () => {
    try {
      setRows(await listCoupons());
      setError(null);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, []);
  useEffect(() => {
    reload();
  }, [reload]);
  const actions: Action<WcCoupon>[] = [
    { id: 'edit', label: __('Edit'), isPrimary: true, callback: ([row]) => setEditing(row!) },
    {
      id: 'delete',
      label: __('Delete'),
      supportsBulk: false,
      callback: async ([row]) => {
        if (!window.confirm(sprintf(__('Delete the coupon "%s"? Orders that used it keep their discount.'), row!.code)))
          return;
        try {
          await deleteCoupon(row!.id);
        } catch (caught) {
          setError(errorMessage(caught));
        }
        await reload();
      },
    },
  ];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="coupons-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="coupons-heading">{__('Coupons')}</h1>
        <Button variant="primary" onClick={() => setEditing('new')}>
          {__('Add coupon')}
        </Button>
      </div>
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      {rows === null ? (
        <Spinner />
      ) : (
        <BrowserPagedDataViews<WcCoupon>
          items={rows}
          fields={COUPON_FIELDS}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(row) => String(row.id)}
        />
      )}
      {editing && (
        <CouponForm
          coupon={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </section>
  );
}
