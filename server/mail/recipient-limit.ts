/**
 * A limit of messages per recipient, for the messages anyone can make the shop send to an address they type: an order
 * confirmation of a guest's order, a DSA receipt, a password-reset link, a registration link. The per-source limits
 * (form-guard, the notice throttle) stop one sender; this stops many senders aiming at one inbox. The counts live
 * where the store keeps its rate limits, so every instance on PostgreSQL counts against the same limit.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Enqueue, NewMessage } from '../store/outbox.js';
import type { Store } from '../store/store.js';

/** Mail providers that ignore dots in the local part. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One key per inbox: lower-case, without a `+tag` (which nearly every provider delivers to the same inbox), and for
 * Gmail without dots, so that `V.ictim+1@Gmail.com` counts against `victim@gmail.com`.
 */
export function recipientKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).replace(/\+.*$/, '');
  let domain = lower.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

export class RecipientLimit {
  /** One limiter per setting in force, made when first needed (settings change while the shop runs). */
  readonly #limiters = new Map<string, RateLimiterAbstract>();

  constructor(private readonly store: Store) {}

  /** Counts one message to `address`. @returns whether it is within the limit (false: do not send it) */
  async admit(address: string): Promise<boolean> {
    const { mail_per_recipient_limit: points, mail_per_recipient_window_minutes: minutes } =
      this.store.site.data.settings.general;
    const settingKey = `${points}/${minutes}`;
    let limiter = this.#limiters.get(settingKey);
    if (!limiter) {
      const durationSeconds = minutes * 60;
      // One key prefix whatever the setting: a changed limit applies to the counts already made.
      limiter = this.store.createRateLimiter({ keyPrefix: 'mail_recipient', points, durationSeconds, blockSeconds: 0 });
      this.#limiters.set(settingKey, limiter);
    }
    try {
      await limiter.consume(recipientKey(address));
      return true;
    } catch (rejection) {
      // Over the limit the limiter rejects with its state; a real failure (the database) is an Error and must surface.
      if (rejection instanceof Error) throw rejection;
      return false;
    }
  }

  /**
   * `enqueue`, with its messages to `address` held back when that address is over its limit; the shop's own
   * notifications go as usual. Counts one message to `address`.
   */
  async limited<T>(address: string, enqueue: Enqueue<T>): Promise<Enqueue<T>> {
    if (await this.admit(address)) return enqueue;
    const key = recipientKey(address);
    return (stored) =>
      enqueue(stored).map(
        (message): NewMessage => (recipientKey(message.to) === key ? { ...message, suppressed: HELD_BACK } : message),
      );
  }
}

/** What the mail log shows for a message held back. */
export const HELD_BACK =
  'Not sent: this address has been sent as many messages as the shop allows in the time set under Settings › General; it may be a flood aimed at that inbox. Send again if it is genuine.';
