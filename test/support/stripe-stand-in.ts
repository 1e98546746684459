/**
 * A local stand-in for the parts of Stripe's API the shop's Stripe Checkout uses, answering the official SDK (pointed
 * at it with STRIPE_API_URL) in Stripe's published shapes: Checkout Sessions (create, retrieve) and refunds. The test
 * plays the shopper on Stripe's page (`pay`, `fail`, `expire`), and the stand-in sends the webhook events Stripe would,
 * signed with the test's webhook secret exactly as Stripe signs them (`Stripe-Signature: t=<unix time>,v1=<HMAC-SHA256
 * of "<t>.<payload>" with the secret>`), computed here with node:crypto rather than the SDK the shop verifies with.
 * Like Stripe, it delivers an event again until the shop answers 2xx.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STRIPE_TEST_KEY = 'sk_test_vitrine_stand_in';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_vitrine_stand_in_secret';

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string | null;
  livemode: false;
  created: number;
  /** Sent by the shop; kept for the test's checks, not part of Stripe's answer. */
  payment_intent_metadata: Record<string, string>;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
}

/** One delivery attempt of a webhook: the HTTP status, or 0 when the connection failed. */
export type Attempt = number;

/** Stripe's bracketed form encoding (`a[b][0]=c`) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

/** The `Stripe-Signature` header Stripe sends with `payload`, at unix time `timestamp`. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly refunds: StandInRefund[] = [];
  /** Every API request the SDK made: method and path. */
  readonly calls: string[] = [];
  /** Where webhooks go: the shop's `POST /payments/stripe/webhook`. */
  webhookUrl = '';
  #server: Server;
  url = '';

  constructor() {
    this.#server = createServer((req, res) => void this.#answer(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  /** The shop's environment for this stand-in. */
  env(): NodeJS.ProcessEnv {
    return {
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: this.url,
    };
  }

  /** The session whose hosted page is at `pageUrl` (where the shop sent the shopper). */
  sessionAt(pageUrl: string): StandInSession {
    const found = [...this.sessions.values()].find((session) => session.url === pageUrl);
    if (!found) throw new Error(`No Checkout Session has the page ${pageUrl}.`);
    return found;
  }

  async #answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    const path = new URL(req.url!, this.url).pathname;
    this.calls.push(`${req.method} ${path}`);
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(value));
    };
    const error = (status: number, message: string, code = 'resource_missing') =>
      send(status, { error: { type: 'invalid_request_error', code, message } });
    if (req.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`)
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    const params = parseStripeForm(body);
    if (req.method === 'POST' && path === '/v1/checkout/sessions') return send(200, this.#createSession(params));
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (req.method === 'GET' && sessionPath) {
      const session = this.sessions.get(sessionPath[1]!);
      return session ? send(200, this.#public(session)) : error(404, `No such checkout.session: '${sessionPath[1]}'`);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const session = [...this.sessions.values()].find((each) => each.payment_intent === params.payment_intent);
      if (session?.payment_status !== 'paid')
        return error(400, `No such payment_intent: '${String(params.payment_intent)}'`);
      const refunded = this.refunds
        .filter((refund) => refund.payment_intent === session.payment_intent)
        .reduce((sum, refund) => sum + refund.amount, 0);
      const amount = params.amount === undefined ? session.amount_total - refunded : Number(params.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > session.amount_total - refunded)
        return error(400, `Refund amount (${amount}) is greater than unrefunded amount on charge.`, 'amount_too_large');
      const refund: StandInRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: session.currency,
        payment_intent: session.payment_intent!,
        reason: typeof params.reason === 'string' ? params.reason : null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      this.refunds.push(refund);
      return send(200, refund);
    }
    error(404, `Unrecognized request URL (${req.method}: ${path}).`);
  }

  #createSession(params: Record<string, unknown>): object {
    const lines =
      (params.line_items as Array<{ quantity: string; price_data: { currency: string; unit_amount: string } }>) ?? [];
    const amount = lines.reduce((sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity), 0);
    const sessionId = id('cs');
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_total: amount,
      amount_subtotal: amount,
      currency: lines[0]?.price_data.currency ?? 'pln',
      client_reference_id: (params.client_reference_id as string) ?? null,
      customer_email: (params.customer_email as string) ?? null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      mode: String(params.mode),
      payment_intent: null,
      payment_method_types: ((params.allowed_payment_method_types ?? params.payment_method_types) as string[]) ?? [],
      payment_status: 'unpaid',
      status: 'open',
      success_url: String(params.success_url),
      cancel_url: String(params.cancel_url),
      url: `${this.url}/c/pay/${sessionId}`,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      payment_intent_metadata: (params.payment_intent_data as { metadata?: Record<string, string> })?.metadata ?? {},
    };
    this.sessions.set(sessionId, session);
    return this.#public(session);
  }

  #public(session: StandInSession) {
    const { payment_intent_metadata: _kept, ...shown } = session;
    return shown;
  }

  /** A Stripe event of `type` about `object`, as Stripe's API version of this SDK sends it. */
  event(type: string, object: unknown): { id: string; payload: string } {
    const eventId = id('evt');
    const payload = JSON.stringify(
      {
        id: eventId,
        object: 'event',
        api_version: '2025-11-17.clover',
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
    return { id: eventId, payload };
  }

  /**
   * The shopper pays on the session's page (BLIK, say): the session completes, and its `checkout.session.completed`
   * event is made (`amount`, `currency`: what Stripe reports charged, the session's own by default). Not yet sent.
   */
  pay(sessionId: string, charged: { amount?: number; currency?: string } = {}): { id: string; payload: string } {
    const session = this.sessions.get(sessionId)!;
    session.payment_intent = id('pi');
    session.payment_status = 'paid';
    session.status = 'complete';
    return this.event('checkout.session.completed', {
      ...this.#public(session),
      amount_total: charged.amount ?? session.amount_total,
      currency: charged.currency ?? session.currency,
      url: null,
    });
  }

  /** The shopper's payment is refused by their bank: `payment_intent.payment_failed`; the session stays open. */
  fail(sessionId: string): { id: string; payload: string } {
    const session = this.sessions.get(sessionId)!;
    return this.event('payment_intent.payment_failed', {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      metadata: session.payment_intent_metadata,
      status: 'requires_payment_method',
    });
  }

  /** The session's page expires unpaid (the shopper left it): `checkout.session.expired`. */
  expire(sessionId: string): { id: string; payload: string } {
    const session = this.sessions.get(sessionId)!;
    session.status = 'expired';
    return this.event('checkout.session.expired', { ...this.#public(session), url: null });
  }

  /**
   * Sends the event to the shop, signed with `secret`, as Stripe does: again after a failure (no answer, or not 2xx),
   * up to `attempts` times, `pauseMs` apart. Answers each attempt's status.
   */
  async deliver(
    event: { payload: string },
    options: { secret?: string; attempts?: number; pauseMs?: number; signature?: string } = {},
  ): Promise<Attempt[]> {
    const { secret = STRIPE_TEST_WEBHOOK_SECRET, attempts = 1, pauseMs = 200 } = options;
    const statuses: Attempt[] = [];
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const status = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': options.signature ?? stripeSignature(event.payload, secret),
        },
        body: event.payload,
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      statuses.push(status);
      if (status >= 200 && status < 300) break;
    }
    return statuses;
  }

  /**
   * Starts delivering the event and stops halfway through its body, the connection left open: the shop has received
   * the request but cannot have applied it. Resolves once the first half is written.
   */
  startDelivery(event: { payload: string }): Promise<void> {
    const url = new URL(this.webhookUrl);
    const bytes = Buffer.from(event.payload);
    return new Promise((resolve) => {
      const sending = request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': bytes.length,
          'stripe-signature': stripeSignature(event.payload, STRIPE_TEST_WEBHOOK_SECRET),
        },
      });
      sending.on('error', () => {});
      sending.write(bytes.subarray(0, bytes.length >> 1), () => resolve());
    });
  }
}
