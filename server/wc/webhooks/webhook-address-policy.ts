/**
 * Where webhooks may deliver: the shop's server makes the request, so a delivery URL could make it reach what only it
 * can reach (server-side request forgery). The same policy as images fetched by URL (server/media/fetch-policy.ts):
 * http(s) only, never a private, loopback, link-local or otherwise non-public address, checked when the webhook is
 * saved (the name resolved then) and again on the address actually connected to at every delivery; except for the
 * hosts the operator lists in `WEBHOOK_ALLOW_HOSTS` (a receiver on the shop's own network).
 */
import { isIP } from 'node:net';
import { FetchPolicy, FetchRefusal } from '../../media/fetch-policy.js';

export function webhookAddressPolicy(allowedHosts: readonly string[]): FetchPolicy {
  return new FetchPolicy(allowedHosts, {
    doing: 'delivers webhooks to public addresses only',
    whose: "the receiver's",
    allowListName: 'WEBHOOK_ALLOW_HOSTS',
  });
}

/**
 * Checks a delivery URL before it is saved; a name that does not resolve now is accepted (its deliveries are checked
 * again, and retried, when it does).
 * @throws FetchRefusal saying why the address is refused
 */
export async function checkDeliveryUrl(address: string, policy: FetchPolicy): Promise<URL> {
  const url = policy.check(address);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return url;
  // The policy's own lookup decides, so that the allow-list and the refusal's words are the same as at delivery.
  await new Promise<void>((resolve, reject) => {
    policy.lookupFor(url)(host, { all: true }, (error) => {
      if (error instanceof FetchRefusal) reject(error);
      else resolve();
    });
  });
  return url;
}
