/**
 * Orders: WooCommerce's statuses and the moves between them, declared once here so that the server refuses what the
 * admin never offers; and the shape of `GET /vitrine/v1/orders/{id}`, the admin's view of one order with its history,
 * notes, consent proof and withdrawals.
 */
import type { OrderTaxes } from './taxes.js';
import type { ConsentLogEntry } from './compliance.js';
import type { WithdrawalRequest } from './inbox.js';

/** WooCommerce's order statuses (without its `wc-` prefix). */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** WooCommerce's labels, for lists and buttons. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
};

/**
 * The moves a shop manager or an integrator may make, as WooCommerce's order flow has them: an unpaid order is paid
 * (processing), held or given up; a paid one is shipped (completed), cancelled or refunded; a refund ends the order.
 * A cancelled order stays cancelled (reopening it would take its stock again), but money received for it may still
 * be refunded.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'on-hold', 'completed', 'cancelled', 'failed'],
  'on-hold': ['pending', 'processing', 'completed', 'cancelled', 'failed'],
  processing: ['on-hold', 'completed', 'cancelled', 'refunded'],
  completed: ['refunded'],
  failed: ['pending', 'processing', 'on-hold', 'cancelled'],
  cancelled: ['refunded'],
  refunded: [],
};

/** Moving into these gives the order's stock back (once: an order keeps whether it already did). */
export const STOCK_RETURNING_STATUSES: readonly OrderStatus[] = ['cancelled', 'refunded'];

/** Moving from these into `processing` or `completed` means the money arrived: `date_paid` is set. */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['pending', 'on-hold'];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Who changed an order: a signed-in user, an API key (its description), the customer, or the shop itself. */
export interface OrderActor {
  type: 'user' | 'api_key' | 'customer' | 'system';
  /** The user's id (also for an API key: its user's); null for the customer as a guest and for the system. */
  id: number | null;
  /** The user's display name, the key's description, `customer` or `system`. */
  name: string;
}

/** One status change, kept forever with the order. */
export interface OrderHistoryEntry {
  /** null for the order's first status, when it was placed. */
  from: OrderStatus | null;
  to: OrderStatus;
  by: OrderActor;
  /** ISO 8601 in UTC. */
  at: string;
}

/** A note on an order: private (for the shop) or for the customer (`customer_note`), as in WooCommerce. */
export interface OrderNote {
  /** Unique within the order. */
  id: number;
  /** The author's name (WooCommerce: `system` for notes the shop wrote itself). */
  author: string;
  /** ISO 8601 in UTC. */
  date_created: string;
  note: string;
  customer_note: boolean;
}

export interface OrderAddress {
  first_name: string;
  last_name: string;
  /** The buyer's company name (WooCommerce's `company`); absent or '' for a consumer. */
  company?: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  phone: string;
}

export interface OrderLineItem {
  product_id: number;
  variation_id?: number;
  /** A variation's chosen attributes as they were when ordered (attribute name -> term), e.g. `{size: 'M'}`. */
  attributes?: Record<string, string>;
  title: string;
  sku: string;
  /** Price per unit charged, in the currency's main unit. */
  unit_price: number;
  quantity: number;
  /** unit_price × quantity: what the line cost before a coupon (WooCommerce's line `subtotal`). */
  line_total: number;
  /** What coupons took off the line and the VAT of that, in minor units (grosz); absent: nothing. */
  discount?: number;
  discount_tax?: number;
}

/** One checkbox shown with the order, as the consent log keeps it (reference `order:<number>`). */
export type OrderConsentProof = ConsentLogEntry;

/** `GET /vitrine/v1/orders/{id}`: one order, everything the admin shows of it. Money in the currency's main unit. */
export interface VitrineOrder {
  id: number;
  number: string;
  status: OrderStatus;
  user_id: number | null;
  email: string;
  billing: OrderAddress;
  /** Where the goods go when that is not the billing address; null: to the billing address. */
  shipping_address: OrderAddress | null;
  company_tax_id: string;
  /** The customer asked for a VAT invoice at checkout (a consumer; a company buyer gets one anyway). */
  invoice_requested: boolean;
  payment_method: 'bank_transfer' | 'cash_on_delivery' | 'stripe' | 'przelewy24';
  currency: string;
  lines: OrderLineItem[];
  subtotal: number;
  /** The coupons it used: what each took off the goods and the VAT of that, in minor units (grosz). */
  coupon_lines: { coupon_id: number; code: string; discount: number; discount_tax: number }[];
  total: number;
  /** Its VAT per line, delivery, fee and rate, in minor units (grosz). */
  taxes: OrderTaxes;
  customer_note: string;
  /** ISO 8601 in UTC. */
  created_at: string;
  /** When the payment was recorded (ISO 8601 in UTC), or null. */
  date_paid: string | null;
  /** Whether cancelling or refunding already gave the stock back. */
  stock_returned: boolean;
  /**
   * When the unpaid order is cancelled and its units go back on sale unless it is paid first (ISO 8601 in UTC); null
   * when it holds no stock for want of payment, or the shop never cancels unpaid orders.
   */
  stock_held_until: string | null;
  /** The statuses it moved through, oldest first; the first entry is its placing. */
  history: OrderHistoryEntry[];
  /** Oldest first. */
  notes: OrderNote[];
  /** The statuses it may move to now. */
  allowed_transitions: OrderStatus[];
  /**
   * The consent log records of its checkout form: which texts, in which version (label hash, legal page date), when.
   */
  consent_proof: OrderConsentProof[];
  /** Withdrawals received for it, oldest first. */
  withdrawals: WithdrawalRequest[];
}

/** Whether an order's `company_tax_id` is another member state's VAT number (`DE136695976`) rather than a NIP. */
export const isEuVatNumber = (companyTaxId: string): boolean => /^[A-Z]{2}/.test(companyTaxId);

/**
 * Where a new order starts: a bank transfer waits for the money (on hold); an online payment waits for its provider
 * to confirm it (pending); cash on delivery is prepared at once.
 */
export function startingStatusOf(paymentMethod: VitrineOrder['payment_method']): OrderStatus {
  if (paymentMethod === 'bank_transfer') return 'on-hold';
  return paymentMethod === 'cash_on_delivery' ? 'processing' : 'pending';
}
