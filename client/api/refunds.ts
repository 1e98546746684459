/**
 * Refunds of an order as the order keeps them: money paid back for some of its lines (in units), its delivery and its
 * fees, or for the whole order; each with its VAT per rate, the part of the order's own per-rate VAT that goes back.
 * A withdrawal's refund is one of them, linked to the withdrawal. Amounts in minor units (grosz).
 */
import type { OrderActor } from './orders.js';
import type { RateTax } from './taxes.js';

/** What part of an order a refund item pays back: a line, a delivery line or a fee, by its place in the order. */
export type RefundItemKind = 'line' | 'shipping' | 'fee';

/** The part of one line, delivery or fee of the order that a refund pays back. */
export interface RefundItem {
  kind: RefundItemKind;
  /** Its index among the order's lines, delivery lines or fees. */
  index: number;
  /** Units of the line given back (0 for delivery, fees, and money back without goods). */
  quantity: number;
  /** What is paid back for it, VAT included. */
  total: number;
  /** The VAT inside `total`, and its part per rate. */
  tax: number;
  taxes: RateTax[];
}

/** One VAT rate's part of a refund: what a correcting invoice lists per rate. */
export interface RefundRate {
  rate_id: number;
  label: string;
  rate_percent: number;
  net: number;
  tax: number;
  gross: number;
}

export interface OrderRefund {
  /** Unique within its order, never reused. */
  id: number;
  /** ISO 8601 in UTC. */
  created_at: string;
  /** What is paid back in all, VAT included: the items' totals added up. */
  amount: number;
  reason: string;
  refunded_by: OrderActor;
  /** Whether the money is to go back through the payment gateway (WooCommerce's `api_refund`). */
  api_refund: boolean;
  /** The withdrawal it settles, when it is a withdrawal's refund. */
  withdrawal_id: number | null;
  /**
   * It refunds the whole order: once every unit is back it settles the order even when it keeps part of the money (the
   * extra cost of a dearer delivery the customer chose, which the law lets the shop keep).
   */
  whole_order: boolean;
  items: RefundItem[];
  /** Highest rate first; untaxed amounts are in no rate. */
  rates: RefundRate[];
  /** The VAT paid back in all. */
  tax: number;
}

/** `POST /vitrine/v1/orders/{id}/refunds`: the admin's refund. Money in the currency's main unit. */
export interface OrderRefundInput {
  /** Units per line, by the line's index in the order. */
  lines?: { index: number; quantity: number }[];
  /** Whether the delivery (and fees) not yet refunded go back too. */
  delivery?: boolean;
  /** The amount, when it is not the value of the lines and delivery chosen. */
  amount?: number | string;
  reason?: string;
}
