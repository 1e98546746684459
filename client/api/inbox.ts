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

/** Withdrawals are declared with their processing in withdrawals.ts. */
export type { WithdrawalRequest } from './withdrawals.js';
