/** The mail log (`vitrine/v1/mail`): every message the shop has queued, with what became of it. */

/** `suppressed`: the shop held the message back (its recipient had been sent too many); "Send again" sends it. */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'retrying', 'failed', 'suppressed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One message in the list. Times are the shop's local `YYYY-MM-DDTHH:MM:SS`. */
export interface RestMailMessage {
  id: number;
  /** What the message is about, e.g. `withdrawal-received`, `shop-dsa-notice`, `password-reset`. */
  kind: string;
  to: string;
  reply_to: string | null;
  subject: string;
  status: MailStatus;
  attempts: number;
  message_id: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** When the next attempt starts, while `retrying`. */
  next_attempt_at: string | null;
  /** The SMTP server's last answer (or the connection error): why a message failed or is retried. */
  last_response: string | null;
}

/** One message with both parts, as sent; secrets in them (a password-reset link) are shown as `[hidden]`. */
export interface RestMailMessageDetail extends RestMailMessage {
  text: string;
  html: string;
}
