/**
 * The messages the shop's operations cause, as `Enqueue` functions for the store operation that causes them
 * (server/store/outbox.ts): each reads the shop's settings when the operation runs.
 * @example await store.withdrawals.create(request, mail.withdrawalReceived)
 */
import type { Invoice } from '../../client/api/invoices.js';
import type { OrderNote, OrderStatus } from '../../client/api/orders.js';
import type { Enqueue, NewMessage } from '../store/outbox.js';
import type { ConsentRecord, ContactMessage, DsaNotice, Order, User, WithdrawalRequest } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { passwordResetMessages, welcomeMessages } from './messages/account-messages.js';
import { contactMessages } from './messages/contact-messages.js';
import {
  emailChangeMessages,
  erasureDoneMessages,
  erasureLinkMessages,
  erasureRequestedMessages,
} from './messages/account-privacy-messages.js';
import { accountExistsMessages, registrationLinkMessages } from './messages/registration-messages.js';
import { dsaNoticeDecidedMessages, dsaNoticeReceivedMessages } from './messages/dsa-notice-messages.js';
import { correctionIssuedMessages, invoiceIssuedMessages } from './messages/invoice-messages.js';
import { orderPlacedMessages, type OrderMailSettings } from './messages/order-messages.js';
import { orderNoteMessages, orderStatusMessages } from './messages/order-status-messages.js';
import { paymentReminderMessages } from './messages/payment-reminder-messages.js';
import { withdrawalLinkMessages, withdrawalMessages } from './messages/withdrawal-messages.js';
import { RecipientLimit } from './recipient-limit.js';
import { stockAlertMessages } from './messages/stock-alert-messages.js';
import { orderShippedMessages } from './messages/shipment-messages.js';
import type { ShipmentTracking } from '../../client/api/shipment-tracking.js';
import type { StockAlert } from '../catalog/stock-alerts.js';
import { mailShop, mailShopFor, type MailShop } from './templates/mail-shop.js';
import { chosenLanguage } from '../i18n/chosen-language.js';
import { customerLanguage } from '../site/storefront-languages.js';

export class ShopMail {
  /** The per-recipient limit of the messages anyone can cause (recipient-limit.ts). */
  readonly recipients: RecipientLimit;

  constructor(
    private readonly store: Store,
    /** Absolute base URL of the shop (the configuration's SITE_URL), for the links in the messages. */
    readonly siteUrl: string,
  ) {
    this.recipients = new RecipientLimit(store);
  }

  shop(): MailShop {
    return mailShop(this.store, this.siteUrl);
  }

  /** The acknowledgement of a withdrawal from `order` (in the order's language) and the shop's notification. */
  withdrawalReceived(order: Pick<Order, 'language'>): Enqueue<WithdrawalRequest> {
    return (withdrawal) => withdrawalMessages(this.shop(), withdrawal, this.#toCustomerOf(order));
  }
  readonly dsaNoticeReceived: Enqueue<DsaNotice> = (notice) => dsaNoticeReceivedMessages(this.shop(), notice);
  readonly dsaNoticeDecided: Enqueue<DsaNotice> = (notice) => dsaNoticeDecidedMessages(this.shop(), notice);
  readonly contactReceived: Enqueue<ContactMessage> = (message) => contactMessages(this.shop(), message);
  readonly welcome: Enqueue<User> = (user) => welcomeMessages(this.#toCustomer(user), user);

  /** The order confirmation and the shop's notification; `consent` is the consent evidence of the order's form. */
  orderPlaced(consent: readonly ConsentRecord[]): Enqueue<Order> {
    return (order) => orderPlacedMessages(this.shop(), this.#orderSettings(), order, consent);
  }

  /** The shop writing to an order's customer: in the language the order was placed in. */
  #toCustomerOf(order: Pick<Order, 'language'>): MailShop {
    return mailShopFor(this.shop(), order.language);
  }

  /**
   * The shop writing to the visitor whose request causes the message (a registration): in the storefront language
   * they are using.
   */
  #toVisitor(): MailShop {
    return mailShopFor(this.shop(), chosenLanguage());
  }

  /**
   * The shop writing to a customer outside an order (their account's messages): in the storefront language they are
   * using when their request causes it, else the one their account keeps, else the shop's.
   */
  #toCustomer(user: Pick<User, 'locale'> | null): MailShop {
    return mailShopFor(this.shop(), customerLanguage(user));
  }

  /** The shop's low-stock and out-of-stock e-mails of the items an order brought low or out. */
  readonly stockAlerts = (alerts: readonly StockAlert[]): NewMessage[] => stockAlertMessages(this.shop(), alerts);

