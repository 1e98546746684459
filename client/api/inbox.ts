/** `vitrine/v1/messages` and `/withdrawals`: what customers sent through the storefront's forms, newest first. */

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The signed-in customer who sent it, or null. */
  user_id: number | null;
  /** ISO 8601 in UTC. */
  created_at: string;
}

/** A withdrawal from a distance contract, as received. */
export interface WithdrawalRequest {
  id: number;
  /** e.g. `WD-000007`. */
  reference: string;
  order_id: number;
  order_number: string;
  email: string;
  /** The items withdrawn from; the whole order when the customer chose all. */
  items: { product_id: number; variation_id?: number; title: string; quantity: number }[];
  reason: string;
  user_id: number | null;
  /** When it was received, ISO 8601 in UTC: what counts for the withdrawal period. */
  received_at: string;
}
