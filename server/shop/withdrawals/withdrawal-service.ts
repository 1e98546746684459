/**
 * The right of withdrawal (Directive (EU) 2023/2673): finding the order a customer withdraws from, checking that the
 * withdrawal period has not ended, and storing the withdrawal with the time it was received.
 */
import type { Order, User, WithdrawalRequest } from '../../store/schema.js';
import type { Enqueue } from '../../store/outbox.js';
import type { Store } from '../../store/store.js';
import { lineItemId } from '../line-item.js';
import { messageRef, type MessageRef } from '../../i18n/message-ref.js';
import { inEnglish } from '../../i18n/translator.js';
import { readableDate } from '../../i18n/readable-date.js';

/** A withdrawal the form cannot take: `said` is what the customer reads, in their language; `message` is English. */
export class WithdrawalInputError extends Error {
  constructor(
    readonly said: MessageRef,
    /** The field the problem belongs to, for the form. */
    readonly field: 'order' | 'email' | 'items',
  ) {
    super(inEnglish(said));
  }
}

const DAY_MS = 86_400_000;

/**
 * The order named by its number: the signed-in customer's own, or one whose e-mail matches (either way the same
 * answer for a wrong number and a wrong e-mail, so the form cannot be used to find out other people's orders), with
 * its `lines` narrowed to the items not withdrawn from yet: a second withdrawal from an item would be acknowledged as
 * new and reach the shop twice.
 * @throws WithdrawalInputError when it is not found, its withdrawal period has ended, or every item is withdrawn from
 */
export async function orderToWithdrawFrom(
  store: Store,
  number: string,
  email: string,
  user: User | null,
  now = new Date(),
): Promise<Order> {
  const order = number ? await store.orders.findByNumber(number.trim().toUpperCase()) : null;
  const owned =
    order &&
    ((user && order.user_id === user.id) || (email && order.email.toLowerCase() === email.trim().toLowerCase()));
  if (!order || !owned) throw new WithdrawalInputError(messageRef('withdrawal.notFound'), 'order');
  const days = store.site.data.settings.compliance.withdrawal_days;
  const ends = new Date(new Date(order.created_at).getTime() + days * DAY_MS);
  if (now > ends) {
    const { company_email: contact, locale, timezone } = store.site.data.settings.general;
    const ended = readableDate(ends.toISOString(), { locale, timeZone: timezone });
    throw new WithdrawalInputError(
      messageRef('withdrawal.periodEnded', { count: days, number: order.number, ended, contact }),
      'order',
    );
  }
  const earlier = (await store.withdrawals.list()).filter((withdrawal) => withdrawal.order_id === order.id);
  const withdrawn = new Set(earlier.flatMap((withdrawal) => withdrawal.items.map(lineItemId)));
  const lines = order.lines.filter((line) => !withdrawn.has(lineItemId(line)));
  if (lines.length === 0) {
    const references = earlier
      .map((withdrawal) => withdrawal.reference)
      .sort()
      .join(', ');
    throw new WithdrawalInputError(
      messageRef('withdrawal.allWithdrawn', { number: order.number, references, email: order.email }),
      'order',
    );
  }
  return { ...order, lines };
}

/**
 * The lines of `order` chosen by item id (variation or product); all of them when none are named. @throws
 * WithdrawalInputError
 */
export function chosenItems(order: Order, itemIds: readonly number[]): WithdrawalRequest['items'] {
  const lines = itemIds.length ? order.lines.filter((line) => itemIds.includes(lineItemId(line))) : order.lines;
  if (lines.length === 0) throw new WithdrawalInputError(messageRef('withdrawal.chooseItem'), 'items');
  return lines.map((line) => ({
    product_id: line.product_id,
    ...(line.variation_id ? { variation_id: line.variation_id } : {}),
    title: line.title,
    quantity: line.quantity,
  }));
}

/** Stores the withdrawal with its acknowledgement and the shop's notification (`outbox`), in one store operation. */
export async function recordWithdrawal(
  store: Store,
  order: Order,
  items: WithdrawalRequest['items'],
  reason: string,
  user: User | null,
  outbox: Enqueue<WithdrawalRequest>,
): Promise<WithdrawalRequest> {
  return store.withdrawals.create(
    {
      order_id: order.id,
      order_number: order.number,
      email: order.email,
      items,
      reason: reason.trim().slice(0, 2000),
      user_id: user?.id ?? null,
      received_at: new Date().toISOString(),
    },
    outbox,
  );
}