  /** The customer's "shipped" e-mail with the parcel's tracking link. */
  readonly orderShipped = (order: Order, shipment: ShipmentTracking): NewMessage[] =>
    orderShippedMessages(this.#toCustomerOf(order), order, shipment);

  /** What the customer is told of the order's move from `from` to its status now (nothing for most moves). */
  readonly orderStatusChanged = (order: Order, from: OrderStatus, changedAt: string, refunded?: number): NewMessage[] =>
    orderStatusMessages(this.#toCustomerOf(order), order, from, changedAt, refunded);

  /** The customer's e-mail with a correction of their invoice (its PDF attached), issued under `key`. */
  correctionIssued(order: Order, key: string): Enqueue<Invoice> {
    return (correction) => correctionIssuedMessages(this.#toCustomerOf(order), order, correction, key);
  }

  /** The customer's e-mail with the VAT invoice of their order (its PDF attached), issued under `key`. */
  invoiceIssued(order: Order, key: string): Enqueue<Invoice> {
    return (invoice) => invoiceIssuedMessages(this.#toCustomerOf(order), order, invoice, key);
  }

  /** What the customer is told of a note added to their order: a note to them, e-mailed; nothing for a private one. */
  readonly orderNoteAdded = (order: Order, note: OrderNote): NewMessage[] =>
    orderNoteMessages(this.#toCustomerOf(order), order, note);

  /** The reminder that an unpaid order is cancelled unless paid by `endsAt`. */
  readonly paymentReminder = (order: Order, endsAt: Date): NewMessage[] =>
    paymentReminderMessages(this.#toCustomerOf(order), order, endsAt);

  #orderSettings(): OrderMailSettings {
    const { settings, pages } = this.store.site.data;
    return {
      withdrawalDays: settings.compliance.withdrawal_days,
      withdrawalEnabled: settings.compliance.withdrawal_enabled,
      bank: {
        holder: settings.checkout.bank_account_holder,
        iban: settings.checkout.bank_iban,
        bic: settings.checkout.bank_bic,
        name: settings.checkout.bank_name,
      },
      pages,
    };
  }

  /** The link to `path` (the withdrawal page with the order's key) for the order's e-mail. */
  withdrawalLink(order: Order, path: string): NewMessage[] {
    return withdrawalLinkMessages(this.#toCustomerOf(order), order, `${this.siteUrl}${path}`);
  }

  /**
   * The link that creates a registration's account, carrying the sealed `token`: it opens the confirmation in the
   * language the form was filled in, which the new account then keeps.
   */
  registrationLink(to: string, token: string): NewMessage[] {
    const shop = this.#toVisitor();
    return registrationLinkMessages(
      shop,
      to,
      `${shop.storefrontUrl}/register/confirm?token=${encodeURIComponent(token)}`,
    );
  }

  /** To an address that asked for an account and has one, `owner`'s. */
  accountExists(owner: User, to: string): NewMessage[] {
    return accountExistsMessages(this.#toCustomer(owner), to);
  }

  /** To the new address of `user`'s account: the link, carrying the sealed `token`, that makes it the account's. */
  emailChangeLink(user: User, to: string, token: string): NewMessage[] {
    const shop = this.#toCustomer(user);
    return emailChangeMessages(
      shop,
      to,
      `${shop.storefrontUrl}/account/email/confirm?token=${encodeURIComponent(token)}`,
    );
  }

  /** To the account's address: the link, carrying the sealed `token`, to the page that erases the account. */
  erasureLink(user: User, token: string): NewMessage[] {
    const shop = this.#toCustomer(user);
    return erasureLinkMessages(
      shop,
      user.email,
      `${shop.storefrontUrl}/account/erase/confirm?token=${encodeURIComponent(token)}`,
    );
  }

  /** To the account's address: its erasure request is confirmed and will be carried out by `dueOn` (`YYYY-MM-DD`). */
  erasureRequested(user: User, dueOn: string): NewMessage[] {
    return erasureRequestedMessages(this.#toCustomer(user), user.email, dueOn);
  }

  /** To the address an account had before its erasure, queued with the erasure: it is done. */
  readonly erasureDone: Enqueue<User> = (before) => erasureDoneMessages(this.#toCustomer(before), before.email);

  /** The reset message for `user`, with the link that carries `token`. */
  passwordReset(user: User, token: string): Enqueue<unknown> {
    return () => {
      const shop = this.#toCustomer(user);
      return passwordResetMessages(
        shop,
        user,
        `${shop.storefrontUrl}/reset-password?token=${encodeURIComponent(token)}`,
      );
    };
  }
}
