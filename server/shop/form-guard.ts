/**
 * What every storefront form post passes before it is read: our own form's CSRF token (auth/csrf.ts), and a limit of
 * posts per address, so that a script cannot fill the shop with orders, accounts or messages.
 */
import { messageRef, type MessageRef } from '../i18n/message-ref.js';
import type { Context } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { CSRF_FIELD, csrfProblem } from '../auth/csrf.js';
import { addressKey } from '../http/client-address.js';
import type { Store } from '../store/store.js';

/** Posts one address may make to the shop's forms per minute. */
const POSTS_PER_MINUTE = 30;

export interface FormRefusal {
  status: 403 | 429;
  /** Why, in the shopper's words. */
  said: MessageRef;
}

export class FormGuard {
  readonly #limiter: RateLimiterAbstract;

  constructor(private readonly store: Store) {
    this.#limiter = store.createRateLimiter({
      keyPrefix: 'shop_form_post',
      points: POSTS_PER_MINUTE,
      durationSeconds: 60,
      blockSeconds: 60,
    });
  }

  /** Null when the post may go ahead; otherwise why not (Retry-After is set on a 429). */
  async check(ctx: Context, fields: Record<string, string | undefined>): Promise<FormRefusal | null> {
    const problem = csrfProblem(ctx, this.store.site.data.secret, fields[CSRF_FIELD]);
    if (problem) return { status: 403, said: problem };
    try {
      await this.#limiter.consume(addressKey(ctx.ip));
    } catch (rejection) {
      const seconds = Math.max(1, Math.ceil(((rejection as { msBeforeNext?: number }).msBeforeNext ?? 60_000) / 1000));
      ctx.set('Retry-After', String(seconds));
      return {
        status: 429,
        said: messageRef('form.tooMany', { count: seconds }),
      };
    }
    return null;
  }
}
