/**
 * The Orders screen: every order through wc/v3 in a DataViews table, paged, filtered (status, date) and searched
 * (number, name, e-mail) by the server; each order opens in its view (`/admin/orders/<id>`), and the status of one or
 * many orders changes through the allowed moves only (status-change-modal.tsx).
 */
import type { Action } from '@wordpress/dataviews';
import { useMemo } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { update } from '@wordpress/icons';
import { canMoveOrder, ORDER_STATUSES } from '../../api/orders.js';
import { ServerPagedDataViews, useServerPagedView } from '../components/server-paged-data-views.js';
import { tableView } from '../components/table-view.js';
import { getOrdersPage, type WcOrder } from '../data/orders-api.js';
import { navigate } from '../shell/use-route.js';
import { ORDER_FIELDS, orderPath } from './order-fields.js';
import { ordersQueryArgs } from './orders-view-query.js';
import { StatusChangeModal } from './status-change-modal.js';
import './orders.css';

const DEFAULT_VIEW = tableView({
  // The number is the title (it names each row, also to its checkbox); on a phone, where the table keeps only the
  // title, the status is shown under it as its description (use-fitting-view.ts).
  titleField: 'number',
  descriptionField: 'status',
  fields: ['status', 'date', 'customer', 'total', 'payment', 'shipping'],
  sort: { field: 'date', direction: 'desc' },
});

/** An order can change status when some move is allowed from where it is. */
const canMove = (order: WcOrder) => ORDER_STATUSES.some((status) => canMoveOrder(order.status, status));

export function OrdersScreen() {
  const paged = useServerPagedView(DEFAULT_VIEW, (view) => getOrdersPage(ordersQueryArgs(view)));
  const { reload } = paged;

  // Made once: DataViews draws `RenderModal` as a component, and a new one on each render would lose the dialog's
  // state.
  const actions = useMemo<Action<WcOrder>[]>(
    () => [
      // In the row's menu, not beside it: the number already links to the view, and the table must fit a laptop.
      { id: 'view', label: __('View'), callback: ([order]) => navigate(orderPath(order!.id)) },
      {
        id: 'change-status',
        label: __('Change status'),
        icon: update,
        supportsBulk: true,
        isEligible: canMove,
        modalHeader: __('Change status'),
        // biome-ignore lint/correctness/noComponentHookFactories: made once per `reload` by the useMemo around it
        RenderModal: (props) => <StatusChangeModal {...props} onClosedAfterChange={reload} />,
      },
    ],
    [reload],
  );

  return (
    <section className="vitrine-admin__screen vitrine-orders" aria-labelledby="orders-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="orders-heading">{__('Orders')}</h1>
      </div>
      <ServerPagedDataViews<WcOrder>
        paged={paged}
        fields={ORDER_FIELDS}
        actions={actions}
        searchLabel={__('Search orders by number, name or e-mail')}
      />
    </section>
  );
}
