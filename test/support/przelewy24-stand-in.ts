/**
 * A local stand-in for Przelewy24's REST API as the shop uses it (P24_API_URL pointed at it): registering a
 * transaction, the payment page's address, the notification it posts to the shop's `urlStatus`, verifying and
 * refunding. Every request is checked as Przelewy24 checks it (HTTP Basic with the point of sale and the API key, and
 * each `sign`: SHA-384 of the JSON of the fields Przelewy24's documentation names, with the CRC key), and its
 * notifications are signed the same way. Like Przelewy24, it notifies again until the shop answers 2xx.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const P24_TEST = {
  merchantId: 164_000,
  posId: 164_000,
  crc: 'a1b2c3d4e5f60718',
  apiKey: 'p24-reports-key-0123456789',
};

/** Przelewy24's sign: SHA-384 hex of the JSON of the fields, in the order given. */
export const sha384Sign = (fields: Record<string, unknown>): string =>
  createHash('sha384').update(JSON.stringify(fields), 'utf8').digest('hex');

export interface Registered {
  token: string;
  sessionId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  urlReturn: string;
  urlStatus: string;
  /** Przelewy24's id of the transaction, once paid. */
  orderId: number | null;
}

export interface Notification {
  merchantId: number;
  posId: number;
  sessionId: string;
  amount: number;
  originAmount: number;
  currency: string;
  orderId: number;
  methodId: number;
  statement: string;
  sign: string;
}

let nextOrderId = 310_000_000;

export class Przelewy24StandIn {
  readonly transactions = new Map<string, Registered>();
  readonly verified: Array<{ orderId: number; amount: number }> = [];
  readonly refunds: Array<{ orderId: number; sessionId: string; amount: number; description: string }> = [];
  /** Requests refused, with why (a wrong sign, credentials). */
  readonly refused: string[] = [];
  /** While true, verifying answers 500, as Przelewy24 does when it cannot verify now. */
  verifyDown = false;
  /**
   * Awaited when a verify request arrives, before it is answered: a test holds Przelewy24's answer here to do
   * something to the shop while it waits (kill it).
   */
  beforeVerify: (() => Promise<void>) | null = null;
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

  env(): NodeJS.ProcessEnv {
    return {
      P24_MERCHANT_ID: String(P24_TEST.merchantId),
      P24_POS_ID: String(P24_TEST.posId),
      P24_CRC: P24_TEST.crc,
      P24_API_KEY: P24_TEST.apiKey,
      P24_API_URL: this.url,
    };
  }

  /** The transaction whose payment page is at `pageUrl`. */
  transactionAt(pageUrl: string): Registered {
    const token = pageUrl.startsWith(`${this.url}/trnRequest/`) ? pageUrl.slice(`${this.url}/trnRequest/`.length) : '';
    const found = this.transactions.get(token);
    if (!found) throw new Error(`No transaction has the page ${pageUrl}.`);
    return found;
  }

  async #answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = new URL(req.url!, this.url).pathname;
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const refuse = (status: number, error: string) => {
      this.refused.push(`${req.method} ${path}: ${error}`);
      send(status, { error, code: status });
    };
    const basic = `Basic ${Buffer.from(`${P24_TEST.posId}:${P24_TEST.apiKey}`).toString('base64')}`;
    if (req.headers.authorization !== basic) return refuse(401, 'Incorrect authentication');
    let body: Record<string, any>;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(400, 'Invalid input data');
    }
    const { crc } = P24_TEST;
    if (req.method === 'POST' && path === '/api/v1/transaction/register') {
      const { sessionId, merchantId, amount, currency } = body;
      if (body.sign !== sha384Sign({ sessionId, merchantId, amount, currency, crc }))
        return refuse(400, 'Incorrect CRC value');
      if (merchantId !== P24_TEST.merchantId || body.posId !== P24_TEST.posId || !Number.isInteger(amount))
        return refuse(400, 'Invalid input data');
      const token = randomBytes(16).toString('hex').toUpperCase();
      this.transactions.set(token, {
        token,
        sessionId,
        amount,
        currency,
        description: body.description,
        email: body.email,
        urlReturn: body.urlReturn,
        urlStatus: body.urlStatus,
        orderId: null,
      });
      return send(200, { data: { token }, responseCode: 0 });
    }
    if (req.method === 'PUT' && path === '/api/v1/transaction/verify') {
      if (this.verifyDown) return refuse(500, 'Service unavailable');
      await this.beforeVerify?.();
      const { sessionId, orderId, amount, currency } = body;
      if (body.sign !== sha384Sign({ sessionId, orderId, amount, currency, crc }))
        return refuse(400, 'Incorrect CRC value');
      const paid = [...this.transactions.values()].find(
        (each) => each.orderId === orderId && each.sessionId === sessionId,
      );
      if (!paid || paid.amount !== amount || paid.currency !== currency) return refuse(400, 'Transaction not found');
      this.verified.push({ orderId, amount });
      return send(200, { data: { status: 'success' }, responseCode: 0 });
    }
    if (req.method === 'POST' && path === '/api/v1/transaction/refund') {
      const accepted = (
        body.refunds as Array<{ orderId: number; sessionId: string; amount: number; description: string }>
      ).map((refund) => {
        const paid = [...this.transactions.values()].find((each) => each.orderId === refund.orderId);
        const before = this.refunds
          .filter((each) => each.orderId === refund.orderId)
          .reduce((sum, each) => sum + each.amount, 0);
        const ok =
          !!paid && Number.isInteger(refund.amount) && refund.amount > 0 && before + refund.amount <= paid.amount;
        if (ok) this.refunds.push(refund);
        return { ...refund, status: ok, message: ok ? 'success' : 'Refund amount exceeds the transaction' };
      });
      return send(accepted.every((each) => each.status) ? 201 : 400, { data: accepted, responseCode: 0 });
    }
    refuse(404, 'Not found');
  }

  /** The shopper pays on Przelewy24's page (`amount`: what Przelewy24 reports, the registered one by default). */
  pay(token: string, reported: { amount?: number } = {}): Notification {
    const transaction = this.transactions.get(token)!;
    transaction.orderId ??= nextOrderId++;
    const fields = {
      merchantId: P24_TEST.merchantId,
      posId: P24_TEST.posId,
      sessionId: transaction.sessionId,
      amount: reported.amount ?? transaction.amount,
      originAmount: reported.amount ?? transaction.amount,
      currency: transaction.currency,
      orderId: transaction.orderId,
      methodId: 154,
      statement: `p24-${transaction.orderId}`,
    };
    return { ...fields, sign: sha384Sign({ ...fields, crc: P24_TEST.crc }) };
  }

  /** Posts the notification to the transaction's `urlStatus`, again after a failure, up to `attempts` times. */
  async notify(notification: Notification, options: { attempts?: number; pauseMs?: number } = {}): Promise<number[]> {
    const { attempts = 1, pauseMs = 200 } = options;
    const target = [...this.transactions.values()].find((each) => each.sessionId === notification.sessionId)!.urlStatus;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const status = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(notification),
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
}
