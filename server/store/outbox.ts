/**
 * The outbox: e-mail messages the shop has promised to send, kept in the store beside what caused them. A message is
 * written by the same store operation as its cause (a withdrawal, a notice, a registration, a reset request), so it
 * exists if and only if that happened; the delivery worker (server/mail) then claims and sends one at a time.
 */

/** A message as its cause hands it over: fully rendered, with the Message-ID it keeps on every attempt. */
export interface NewMessage {
  /** What the message is about, e.g. `withdrawal-received` (for the mail log's readers and the tests). */
  kind: string;
  /** One address. */
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  /** `<random@domain>`: a message sent again after a crash carries the same one, so mail clients show it once. */
  message_id: string;
  /** Secrets in the bodies (a password-reset link) that the mail log shows as `[hidden]`. */
  redact: string[];
  created_at: string;
  /** Which due message a sender takes first (OUTBOX_PRIORITY); none reads as normal. */
  priority?: OutboxPriority;
  /**
   * Why the shop decided not to send it (a recipient over its limit): the message is stored as `suppressed`, never
   * sent, so that a manager sees in the mail log what was held back and can send it again.
   */
  suppressed?: string;
  /**
   * Documents the message carries, by reference: the sender renders each when it sends the message, so the outbox
   * holds no file and the attachment is exactly the document as it is stored then.
   */
  attachments?: MailAttachmentRef[];
}

/** A document a message carries: an invoice or a correction, by its issuing key (`order:42:VAT`, `refund:7:KOR`). */
export interface MailAttachmentRef {
  invoice_key: string;
}

/**
 * Higher goes first: a customer's order or password reset must not wait behind a flood of notices that strangers can
 * cause (DSA receipts, the shop's own notifications).
 */
export const OUTBOX_PRIORITY = { bulk: 0, normal: 1, transactional: 2 } as const;
export type OutboxPriority = (typeof OUTBOX_PRIORITY)[keyof typeof OUTBOX_PRIORITY];

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'retrying', 'failed', 'suppressed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxMessage extends Omit<NewMessage, 'priority' | 'suppressed' | 'attachments'> {
  id: number;
  /** None for a message written before messages carried documents. */
  attachments: MailAttachmentRef[];
  status: OutboxStatus;
  priority: OutboxPriority;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt may start (ISO, UTC). */
  next_attempt_at: string;
  /**
   * Who is sending it now (or made the last attempt), and until when the claim holds (a sender that died loses it
   * then).
   */
  claimed_by: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  /** The SMTP server's answer to the last attempt (or the connection error), kept for the mail log. */
  last_response: string | null;
  updated_at: string;
}

/**
 * Makes the messages of a store operation from what it stored (which carries the id or reference the store gave it).
 * Called synchronously inside the operation; throwing aborts the operation.
 */
export type Enqueue<T> = (stored: T) => readonly NewMessage[];

export interface OutboxFilter {
  status?: OutboxStatus;
  /** Part of the recipient's address, case-insensitive. */
  recipient?: string;
  page: number;
  perPage: number;
}

export interface OutboxRepository {
  /**
   * Stores messages that no other operation causes (a message sent again from the mail log is not one: see requeue).
   */
  enqueue(messages: readonly NewMessage[]): Promise<OutboxMessage[]>;
  /**
   * Claims the most urgent (highest priority), then oldest, message that is due (queued or retrying with its pause
   * over, or claimed by a sender whose claim has expired) for `sender` until `now + leaseMs`, so that no other sender
   * takes it meanwhile.
   * @returns null when nothing is due
   */
  claimNext(sender: string, now: Date, leaseMs: number): Promise<OutboxMessage | null>;
  /** Records the outcome of a claimed attempt; ignored when `sender` no longer holds the claim. */
  settle(id: number, sender: string, outcome: DeliveryOutcome, now: Date): Promise<OutboxMessage | null>;
  /** Queues a message again from scratch ("Send again" in the mail log); same Message-ID. */
  requeue(id: number, now: Date): Promise<OutboxMessage | null>;
  find(id: number): Promise<OutboxMessage | null>;
  /** Newest first. */
  list(filter: OutboxFilter): Promise<{ messages: OutboxMessage[]; total: number }>;
}

/** A message's priority as stored: none (written before priorities) reads as normal. */
export function priorityOf(message: Pick<NewMessage, 'priority'>): OutboxPriority {
  return message.priority ?? OUTBOX_PRIORITY.normal;
}

/** The status a new message starts in, and the outcome recorded for it when it will not be sent. */
export function initialState(message: Pick<NewMessage, 'suppressed'>): {
  status: 'queued' | 'suppressed';
  last_response: string | null;
} {
  return message.suppressed
    ? { status: 'suppressed', last_response: message.suppressed }
    : { status: 'queued', last_response: null };
}

export type DeliveryOutcome =
  | { status: 'sent'; response: string }
  | { status: 'retrying'; response: string; next_attempt_at: string }
  | { status: 'failed'; response: string };

/** The one place both stores match a recipient filter, so they agree. */
export function matchesOutboxFilter(
  message: Pick<OutboxMessage, 'status' | 'to'>,
  filter: Pick<OutboxFilter, 'status' | 'recipient'>,
): boolean {
  if (filter.status && message.status !== filter.status) return false;
  return !filter.recipient || message.to.toLowerCase().includes(filter.recipient.toLowerCase());
}
