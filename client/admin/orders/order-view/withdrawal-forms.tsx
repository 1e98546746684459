/**
 * Processing a withdrawal: the day the goods came back, and the refund made (the whole order, or chosen withdrawn
 * lines with their quantities), each sent on its own. The server checks everything and names each refused field; the
 * reason is shown beside it. The suggested amount follows the lines chosen until the manager types another.
 */
import { Button, Notice, RadioControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { VitrineOrder } from '../../../api/orders.js';
import type { ManagedWithdrawal, WithdrawalProcessingInput } from '../../../api/withdrawals.js';
import { toRestRequestError } from '../../data/rest-error.js';
import { processWithdrawal } from '../../data/withdrawals-api.js';
import { toApiNumber, toFieldNumber } from '../../locale/shop-number.js';
import { shopToday } from '../../locale/shop-time.js';

type Problems = Record<string, string>;

const itemIdOf = (item: { product_id: number; variation_id?: number }) => item.variation_id || item.product_id;

/** Sends `input`; answers the refused fields (empty when it was recorded). */
async function send(withdrawal: ManagedWithdrawal, input: WithdrawalProcessingInput): Promise<Problems> {
  try {
    await processWithdrawal(withdrawal.id, input);
    return {};
  } catch (caught) {
    const error = toRestRequestError(caught);
    return Object.keys(error.fields).length ? error.fields : { form: error.message };
  }
}

/** The field's reason, bound to it by id (aria-describedby through `help`). */
const invalid = (problems: Problems, field: string) =>
  problems[field] ? { 'aria-invalid': true as const, help: problems[field] } : {};

function FormError({ problems, fields }: { problems: Problems; fields: string[] }) {
  const unplaced = Object.entries(problems)
    .filter(([field]) => !fields.includes(field))
    .map(([, reason]) => reason);
  return unplaced.length ? (
    <Notice status="error" isDismissible={false}>
      {unplaced.join(' ')}
    </Notice>
  ) : null;
}

export function GoodsReceivedForm({
  withdrawal,
  onSaved,
}: {
  withdrawal: ManagedWithdrawal;
  onSaved: () => Promise<void>;
}) {
  const [day, setDay] = useState(withdrawal.goods_received_on ?? shopToday());
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  async function submit() {
    setBusy(true);
    const refused = await send(withdrawal, { goods_received_on: day });
    setProblems(refused);
    if (Object.keys(refused).length === 0) await onSaved();
    setBusy(false);
  }
  return (
    <form
      className="vitrine-withdrawal__form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type="date"
        label={__('Goods received on')}
        value={day}
        onChange={setDay}
        {...invalid(problems, 'goods_received_on')}
      />
      <FormError problems={problems} fields={['goods_received_on']} />
      <Button variant="secondary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
        {withdrawal.goods_received_on ? __('Change the day') : __('Record goods received')}
      </Button>
    </form>
  );
}

export function RefundForm({
  withdrawal,
  order,
  onSaved,
}: {
  withdrawal: ManagedWithdrawal;
  order: VitrineOrder;
  onSaved: () => Promise<void>;
}) {
  const [scope, setScope] = useState<'full' | 'lines'>(withdrawal.covers_whole_order ? 'full' : 'lines');
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(withdrawal.items.map((item) => [itemIdOf(item), String(item.quantity)])),
  );
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const [day, setDay] = useState(shopToday());
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  const chosen = withdrawal.items
    .map((item) => ({ item, quantity: Number(quantities[itemIdOf(item)] ?? 0) }))
    .filter(({ quantity }) => Number.isInteger(quantity) && quantity > 0);
  const linesValue =
    chosen.reduce((sum, { item, quantity }) => {
      const line = order.lines.find((candidate) => itemIdOf(candidate) === itemIdOf(item));
      return sum + Math.round((line?.unit_price ?? 0) * 100) * quantity;
    }, 0) / 100;
  // Written as the shop writes numbers ("129,90" in pl-PL), as the manager would type it.
  const suggested = toFieldNumber(
    Math.min(scope === 'full' ? withdrawal.refundable : linesValue, withdrawal.refundable).toFixed(2),
  );
  const amount = typedAmount ?? suggested;

  async function submit() {
    setBusy(true);
    const refused = await send(withdrawal, {
      refund: {
        // Typed the shop's way ("1 299,90" in pl-PL); the API takes a plain number, and names anything else.
        amount: toApiNumber(amount),
        refunded_on: day,
        scope,
        ...(scope === 'lines'
          ? { lines: chosen.map(({ item, quantity }) => ({ item_id: itemIdOf(item), quantity })) }
          : {}),
      },
    });
    setProblems(refused);
    if (Object.keys(refused).length === 0) await onSaved();
    setBusy(false);
  }

  return (
    <form
      className="vitrine-withdrawal__form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <RadioControl
        label={__('Refund')}
        help={__(
          "Refunds of chosen lines that, over all of the order's withdrawals, pay back every line and the whole total move the order to Refunded too.",
        )}
        selected={scope}
        options={[
          ...(withdrawal.covers_whole_order
            ? [{ label: __('The whole order (it moves to Refunded)'), value: 'full' }]
            : []),
          { label: __('Chosen lines'), value: 'lines' },
        ]}
        onChange={(value) => setScope(value as 'full' | 'lines')}
      />
      {scope === 'lines' && (
        <fieldset className="vitrine-withdrawal__lines">
          <legend>{__('Quantities refunded')}</legend>
          {withdrawal.items.map((item) => (
            <TextControl
              key={itemIdOf(item)}
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              type="number"
              min={0}
              max={item.quantity}
              label={sprintf(__('%1$s (of %2$d)'), item.title, item.quantity)}
              value={quantities[itemIdOf(item)] ?? '0'}
              onChange={(value) => setQuantities((current) => ({ ...current, [itemIdOf(item)]: value }))}
            />
          ))}
          {problems['refund.lines'] && (
            <p className="vitrine-field-error" role="alert">
              {problems['refund.lines']}
            </p>
          )}
        </fieldset>
      )}
      {problems['refund.scope'] && (
        <p className="vitrine-field-error" role="alert">
          {problems['refund.scope']}
        </p>
      )}
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={sprintf(__('Amount refunded (%s)'), withdrawal.currency)}
        inputMode="decimal"
        value={amount}
        onChange={setTypedAmount}
        {...invalid(problems, 'refund.amount')}
      />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type="date"
        label={__('Refund made on')}
        value={day}
        onChange={setDay}
        {...invalid(problems, 'refund.refunded_on')}
      />
      <FormError problems={problems} fields={['refund.amount', 'refund.refunded_on', 'refund.lines', 'refund.scope']} />
      <Button variant="primary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
        {__('Record refund')}
      </Button>
    </form>
  );
}
