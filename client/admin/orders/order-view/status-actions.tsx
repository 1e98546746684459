/**
 * The moves the order may make now (the server's `allowed_transitions`, from the one transition table), one button
 * each. Cancelling and refunding give the stock back and cannot be undone, so they ask first.
 */
import { Button, Notice } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { OrderStatus, VitrineOrder } from '../../../api/orders.js';
import { changeOrderStatus } from '../../data/orders-api.js';
import { refusalText } from '../refusal-text.js';
import { FINAL_MOVES, MOVE_LABELS, STATUS_LABELS } from '../order-status.js';

/** @param onMoved resolves once the order is shown as it now is; the buttons wait for it. */
export function StatusActions({
  order,
  onMoved,
}: {
  order: VitrineOrder;
  onMoved: (message: string) => Promise<void>;
}) {
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function move(status: OrderStatus) {
    setBusy(true);
    try {
      await changeOrderStatus(order.id, status);
      setError(null);
      await onMoved(sprintf(__('Order %1$s is now %2$s.'), order.number, STATUS_LABELS[status]));
      setAsking(null);
    } catch (caught) {
      setError(refusalText(caught));
    } finally {
      setBusy(false);
    }
  }

  if (order.allowed_transitions.length === 0) {
    return (
      <p className="vitrine-help">
        {sprintf(__('A %s order changes no more.'), STATUS_LABELS[order.status].toLowerCase())}
      </p>
    );
  }
  return (
    <div className="vitrine-order-actions" role="group" aria-label={__('Change the status')}>
      {asking ? (
        <div className="vitrine-order-actions__confirm" role="group" aria-labelledby="order-confirm-question">
          <p id="order-confirm-question">
            {sprintf(
              __('%1$s: %2$s? Its stock is given back, and this cannot be undone.'),
              MOVE_LABELS[asking],
              order.number,
            )}
          </p>
          {/* The question replaces the button that asked it: focus follows to its answer. */}
          <Button
            variant="primary"
            isDestructive
            isBusy={busy}
            disabled={busy}
            accessibleWhenDisabled
            autoFocus
            onClick={() => void move(asking)}
          >
            {sprintf(__('Yes: %s'), MOVE_LABELS[asking].toLowerCase())}
          </Button>
          <Button variant="tertiary" onClick={() => setAsking(null)} disabled={busy}>
            {__('No, keep it as it is')}
          </Button>
        </div>
      ) : (
        order.allowed_transitions.map((status) => (
          <Button
            key={status}
            variant={FINAL_MOVES.includes(status) ? 'secondary' : 'primary'}
            isDestructive={FINAL_MOVES.includes(status)}
            disabled={busy}
            accessibleWhenDisabled
            onClick={() => (FINAL_MOVES.includes(status) ? setAsking(status) : void move(status))}
          >
            {MOVE_LABELS[status]}
          </Button>
        ))
      )}
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
    </div>
  );
}
