/**
 * Which messages a sender takes first. A customer waiting for an order confirmation or a password-reset link must not
 * wait behind a flood that strangers can cause: DSA receipts, and the shop's own notifications (new order, contact
 * message, notice, withdrawal), which a manager reads later anyway.
 */
import { OUTBOX_PRIORITY, type OutboxPriority } from '../store/outbox.js';

/** Sent to a customer about their order or account, now: confirmations, status moves, notes, resets, withdrawals. */
const TRANSACTIONAL =
  /^(order-|withdrawal-|password-reset$|account-confirmation$|account-exists$|account-email-change$|account-erasure(?:-requested|-done)?$)/;
/** Caused by anyone, read by no one in a hurry. */
const BULK = /^(shop-|dsa-notice-received$)/;

export function mailPriority(kind: string): OutboxPriority {
  if (TRANSACTIONAL.test(kind)) return OUTBOX_PRIORITY.transactional;
  if (BULK.test(kind)) return OUTBOX_PRIORITY.bulk;
  return OUTBOX_PRIORITY.normal;
}
