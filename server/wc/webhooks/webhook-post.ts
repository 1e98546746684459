/**
 * One delivery attempt over HTTP, as WooCommerce makes it: a JSON POST with its `X-WC-Webhook-*` headers, redirects
 * not followed, a bounded time, and the address checked by the webhook address policy on the address actually
 * connected to. Success is a 2xx answer; anything else (another status, a refused or dropped connection, a timeout, an
 * address the policy refuses) is a failure, described in words for the delivery's record.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FetchPolicy } from '../../media/fetch-policy.js';

/** WooCommerce waits this long for a receiver. */
const TIMEOUT_MS = 5_000;

/** `X-WC-Webhook-Signature`: the base64 HMAC-SHA256 of the raw body, keyed with the webhook's secret. */
export function webhookSignature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** @returns `{ ok, response }`: whether the receiver took it, and its status line or the reason it failed */
export function postWebhook(request: WebhookRequest, policy: FetchPolicy): Promise<{ ok: boolean; response: string }> {
  let url: URL;
  try {
    url = policy.check(request.url);
  } catch (error) {
    return Promise.resolve({ ok: false, response: `The delivery URL ${(error as Error).message}.` });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
        lookup: policy.lookupFor(url),
        timeout: TIMEOUT_MS,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        // The body is not kept; reading it lets the connection close cleanly.
        answer.resume();
        answer.on('end', () =>
          resolve({
            ok: status >= 200 && status < 300,
            response: `HTTP ${status} ${answer.statusMessage ?? ''}`.trim(),
          }),
        );
        answer.on('error', (error) => resolve({ ok: false, response: error.message }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s.`)));
    outgoing.on('error', (error) => resolve({ ok: false, response: error.message }));
    outgoing.end(request.body);
  });
}
