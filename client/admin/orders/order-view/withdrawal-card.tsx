/**
 * One withdrawal from the order, for the manager to process: what the customer withdrew from and when, the refund
 * deadline of the law with both of its facts (14 days from receipt of the withdrawal; the refund may be withheld
 * until the goods are back), and the goods received and refund forms until the refund is recorded.
 */
import { Notice } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { VitrineOrder } from '../../../api/orders.js';
import type { ManagedWithdrawal } from '../../../api/withdrawals.js';
import { formatApiMoney } from '../../locale/shop-number.js';
import { formatShopDate, formatShopDateTime } from '../../locale/shop-time.js';
import { GoodsReceivedForm, RefundForm } from './withdrawal-forms.js';

function Deadline({ withdrawal }: { withdrawal: ManagedWithdrawal }) {
  const deadline = withdrawal.refund_deadline;
  return (
    <ul className="vitrine-withdrawal__facts">
      <li>
        {sprintf(
          _n(
            'Refund due by %1$s: %2$d day from receipt of the withdrawal on %3$s (Directive 2011/83/EU, art. 13(1)).',
            'Refund due by %1$s: %2$d days from receipt of the withdrawal on %3$s (Directive 2011/83/EU, art. 13(1)).',
            deadline.days,
          ),
          formatShopDate(deadline.due_on),
          deadline.days,
          formatShopDate(deadline.from),
        )}
      </li>
      <li>
        {withdrawal.goods_received_on
          ? sprintf(__('Goods received back on %s.'), formatShopDate(withdrawal.goods_received_on))
          : __(
              'Goods not received back yet: the refund may be withheld until they are, or until the customer shows that they sent them, whichever comes first (art. 13(3)).',
            )}
      </li>
    </ul>
  );
}

export function WithdrawalCard({
  withdrawal,
  order,
  onChanged,
}: {
  withdrawal: ManagedWithdrawal;
  order: VitrineOrder;
  onChanged: () => Promise<void>;
}) {
  const refund = withdrawal.refund;
  return (
    <article className="vitrine-withdrawal" aria-labelledby={`withdrawal-${withdrawal.id}`}>
      <h3 id={`withdrawal-${withdrawal.id}`}>{sprintf(__('Withdrawal %s'), withdrawal.reference)}</h3>
      <p>
        {sprintf(__('Received %s.'), formatShopDateTime(withdrawal.received_at))}{' '}
        {withdrawal.items.map((item) => `${item.quantity} × ${item.title}`).join(', ')}
        {withdrawal.reason && (
          <>
            <br />
            {sprintf(__('Reason: %s'), withdrawal.reason)}
          </>
        )}
      </p>
      <Deadline withdrawal={withdrawal} />
      {withdrawal.refund_deadline.overdue && (
        <Notice status="warning" isDismissible={false}>
          {__('The refund deadline has passed and no refund is recorded.')}
        </Notice>
      )}
      {refund ? (
        <p className="vitrine-withdrawal__settled">
          {refund.scope === 'full'
            ? sprintf(
                __('Refunded %1$s on %2$s: the whole order.'),
                formatApiMoney(refund.amount, withdrawal.currency),
                formatShopDate(refund.refunded_on),
              )
            : sprintf(
                __('Refunded %1$s on %2$s for %3$s.'),
                formatApiMoney(refund.amount, withdrawal.currency),
                formatShopDate(refund.refunded_on),
                refund.lines.map((line) => `${line.quantity} × ${line.title}`).join(', '),
              )}
        </p>
      ) : (
        <>
          <GoodsReceivedForm withdrawal={withdrawal} onSaved={onChanged} />
          <RefundForm withdrawal={withdrawal} order={order} onSaved={onChanged} />
        </>
      )}
    </article>
  );
}
