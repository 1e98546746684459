/**
 * Changing the status of one or many orders (the list's bulk action): the manager picks the new status, sees which
 * orders may move there and which may not (and why), and only the allowed moves are sent. What the server still
 * refuses (another manager was quicker) is listed with its reason.
 */
import { Button, Notice, SelectControl } from '@wordpress/components';
import type { RenderModalProps } from '@wordpress/dataviews';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import { canMoveOrder, ORDER_STATUSES, type OrderStatus } from '../../api/orders.js';
import { changeOrderStatus, type WcOrder } from '../data/orders-api.js';
import { refusalText } from './refusal-text.js';
import { FINAL_MOVES, refusedMoveReason, STATUS_LABELS } from './order-status.js';

interface Outcome {
  moved: string[];
  failed: string[];
}

interface StatusChangeProps extends RenderModalProps<WcOrder> {
  /**
   * Called when the dialog closes after moving orders. The list is read again only then: reading it while the dialog
   * is open could end the selection the dialog belongs to (a moved order may have no moves left), closing it unread.
   */
  onClosedAfterChange: () => void;
}

export function StatusChangeModal({ items, closeModal, onActionPerformed, onClosedAfterChange }: StatusChangeProps) {
  const [target, setTarget] = useState<OrderStatus | ''>('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const changed = useRef(false);
  // However it closes (its button, Escape, the close icon), a dialog that moved orders has the list read again.
  useEffect(
    () => () => {
      if (changed.current) onClosedAfterChange();
    },
    [onClosedAfterChange],
  );
  const movable = target ? items.filter((order) => canMoveOrder(order.status, target)) : [];
  const refused = target ? items.filter((order) => !canMoveOrder(order.status, target)) : [];

  async function apply() {
    if (!target) return;
    setBusy(true);
    const result: Outcome = { moved: [], failed: [] };
    // One after another: each move may give stock back, and the server decides each on the order's freshest state.
    for (const order of movable) {
      try {
        await changeOrderStatus(order.id, target);
        result.moved.push(order.number);
      } catch (caught) {
        result.failed.push(`${order.number}: ${refusalText(caught)}`);
      }
    }
    changed.current = result.moved.length > 0;
    setOutcome(result);
    setBusy(false);
    onActionPerformed?.(items);
  }

  if (outcome && target) {
    return (
      <div className="vitrine-status-change">
        {outcome.moved.length > 0 && (
          <Notice status="success" isDismissible={false}>
            {sprintf(
              _n('%1$d order moved to %2$s: %3$s.', '%1$d orders moved to %2$s: %3$s.', outcome.moved.length),
              outcome.moved.length,
              STATUS_LABELS[target],
              outcome.moved.join(', '),
            )}
          </Notice>
        )}
        {outcome.failed.length > 0 && (
          <Notice status="error" isDismissible={false}>
            <p>{__('The shop refused these:')}</p>
            <ul>
              {outcome.failed.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Notice>
        )}
        <Button variant="primary" onClick={closeModal}>
          {__('Done')}
        </Button>
      </div>
    );
  }

  return (
    <form
      className="vitrine-status-change"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('New status')}
        value={target}
        options={[
          { value: '', label: __('Choose a status') },
          ...ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
        ]}
        onChange={(value: string) => setTarget(value as OrderStatus | '')}
      />
      {target && (
        <div role="status">
          <p>
            {movable.length === 0
              ? __('None of the chosen orders can move to this status.')
              : sprintf(
                  _n('%1$d order will move to %2$s.', '%1$d orders will move to %2$s.', movable.length),
                  movable.length,
                  STATUS_LABELS[target],
                )}
            {movable.length > 0 &&
              FINAL_MOVES.includes(target) &&
              ` ${__('Their stock is given back, and the move cannot be undone.')}`}
          </p>
          {refused.length > 0 && (
            <Notice status="warning" isDismissible={false}>
              <p>{_n('This order keeps its status:', 'These orders keep their status:', refused.length)}</p>
              <ul>
                {refused.map((order) => (
                  <li key={order.id}>{refusedMoveReason(order.number, order.status, target)}</li>
                ))}
              </ul>
            </Notice>
          )}
        </div>
      )}
      <div className="vitrine-status-change__buttons">
        <Button variant="tertiary" onClick={closeModal} disabled={busy}>
          {__('Cancel')}
        </Button>
        <Button
          variant="primary"
          type="submit"
          isBusy={busy}
          disabled={busy || movable.length === 0}
          accessibleWhenDisabled
        >
          {__('Change status')}
        </Button>
      </div>
    </form>
  );
}
