/**
 * What the shop agrees to fetch when a manager names an image by URL (a CSV import, `wc/v3` `images[].src`): the
 * shop's server makes the request, so a URL could make it reach what only it can reach (server-side request forgery).
 * The choices, documented in docs/cli.md ("Images named by URL"):
 * - only `http:` and `https:`; no `file:`, `data:`, `ftp:` or anything else;
 * - never an address of a private, loopback, link-local (cloud metadata at 169.254.169.254), shared or reserved
 *   network, checked on the address actually connected to (after DNS, so a name that resolves inside is refused
 *   too, and a later DNS answer cannot switch it), for the first request and every redirect;
 * - except for the hosts the operator lists in `IMAGE_FETCH_ALLOW_HOSTS` (an image server on the shop's own network).
 * Whatever is fetched must also be a raster image by its bytes (sniff-image.ts), so nothing else is ever stored.
 */
import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** A fetch the policy refuses before any byte is sent: trying again would be refused again. */
export class FetchRefusal extends Error {}

const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
// Unspecified, loopback, unique local, link-local, multicast, documentation. IPv4-mapped addresses (::ffff:a.b.c.d)
// match the IPv4 networks above.
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32]] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv6');
}

/** @example isPrivateAddress('10.1.2.3') === true; isPrivateAddress('93.184.216.34') === false */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class FetchPolicy {
  readonly #allowedHosts: ReadonlySet<string>;

  /** @param allowedHosts hosts that may be on a private network, as the operator listed them */
  constructor(allowedHosts: readonly string[] = []) {
    this.#allowedHosts = new Set(allowedHosts.map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean));
  }

  /** The URL to request, or a refusal naming why (a scheme other than http(s), a private address written out). */
  check(address: string | URL): URL {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new FetchRefusal('is not a web address');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusal(`is not an http or https address (${url.protocol.replace(/:$/, '')}: addresses are never fetched)`);
    if (url.username || url.password) throw new FetchRefusal('carries a user name or password; give the image\'s public address');
    const host = bareHost(url);
    if (isIP(host) && isPrivateAddress(host) && !this.#allowedHosts.has(host)) throw privateRefusal(host);
    return url;
  }

  /** A DNS lookup for `http.request` that refuses a name resolving to a private address (unless its host is allowed). */
  lookupFor(url: URL): LookupFunction {
    const allowed = this.#allowedHosts.has(bareHost(url));
    return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error);
        const inside = allowed ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
        if (inside) return callback(privateRefusal(inside.address, hostname));
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      });
    }) as LookupFunction;
  }
}

const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

function privateRefusal(address: string, hostname?: string): FetchRefusal {
  const where = hostname && hostname !== address ? `${hostname} (${address})` : address;
  return new FetchRefusal(`points to ${where}, an address on a private network; the shop fetches images from public addresses only (IMAGE_FETCH_ALLOW_HOSTS lists exceptions)`);
}
