/**
 * The order's refunds, each with its VAT per rate (net, VAT, gross: what a correcting invoice lists), and the Refund
 * form: units per line, the delivery and fees, an amount when it is not their value, a reason. The server checks it
 * against the order as it is now and refuses what does not fit, naming it.
 */
import { Button, CheckboxControl, Notice, TextControl } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, _x, sprintf } from '@wordpress/i18n';
import type { VitrineOrder } from '../../../api/orders.js';
import type { OrderRefund } from '../../../api/refunds.js';
import { listRefunds, refundOrder } from '../../data/orders-api.js';
import { formatShopMoney, toApiNumber } from '../../locale/shop-number.js';
import { formatShopDateTime } from '../../locale/shop-time.js';
import { refusalText } from '../refusal-text.js';

/** Units of each line refunded so far, by the line's index. */
const refundedUnits = (refunds: readonly OrderRefund[], index: number) =>
  refunds
    .flatMap((refund) => refund.items)
    .filter((item) => item.kind === 'line' && item.index === index)
    .reduce((sum, item) => sum + item.quantity, 0);

function RefundCard({ refund, money }: { refund: OrderRefund; money: (minor: number) => string }) {
  return (
    <li>
      <p>
        <strong>{money(refund.amount)}</strong> · {formatShopDateTime(refund.created_at)} · {refund.refunded_by.name}
        {refund.withdrawal_id !== null && ` · ${__('withdrawal refund')}`}
      </p>
      {refund.reason && <p>{refund.reason}</p>}
      {refund.rates.length > 0 && (
        <table className="vitrine-order-lines">
          <thead>
            <tr>
              <th scope="col">{_x('Rate', 'VAT rate')}</th>
              <th scope="col" className="is-number">
                {__('Net')}
              </th>
              <th scope="col" className="is-number">
                {__('VAT')}
              </th>
              <th scope="col" className="is-number">
                {__('Gross')}
              </th>
            </tr>
          </thead>
          <tbody>
            {refund.rates.map((rate) => (
              <tr key={rate.rate_id}>
                <th scope="row">{rate.label}</th>
                <td className="is-number">{money(rate.net)}</td>
                <td className="is-number">{money(rate.tax)}</td>
                <td className="is-number">{money(rate.gross)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

export function OrderRefunds({ order, onChanged }: { order: VitrineOrder; onChanged: (message: string) => void }) {
  const [refunds, setRefunds] = useState<OrderRefund[] | null>(null);
  const [units, setUnits] = useState<Record<number, string>>({});
  const [delivery, setDelivery] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const money = (minor: number) => formatShopMoney(minor / 100, order.currency);

  // Read again with every new answer of the order: a withdrawal's refund recorded on this page is one of its refunds.
  const load = useCallback(async () => {
    try {
      setRefunds(await listRefunds(order.id));
    } catch (caught) {
      setError(refusalText(caught));
    }
  }, [order]);
  useEffect(() => {
    void load();
  }, [load]);

  async function submit() {
    setBusy(true);
    try {
      const lines = Object.entries(units)
        .map(([index, quantity]) => ({ index: Number(index), quantity: Number(quantity) }))
        .filter((line) => line.quantity > 0);
      const made = await refundOrder(order.id, {
        lines,
        delivery,
        ...(amount.trim() ? { amount: toApiNumber(amount) } : {}),
        reason,
      });
      setUnits({});
      setDelivery(false);
      setAmount('');
      setReason('');
      setError(null);
      await load();
      onChanged(sprintf(__('Refund of %s recorded.'), money(made.amount)));
    } catch (caught) {
      setError(refusalText(caught));
    } finally {
      setBusy(false);
    }
  }

  const hasCharges = order.taxes.shipping_lines.length + order.taxes.fee_lines.length > 0;
  return (
    <section aria-labelledby="order-refunds-heading" className="vitrine-order-section">
      <h2 id="order-refunds-heading">{__('Refunds')}</h2>
      {refunds === null ? null : refunds.length === 0 ? (
        <p>{__('Nothing refunded yet.')}</p>
      ) : (
        <ul className="vitrine-order-notes">
          {refunds.map((refund) => (
            <RefundCard key={refund.id} refund={refund} money={money} />
          ))}
        </ul>
      )}
      {order.status !== 'refunded' && refunds !== null && (
        <form
          className="vitrine-order-note-form"
          aria-label={__('Refund')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {order.lines.map((line, index) => {
            const left = line.quantity - refundedUnits(refunds, index);
            return (
              <TextControl
                key={`${line.product_id}-${line.variation_id ?? 0}-${index}`}
                __next40pxDefaultSize
                __nextHasNoMarginBottom
                type="text"
                inputMode="numeric"
                // translators: %1$s: the item's name; %2$d: units that may still be refunded
                label={sprintf(__('%1$s: units to refund (of %2$d)'), line.title, left)}
                value={units[index] ?? ''}
                disabled={left <= 0}
                onChange={(value) => setUnits({ ...units, [index]: value })}
              />
            );
          })}
          {hasCharges && (
            <CheckboxControl
              __nextHasNoMarginBottom
              label={__('Refund the delivery and fees')}
              checked={delivery}
              onChange={setDelivery}
            />
          )}
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            type="text"
            inputMode="decimal"
            label={__('Amount')}
            help={__(
              'Empty: the value of the units and delivery chosen. Alone: spread over everything not yet refunded.',
            )}
            value={amount}
            onChange={setAmount}
          />
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Reason')}
            value={reason}
            onChange={setReason}
          />
          {error && (
            <Notice status="error" isDismissible={false}>
              {error}
            </Notice>
          )}
          <Button variant="secondary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
            {__('Refund')}
          </Button>
        </form>
      )}
    </section>
  );
}
