/**
 * Refunds recorded on withdrawals before orders kept their refunds become the orders' refunds, once: each is added to
 * its order (as is one whose order a crash left without it: on the data folder, a refund that moves no stock writes
 * the withdrawal's file before the orders' file), with its VAT per rate from the order's, and linked both ways (the withdrawal's `refund_id`, the refund's
 * `withdrawal_id`), in one `withdrawals.process` per withdrawal, so that what is left to refund, the wc/v3 refunds and
 * the invoices' corrections count them. Run at start; a withdrawal whose order holds its refund is left alone, so
 * running it again, or on two instances at once, changes nothing.
 */
import { restActor, SYSTEM_ACTOR } from '../orders/order-actor.js';
import { buildRefund, everythingLeft } from '../orders/refund-items.js';
import { lineItemId } from '../line-item.js';
import type { WithdrawalRequest } from '../../store/schema.js';
import type { Store } from '../../store/store.js';

/** @returns how many withdrawal refunds were added to their orders */
export async function recordLegacyWithdrawalRefunds(store: Store): Promise<number> {
  const legacy: WithdrawalRequest[] = [];
  for (const withdrawal of await store.withdrawals.list()) {
    if (!withdrawal.refund) continue;
    const order = await store.orders.find(withdrawal.order_id);
    if (order && !order.refunds.some((refund) => refund.withdrawal_id === withdrawal.id)) legacy.push(withdrawal);
  }
  let recorded = 0;
  for (const { id, refund: legacyRefund } of legacy) {
    const user = legacyRefund?.recorded_by ? await store.users.findById(legacyRefund.recorded_by) : null;
    const actor = user ? restActor(user, null) : SYSTEM_ACTOR;
    try {
      await store.withdrawals.process(id, (current, state) => {
        const order = state.order;
        const refund = current.refund;
        const unchanged = { goods_received_on: current.goods_received_on, refund, orderChange: null };
        if (!order || !refund) return unchanged;
        const linked = order.refunds.find((kept) => kept.withdrawal_id === current.id);
        if (linked) return { ...unchanged, refund: { ...refund, refund_id: linked.id } };
        const items =
          refund.scope === 'full'
            ? everythingLeft(order)
            : refund.lines.map((line) => ({
                kind: 'line' as const,
                index: order.lines.findIndex((ordered) => lineItemId(ordered) === lineItemId(line)),
                quantity: line.quantity,
              }));
        const made = buildRefund(
          order,
          {
            items,
            amount: Math.round(refund.amount * 100),
            reason: current.reference,
            api_refund: false,
            withdrawal_id: current.id,
            whole_order: refund.scope === 'full',
          },
          actor,
          refund.recorded_at,
        );
        recorded += 1;
        return {
          goods_received_on: current.goods_received_on,
          refund: { ...refund, refund_id: made.id },
          orderChange: { order: { ...order, refunds: [...order.refunds, made] } },
        };
      });
    } catch (error) {
      // An order whose data does not add up keeps its withdrawal as it was; the rest are still recorded.
      console.error(`[vitrine] the refund of withdrawal ${id} could not be added to its order:`, error);
    }
  }
  return recorded;
}
