/**
 * The messages the shop's operations cause, as `Enqueue` functions for the store operation that causes them
 * (server/store/outbox.ts): each reads the shop's settings when the operation runs.
 * @example await store.withdrawals.create(request, mail.withdrawalReceived)
 */
import type { Enqueue } from '../store/outbox.js';
import type { ContactMessage, DsaNotice, User, WithdrawalRequest } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { passwordResetMessages, welcomeMessages } from './messages/account-messages.js';
import { contactMessages } from './messages/contact-messages.js';
import { dsaNoticeDecidedMessages, dsaNoticeReceivedMessages } from './messages/dsa-notice-messages.js';
import { withdrawalMessages } from './messages/withdrawal-messages.js';
import { mailShop, type MailShop } from './templates/mail-shop.js';

export class ShopMail {
  constructor(
    private readonly store: Store,
    /** Absolute base URL of the shop (the configuration's SITE_URL), for the links in the messages. */
    readonly siteUrl: string,
  ) {}

  shop(): MailShop {
    return mailShop(this.store, this.siteUrl);
  }

  readonly withdrawalReceived: Enqueue<WithdrawalRequest> = (withdrawal) => withdrawalMessages(this.shop(), withdrawal);
  readonly dsaNoticeReceived: Enqueue<DsaNotice> = (notice) => dsaNoticeReceivedMessages(this.shop(), notice);
  readonly dsaNoticeDecided: Enqueue<DsaNotice> = (notice) => dsaNoticeDecidedMessages(this.shop(), notice);
  readonly contactReceived: Enqueue<ContactMessage> = (message) => contactMessages(this.shop(), message);
  readonly welcome: Enqueue<User> = (user) => welcomeMessages(this.shop(), user);

  /** The reset message for `user`, with the link that carries `token`. */
  passwordReset(user: User, token: string): Enqueue<unknown> {
    return () => passwordResetMessages(this.shop(), user, `${this.siteUrl}/reset-password?token=${encodeURIComponent(token)}`);
  }
}
