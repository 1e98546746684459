/**
 * Przelewy24 direct, through its REST API (it publishes no official Node SDK): a transaction registered per order and
 * the shopper sent to its payment page, its notification's `sign` checked before anything else, the payment verified
 * with Przelewy24 before it counts (a payment not verified is returned to the payer by Przelewy24), and refunds.
 * Every request is signed with the shop's CRC key as Przelewy24 specifies: SHA-384 of the JSON of named fields.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Przelewy24Config } from '../../config.js';
import type { Order } from '../../store/schema.js';
import { minorUnits } from '../../tax/order-taxes.js';
import { paymentReferenceOf } from '../orders/online-payment.js';
import {
  ForgedPaymentMessageError,
  type PaymentEvent,
  type PaymentGateway,
  type PaymentUrls,
} from './payment-gateway.js';

/** SHA-384 hex of the JSON of `fields` in the order given (JSON.stringify escapes neither slashes nor Unicode, as PHP's flags in Przelewy24's examples). */
export const p24Sign = (fields: Record<string, string | number>): string =>
  createHash('sha384').update(JSON.stringify(fields)).digest('hex');

/** The fields of a notification, in the order its sign covers them. */
const NOTIFICATION_FIELDS = [
  'merchantId',
  'posId',
  'sessionId',
  'amount',
  'originAmount',
  'currency',
  'orderId',
  'methodId',
  'statement',
] as const;

const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Przelewy24 takes each `sessionId` once, and a shopper may start paying an order again: the session is the order
 * number and a random suffix after a dot (order numbers have none).
 */
const newSessionId = (order: Order) => `${order.number}.${randomBytes(6).toString('hex')}`;
const orderNumberOf = (sessionId: string) => sessionId.split('.')[0]!;

/** The payment's reference as the order's notes keep it: Przelewy24's orderId and the session it paid. */
const referenceOf = (orderId: string | number, sessionId: string) => `${orderId}:${sessionId}`;
function parseReference(reference: string): { orderId: number; sessionId: string } {
  const at = reference.indexOf(':');
  return { orderId: Number(reference.slice(0, at)), sessionId: reference.slice(at + 1) };
}

export class Przelewy24Gateway implements PaymentGateway {
  readonly method = 'przelewy24' as const;

  constructor(private readonly config: Przelewy24Config) {}

  async #call(method: 'POST' | 'PUT', path: string, body: unknown): Promise<{ status: number; data: unknown }> {
    const response = await fetch(`${this.config.apiUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${this.config.posId}:${this.config.apiKey}`).toString('base64')}`,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    try {
      // Przelewy24 answers `{data: …, responseCode: 0}`.
      return { status: response.status, data: (JSON.parse(text) as { data?: unknown } | null)?.data };
    } catch {
      return { status: response.status, data: undefined };
    }
  }

  async create(order: Order, urls: PaymentUrls): Promise<{ redirectUrl: string; reference: string }> {
    const { merchantId, posId, crc } = this.config;
    const amount = minorUnits(order.total);
    const sessionId = newSessionId(order);
    const currency = order.currency.toUpperCase();
    const { status, data } = await this.#call('POST', '/api/v1/transaction/register', {
      merchantId,
      posId,
      sessionId,
      amount,
      currency,
      description: order.number,
      email: order.email,
      country: order.billing.country,
      language: 'pl',
      urlReturn: urls.returnUrl,
      urlStatus: urls.notifyUrl,
      sign: p24Sign({ sessionId, merchantId, amount, currency, crc }),
    });
    const token = (data as { token?: unknown } | undefined)?.token;
    if (status !== 200 || typeof token !== 'string' || !/^[\w-]+$/.test(token))
      throw new Error(`Przelewy24 did not register the transaction (HTTP ${status}).`);
    return { redirectUrl: `${this.config.apiUrl}/trnRequest/${token}`, reference: token };
  }

  async confirmFromWebhook(rawBody: Buffer): Promise<PaymentEvent | null> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new ForgedPaymentMessageError('The Przelewy24 notification is not JSON.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new ForgedPaymentMessageError('The Przelewy24 notification is not an object.');
    const fields: Record<string, string | number> = {};
    for (const name of NOTIFICATION_FIELDS) {
      const value = Object.hasOwn(body, name) ? body[name] : undefined;
      if (typeof value !== 'string' && typeof value !== 'number')
        throw new ForgedPaymentMessageError(`The Przelewy24 notification has no ${name}.`);
      fields[name] = value;
    }
    const expected = Buffer.from(p24Sign({ ...fields, crc: this.config.crc }));
    const given = Buffer.from(typeof body.sign === 'string' ? body.sign : '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new ForgedPaymentMessageError('The Przelewy24 notification sign does not hold.');
    // Signed with the shop's CRC, but possibly for another point of sale of the same merchant.
    if (Number(fields.merchantId) !== this.config.merchantId || Number(fields.posId) !== this.config.posId) return null;
    return {
      eventId: `p24-${fields.orderId}`,
      type: 'transaction notification',
      orderNumber: orderNumberOf(String(fields.sessionId)),
      outcome: 'paid',
      amountMinor: Number.isSafeInteger(Number(fields.amount)) ? Number(fields.amount) : -1,
      currency: String(fields.currency).toUpperCase(),
      paymentReference: referenceOf(fields.orderId, String(fields.sessionId)),
    };
  }

  async settle(event: PaymentEvent): Promise<void> {
    const { merchantId, posId, crc } = this.config;
    const { orderId, sessionId } = parseReference(event.paymentReference ?? '');
    const { amountMinor: amount, currency } = event;
    const { status, data } = await this.#call('PUT', '/api/v1/transaction/verify', {
      merchantId,
      posId,
      sessionId,
      amount,
      currency,
      orderId,
      sign: p24Sign({ sessionId, orderId, amount, currency, crc }),
    });
    if (status !== 200 || (data as { status?: unknown } | undefined)?.status !== 'success')
      throw new Error(`Przelewy24 did not verify transaction ${orderId} (HTTP ${status}).`);
  }

  async refund(order: Order, amountMinor: number, reason: string): Promise<{ refundId: string }> {
    const reference = paymentReferenceOf(order, 'przelewy24');
    if (!reference) throw new Error(`Order ${order.number} has no Przelewy24 payment to refund.`);
    const { orderId, sessionId } = parseReference(reference);
    const requestId = randomUUID();
    const refundsUuid = randomUUID();
    const { status, data } = await this.#call('POST', '/api/v1/transaction/refund', {
      requestId,
      refunds: [{ orderId, sessionId, amount: amountMinor, description: reason.slice(0, 35) }],
      refundsUuid,
    });
    const accepted = Array.isArray(data) && data.every((entry: { status?: unknown } | null) => entry?.status === true);
    if (status !== 201 || !accepted)
      throw new Error(`Przelewy24 refused the refund of order ${order.number} (HTTP ${status}).`);
    return { refundId: refundsUuid };
  }
}
