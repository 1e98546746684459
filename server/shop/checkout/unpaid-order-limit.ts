/**
 * How many unpaid orders one source may have waiting at once: per client address (IPv6 grouped per /64, as every
 * per-address limit counts it), per e-mail and per browser (the cart cookie). An unpaid order holds its units until
 * its hold ends; without this, a few sources could place order after order and lock the shop's stock. Counted with
 * the store's rate limiters (shared by every instance on PostgreSQL) over the hold's length, so that an order counts
 * while it may still hold stock; one paid early counts too until then, which errs on the side of the stock.
 */
import { messageRef, type MessageRef } from '../../i18n/message-ref.js';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { addressKey } from '../../http/client-address.js';
import type { Store } from '../../store/store.js';

const DAY_SECONDS = 24 * 60 * 60;
/** Above the setting's maximum, so that the limiter never refuses on its own: the setting of the moment decides. */
const LIMITER_POINTS = 1000;
/** How long an order counts when unpaid orders are never cancelled (a hold of 0 days). */
const NEVER_CANCELLED_WINDOW_DAYS = 7;

/** Where an order comes from. */
export interface OrderSources {
  ip: string;
  email: string;
  /** The hash of the browser's cart token; null without one. */
  device: string | null;
}

/** A claim on the limit: given back when the order is not placed after all. */
export interface UnpaidOrderClaim {
  release(): Promise<void>;
}

export class UnpaidOrderLimit {
  readonly #limiters = new Map<number, RateLimiterAbstract>();

  constructor(private readonly store: Store) {}

  /**
   * Counts one more unpaid order for each of its sources, or refuses it (counting nothing) when one of them has as
   * many as the settings allow. Answers the claim, or the refusal in the shopper's words.
   */
  async claim(
    sources: OrderSources,
  ): Promise<{ claim: UnpaidOrderClaim; refusal?: never } | { refusal: MessageRef; claim?: never }> {
    const checkout = this.store.site.data.settings.checkout;
    const limiter = this.#limiterFor(checkout.hold_unpaid_days || NEVER_CANCELLED_WINDOW_DAYS);
    const keys = [
      { key: `ip:${addressKey(sources.ip)}`, refusal: 'checkout.unpaidFromNetwork' },
      { key: `email:${sources.email.trim().toLowerCase()}`, refusal: 'checkout.unpaidForEmail' },
      ...(sources.device ? [{ key: `device:${sources.device}`, refusal: 'checkout.unpaidFromBrowser' }] : []),
    ];
    const counted: string[] = [];
    const release = async () => {
      await Promise.all(counted.map((key) => limiter.reward(key, 1)));
    };
    for (const { key, refusal } of keys) {
      const now = (await limiter.consume(key, 1)) as RateLimiterRes;
      counted.push(key);
      if (now.consumedPoints > checkout.unpaid_orders_per_source) {
        await release();
        return { refusal: messageRef(refusal, { count: checkout.unpaid_orders_per_source }) };
      }
    }
    return { claim: { release } };
  }

  #limiterFor(days: number): RateLimiterAbstract {
    let limiter = this.#limiters.get(days);
    if (!limiter) {
      const window = days * DAY_SECONDS;
      limiter = this.store.createRateLimiter({
        keyPrefix: `unpaid_orders_${days}d`,
        points: LIMITER_POINTS,
        durationSeconds: window,
        blockSeconds: 0,
      });
      this.#limiters.set(days, limiter);
    }
    return limiter;
  }
}
