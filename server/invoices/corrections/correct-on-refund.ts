/**
 * A refund's correction is issued as soon as the refund is stored: its action (shop/order_refunded) runs after the
 * store operation, so a correction it could not issue (the process stopped, the schema refused it) is left to the
 * invoice sweep, which issues it under the same key.
 */
import type { OrderRefund } from '../../../client/api/refunds.js';
import type { Hooks } from '../../hooks/hooks.js';
import { ORDER_REFUNDED_ACTION } from '../../shop/orders/refund-action.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { issueRefundCorrection, type CorrectionMail } from './issue-correction.js';
import { refundCorrection } from './refund-corrections.js';

/** @param tell the customer's e-mail with the correction (ShopMail.correctionIssued) */
export function correctInvoicesOnRefund(hooks: Hooks, store: Store, tell?: CorrectionMail): void {
  hooks.addAction(ORDER_REFUNDED_ACTION, async (...args: unknown[]) => {
    const [order, refund] = args as [Order, OrderRefund];
    await issueRefundCorrection(store, await refundCorrection(store, order, refund), new Date(), tell);
  });
}
