/**
 * One order (`/admin/orders/<id>`): its status with the moves allowed now, lines and totals, customer, payment and
 * shipping with its parcels, its refunds with their VAT per rate and the Refund form, its invoices, the consent proof of its checkout, its history and notes, and its withdrawals with their processing.
 */
import { Notice, Spinner } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { AdminLink } from '../../shell/admin-link.js';
import { screenPath } from '../../shell/admin-screens.js';
import { formatShopDateTime } from '../../locale/shop-time.js';
import { OrderStatusBadge } from '../order-status.js';
import '../orders.css';
import { ConsentProof } from './consent-proof.js';
import { OrderHistory } from './order-history.js';
import { OrderInvoices } from './order-invoices.js';
import { OrderLines } from './order-lines.js';
import { OrderNotes } from './order-notes.js';
import { OrderParties } from './order-parties.js';
import { OrderRefunds } from './order-refunds.js';
import { OrderShipments } from './order-shipments.js';
import { StatusActions } from './status-actions.js';
import { useOrder } from './use-order.js';
import { WithdrawalCard } from './withdrawal-card.js';

export function OrderView({ id }: { id: number }) {
  const { data, error, reload } = useOrder(id);
  // A new object for each change, so that the same message twice still re-renders and runs the focus check below.
  const [done, setDone] = useState<{ message: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const changed = async (message: string) => {
    await reload();
    setDone({ message });
  };
  // The control a change was made with may leave with it (a move's button, a settled withdrawal's forms): the focus
  // would fall to the page's body, and a keyboard or screen reader user would lose their place. It goes to the order's
  // heading instead, just above the notice that says what was done.
  useEffect(() => {
    if (done && (document.activeElement === document.body || !document.activeElement?.isConnected))
      heading.current?.focus();
  }, [done]);
  const order = data?.order;
  return (
    <section className="vitrine-admin__screen vitrine-order" aria-labelledby="order-heading">
      <p className="vitrine-order__back">
        <AdminLink href={screenPath('orders')}>{__('\u2190 All orders')}</AdminLink>
      </p>
      <div className="vitrine-admin__screen-header">
        <h1 id="order-heading" ref={heading} tabIndex={-1}>
          {order ? sprintf(__('Order %s'), order.number) : __('Order')}
        </h1>
        {order && <OrderStatusBadge status={order.status} />}
      </div>
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      {done && (
        <Notice status="success" onRemove={() => setDone(null)}>
          <span role="status">{done.message}</span>
        </Notice>
      )}
      {!data || !order ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <>
          <p className="vitrine-help">{sprintf(__('Placed %s'), formatShopDateTime(data.wc.date_created))}</p>
          <StatusActions order={order} onMoved={changed} />
          <OrderLines order={order} wc={data.wc} />
          <OrderParties order={order} wc={data.wc} />
          <OrderShipments order={order} onChanged={(message) => void changed(message)} />
          <OrderRefunds order={order} onChanged={(message) => void changed(message)} />
          <OrderInvoices order={order} onIssued={(message) => void changed(message)} />
          <section aria-labelledby="order-withdrawals-heading" className="vitrine-order-section">
            <h2 id="order-withdrawals-heading">{__('Withdrawals')}</h2>
            {data.withdrawals.length === 0 ? (
              <p>{__('The customer has not withdrawn from this order.')}</p>
            ) : (
              data.withdrawals.map((withdrawal) => (
                <WithdrawalCard
                  key={withdrawal.id}
                  withdrawal={withdrawal}
                  order={order}
                  onChanged={() => changed(sprintf(__('Withdrawal %s updated.'), withdrawal.reference))}
                />
              ))
            )}
          </section>
          <ConsentProof order={order} />
          <OrderHistory order={order} />
          <OrderNotes order={order} onAdded={() => changed(__('Note added.'))} />
        </>
      )}
    </section>
  );
}
