/** The order's status changes, oldest first: from what to what, by whom, when. */
import { __, sprintf } from '@wordpress/i18n';
import type { OrderActor, VitrineOrder } from '../../../api/orders.js';
import { formatShopDateTime } from '../../locale/shop-time.js';
import { STATUS_LABELS } from '../order-status.js';

function actorName(actor: OrderActor): string {
  if (actor.type === 'customer') return __('the customer');
  if (actor.type === 'system') return __('the shop');
  if (actor.type === 'api_key') return sprintf(__('API key \u201c%s\u201d'), actor.name);
  return actor.name;
}

export function OrderHistory({ order }: { order: VitrineOrder }) {
  return (
    <section aria-labelledby="order-history-heading" className="vitrine-order-section">
      <h2 id="order-history-heading">{__('History')}</h2>
      <ol className="vitrine-order-history">
        {order.history.map((entry, index) => (
          <li key={index}>
            <time dateTime={entry.at}>{formatShopDateTime(entry.at)}</time>{' '}
            {entry.from === null
              ? sprintf(__('Placed as %1$s by %2$s.'), STATUS_LABELS[entry.to], actorName(entry.by))
              : sprintf(
                  __('%1$s \u2192 %2$s by %3$s.'),
                  STATUS_LABELS[entry.from],
                  STATUS_LABELS[entry.to],
                  actorName(entry.by),
                )}
          </li>
        ))}
      </ol>
    </section>
  );
}
