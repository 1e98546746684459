/**
 * The one shape every online payment provider takes in the shop: start a payment for an order (`create`, answering
 * where to send the shopper), read a provider's signed message into a payment event (`confirmFromWebhook`, refusing
 * an unsigned or forged one before anything else), settle a payment the provider asks the shop to acknowledge
 * (`settle`), and pay money back (`refund`). One file per provider implements it (stripe.ts, przelewy24.ts); what an
 * event does to the order is the orders service's (orders/online-payment.ts).
 */
import type { Order, PaymentMethod } from '../../store/schema.js';
import { OFFLINE_PAYMENT_METHODS } from '../checkout/checkout-fields.js';

export const ONLINE_PAYMENT_METHODS = ['stripe', 'przelewy24'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

/** The public route each provider posts its signed messages to (payment-routes.ts), after the site's address. */
export const PAYMENT_MESSAGE_PATHS: Readonly<Record<OnlinePaymentMethod, string>> = {
  stripe: '/payments/stripe/webhook',
  przelewy24: '/payments/przelewy24/notify',
};

export const isOnlinePayment = (method: string): method is OnlinePaymentMethod =>
  (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

/** Where the provider sends the shopper back, and where it posts its messages. Absolute URLs. */
export interface PaymentUrls {
  /** The order page, which says the payment is being confirmed until the provider's message decides. */
  returnUrl: string;
  /** Where a shopper who gave up on the provider's page lands (the order page too). */
  cancelUrl: string;
  /** The public route the provider posts its signed messages to. */
  notifyUrl: string;
}

/** What a provider's message says of a payment. Amounts in the currency's minor unit (grosz). */
export interface PaymentEvent {
  /** The provider's own id of the message, the same when it is delivered again: an event is applied once. */
  eventId: string;
  /** The provider's name of the event (`checkout.session.completed`), kept in the order's notes. */
  type: string;
  orderNumber: string;
  /** `paid`: money received; `failed`/`expired`: this attempt ended without money; `other`: only recorded. */
  outcome: 'paid' | 'failed' | 'expired' | 'other';
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The provider's id of the payment that a refund names (Stripe's PaymentIntent, Przelewy24's orderId). */
  paymentReference: string | null;
}

/** A message whose signature does not hold: answered 400, and nothing is read from it. */
export class ForgedPaymentMessageError extends Error {}

export interface PaymentGateway {
  readonly method: OnlinePaymentMethod;
  /** Starts paying the order at the provider. @returns the provider's page to send the shopper to (303) */
  create(order: Order, urls: PaymentUrls): Promise<{ redirectUrl: string; reference: string }>;
  /**
   * Checks the message's signature over its raw bytes and reads it.
   * @returns the event, or null for a genuine message that is not about an order's payment
   * @throws ForgedPaymentMessageError when the signature does not hold
   */
  confirmFromWebhook(
    rawBody: Buffer,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): Promise<PaymentEvent | null>;
  /**
   * What the provider requires before a payment counts (Przelewy24's verify), called only for a payment that matches
   * its order; a failure throws, the message is answered with an error, and the provider sends it again.
   */
  settle?(event: PaymentEvent): Promise<void>;
  /** Pays `amountMinor` of the order's payment back through the provider. @returns the provider's refund id */
  refund(order: Order, amountMinor: number, reason: string): Promise<{ refundId: string }>;
}

/** The providers this shop is configured for, by payment method. */
export type PaymentGateways = Partial<Record<OnlinePaymentMethod, PaymentGateway>>;

/** The ways of paying the checkout offers: bank transfer and cash on delivery, then each configured provider. */
export function offeredPaymentMethods(gateways: PaymentGateways): PaymentMethod[] {
  return [...OFFLINE_PAYMENT_METHODS, ...ONLINE_PAYMENT_METHODS.filter((method) => gateways[method] !== undefined)];
}
