/**
 * Stripe Checkout through Stripe's official SDK: a Checkout Session per order (cards, BLIK and Przelewy24 on Stripe's
 * hosted page, so no card data and no third-party script ever reach the shop's pages), its signed webhook read with
 * the SDK's own signature check on the raw body, and refunds of the session's PaymentIntent.
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';
import type { Order } from '../../store/schema.js';
import { minorUnits } from '../../tax/order-taxes.js';
import { paymentReferenceOf } from '../orders/online-payment.js';
import {
  ForgedPaymentMessageError,
  type PaymentEvent,
  type PaymentGateway,
  type PaymentUrls,
} from './payment-gateway.js';

/** How old a signed webhook may be (the SDK's default): an older one is refused as a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The fields read from an event's Checkout Session or PaymentIntent (a signed message, still read defensively). */
interface PaymentObject {
  object?: string;
  id?: string;
  metadata?: Record<string, string> | null;
  client_reference_id?: string | null;
  payment_status?: string;
  amount_total?: number | null;
  amount_received?: number;
  amount?: number;
  currency?: string | null;
  payment_intent?: string | { id: string } | null;
}

export class StripeGateway implements PaymentGateway {
  readonly method = 'stripe' as const;
  readonly #config: StripeConfig;
  readonly #webhookSecret: string;
  #stripe: Promise<Stripe> | null = null;

  constructor(config: StripeConfig) {
    this.#config = config;
    this.#webhookSecret = config.webhookSecret;
  }

  /** The SDK client, made on first use: the SDK loads then, not with every start of the shop. */
  #client(): Promise<Stripe> {
    this.#stripe ??= import('stripe').then(
      ({ default: StripeClient }) =>
        new StripeClient(this.#config.secretKey, {
          ...(this.#config.api ?? {}),
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: 'Vitrine' },
        }),
    );
    return this.#stripe;
  }

  async create(order: Order, urls: PaymentUrls): Promise<{ redirectUrl: string; reference: string }> {
    const metadata = { order_number: order.number };
    const session = await (await this.#client()).checkout.sessions.create({
      mode: 'payment',
      // Stripe's API of this SDK names the methods a session may offer here (formerly `payment_method_types`).
      allowed_payment_method_types: ['card', 'blik', 'p24'],
      customer_email: order.email,
      // One line for the whole order: what is charged is the order's total as the shop computed it (VAT included).
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: order.currency.toLowerCase(),
            unit_amount: minorUnits(order.total),
            product_data: { name: order.number },
          },
        },
      ],
      client_reference_id: order.number,
      metadata,
      payment_intent_data: { metadata },
      success_url: urls.returnUrl,
      cancel_url: urls.cancelUrl,
    });
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a payment page.`);
    return { redirectUrl: session.url, reference: session.id };
  }

  async confirmFromWebhook(
    rawBody: Buffer,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): Promise<PaymentEvent | null> {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '')
      throw new ForgedPaymentMessageError('The webhook has no Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = (await this.#client()).webhooks.constructEvent(
        rawBody,
        signature,
        this.#webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new ForgedPaymentMessageError(`The Stripe signature does not hold: ${(error as Error).message}`);
    }
    return paymentEventOf(event);
  }

  async refund(order: Order, amountMinor: number, reason: string): Promise<{ refundId: string }> {
    const paymentIntent = paymentReferenceOf(order, 'stripe');
    if (!paymentIntent) throw new Error(`Order ${order.number} has no Stripe payment to refund.`);
    // No idempotency key of ours: two equal partial refunds are two refunds; the SDK keys its own retries.
    const refund = await (await this.#client()).refunds.create({
      payment_intent: paymentIntent,
      amount: amountMinor,
      reason: 'requested_by_customer',
      metadata: { order_number: order.number, reason: reason.slice(0, 500) },
    });
    return { refundId: refund.id };
  }
}

const OUTCOMES: Readonly<Record<string, PaymentEvent['outcome']>> = {
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'failed',
};

/** The event as a payment event of an order, or null when it names no order of this shop or is of another kind. */
function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const object = event.data.object as unknown as PaymentObject;
  const orderNumber = object.metadata?.order_number ?? object.client_reference_id ?? null;
  if (!orderNumber || typeof orderNumber !== 'string') return null;
  let outcome = OUTCOMES[event.type];
  if (event.type === 'checkout.session.completed')
    // A BLIK or card payment is complete with the session; a delayed method (a bank's pay-by-link) is paid later.
    outcome = object.payment_status === 'paid' || object.payment_status === 'no_payment_required' ? 'paid' : 'other';
  if (!outcome && !event.type.startsWith('checkout.session.') && !event.type.startsWith('payment_intent.')) return null;
  const isSession = object.object !== 'payment_intent';
  const amount = isSession ? object.amount_total : (object.amount_received ?? object.amount);
  const intent = isSession ? object.payment_intent : object.id;
  return {
    eventId: event.id,
    type: event.type,
    orderNumber,
    outcome: outcome ?? 'other',
    amountMinor: typeof amount === 'number' ? amount : -1,
    currency: String(object.currency ?? '').toUpperCase(),
    paymentReference: typeof intent === 'string' ? intent : (intent?.id ?? null),
  };
}
