/**
 * `vitrine/v1/withdrawals`: withdrawals from distance contracts as customers send them (the storefront's `/withdraw`)
 * and as managers process them: the goods received back, the refund made, and the refund deadline of the law.
 */

/** One item of an order a customer withdraws from. */
export interface WithdrawnItem {
  product_id: number;
  variation_id?: number;
  title: string;
  quantity: number;
}

/** One line of a recorded refund. */
export interface RefundedLine extends WithdrawnItem {
  /** The value of the line at the price paid: unit price × quantity, in the order's currency. */
  amount: number;
}

/** A refund recorded for a withdrawal. */
export interface WithdrawalRefund {
  /** What was paid back, in the order's currency (main unit, two decimals). */
  amount: number;
  /** The day of the refund, in the shop's time zone (`YYYY-MM-DD`). */
  refunded_on: string;
  /** `full`: the whole order was refunded and moved to `refunded`; `lines`: the lines listed. */
  scope: 'full' | 'lines';
  lines: RefundedLine[];
  /** When it was recorded (ISO 8601, UTC) and by which user. */
  recorded_at: string;
  recorded_by: number | null;
  /**
   * The order's refund it is (client/api/refunds.ts: its VAT per rate, what corrections and gateways read); absent for
   * refunds recorded before the order kept its refunds.
   */
  refund_id?: number;
}

/** A withdrawal from a distance contract, as received and as processed so far. */
export interface WithdrawalRequest {
  id: number;
  /** e.g. `WD-000007`. */
  reference: string;
  order_id: number;
  order_number: string;
  email: string;
  /** The items withdrawn from; the whole order when the customer chose all. */
  items: WithdrawnItem[];
  reason: string;
  user_id: number | null;
  /** When it was received, ISO 8601 in UTC: what counts for the withdrawal period and the refund deadline. */
  received_at: string;
  /** The day the goods came back, in the shop's time zone (`YYYY-MM-DD`); null until they have. */
  goods_received_on: string | null;
  /** The refund, once recorded; a withdrawal with a refund is settled and changes no more. */
  refund: WithdrawalRefund | null;
}

/**
 * The trader's refund deadline (Directive 2011/83/EU, art. 13): 14 days from the day the withdrawal statement was
 * received; the trader may withhold the refund until the goods are back, or the consumer has shown that they were sent
 * (art. 13(3)), whichever comes first. Both facts are given, since the second does not move the first.
 */
export interface RefundDeadline {
  /** The days the law gives: 14. */
  days: number;
  /** The day the withdrawal was received (shop's time zone), from which the days run. */
  from: string;
  /** The last day for the refund. */
  due_on: string;
  /** Whether the refund is still missing after `due_on` (in the shop's today). */
  overdue: boolean;
  /** Whether the goods are not back yet, so that the refund may be withheld until they are (or proof of sending). */
  may_withhold_until_goods_received: boolean;
}

/** A withdrawal as managers read it (`GET /vitrine/v1/withdrawals`, `/withdrawals/{id}`). */
export interface ManagedWithdrawal extends WithdrawalRequest {
  refund_deadline: RefundDeadline;
  /** The order's currency. */
  currency: string;
  /** What can still be refunded for this withdrawal: the order's total less the refunds of its other withdrawals. */
  refundable: number;
  /** Whether the withdrawal covers every line of the order in full, so that a full refund may be recorded. */
  covers_whole_order: boolean;
}

/** `POST /vitrine/v1/withdrawals/{id}`: what a manager records; each part may come alone. */
export interface WithdrawalProcessingInput {
  /** The day the goods came back (`YYYY-MM-DD`, shop's time zone); null clears a date given by mistake. */
  goods_received_on?: string | null;
  refund?: {
    amount: number | string;
    refunded_on: string;
    scope: 'full' | 'lines';
    /** For `lines`: the items refunded by item id (the variation's id, or the product's) and quantity. */
    lines?: { item_id: number; quantity: number }[];
  };
}
