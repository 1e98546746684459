/**
 * Every refund of an order (the admin's, wc/v3's, a withdrawal's, an order moved to `refunded`) gets a correction of
 * the order's invoice under the key `refund:<order>:<refund>:KOR`: issued when the refund's action runs
 * (correct-on-refund.ts), and by the invoice sweep (invoice-sweeper.ts) for one whose process stopped right after the
 * refund was stored, so that it is issued once either way.
 */
import type { OrderRefund } from '../../../client/api/refunds.js';
import { translator } from '../../i18n/translator.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { localDate } from '../invoice-dates.js';
import type { RefundCorrection } from './issue-correction.js';

/** Corrections are printed in Polish, as the invoice they correct. */
const polish = translator('pl');

export const refundCorrectionKey = (orderId: number, refundId: number) => `refund:${orderId}:${refundId}:KOR`;

/** The printed reason: the withdrawal it settles, or the order's refund with the manager's reason when given. */
function reasonOf(order: Order, refund: OrderRefund, withdrawalReference: string | null): string {
  if (withdrawalReference) return polish.t('correction.withdrawal', { reference: withdrawalReference });
  const reason = refund.reason.trim();
  return reason
    ? polish.t('correction.refundWithReason', { order: order.number, reason })
    : polish.t('correction.refund', { order: order.number });
}

/** The correction `refund` of `order` calls for: the units of goods it gives back, or everything for a whole refund. */
export async function refundCorrection(store: Store, order: Order, refund: OrderRefund): Promise<RefundCorrection> {
  const withdrawal = refund.withdrawal_id === null ? null : await store.withdrawals.find(refund.withdrawal_id);
  return {
    key: refundCorrectionKey(order.id, refund.id),
    orderId: order.id,
    reason: reasonOf(order, refund, withdrawal?.reference ?? null),
    refundId: refund.id,
    items: refund.items
      .filter((item) => item.kind === 'line' && item.quantity > 0 && order.lines[item.index])
      .map((item) => ({
        product_id: order.lines[item.index]!.product_id,
        quantity: item.quantity,
        amount: item.total,
      })),
    whole: refund.whole_order,
    refundedOn: localDate(refund.created_at, store.site.data.settings.general.timezone),
  };
}
