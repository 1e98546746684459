/**
 * Refunds as corrections: the printed reason of a refund's correction, and a withdrawal whose refund is recorded gets a correction of its order's invoice,
 * issued by the invoice sweep (invoice-sweeper.ts) under the key `withdrawal:<id>:KOR`, so that it is issued once
 * even when the process stops right after the refund is stored.
 */
import type { WithdrawalRequest } from '../../store/schema.js';
import { translator } from '../../i18n/translator.js';
import { minorUnits } from '../../tax/order-taxes.js';
import type { RefundCorrection } from './issue-correction.js';

const polish = translator('pl');

/**
 * The printed reason of a correction for an order refund (not a withdrawal): what the refunds' hook passes as
 * `RefundCorrection.reason`, with the manager's reason when they gave one.
 */
export function refundCorrectionReason(orderNumber: string, reason = ''): string {
  return reason.trim()
    ? polish.t('correction.refundWithReason', { order: orderNumber, reason: reason.trim() })
    : polish.t('correction.refund', { order: orderNumber });
}

export const withdrawalCorrectionKey = (withdrawalId: number) => `withdrawal:${withdrawalId}:KOR`;

/** The correction a refunded withdrawal calls for, or null while it has no refund. */
export function withdrawalCorrection(withdrawal: WithdrawalRequest): RefundCorrection | null {
  const { refund } = withdrawal;
  if (!refund) return null;
  return {
    key: withdrawalCorrectionKey(withdrawal.id),
    orderId: withdrawal.order_id,
    reason: polish.t('correction.withdrawal', { reference: withdrawal.reference }),
    refundId: null,
    items: refund.lines.map((line) => ({
      product_id: line.product_id,
      quantity: line.quantity,
      amount: minorUnits(line.amount),
    })),
    whole: refund.scope === 'full',
    refundedOn: refund.refunded_on,
  };
}
