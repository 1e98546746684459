/**
 * What the shop agrees to fetch when a manager names an image by URL (a CSV import, `wc/v3` `images[].src`): the
 * shop's server makes the request, so a URL could make it reach what only it can reach (server-side request forgery).
 * The choices, documented in docs/cli.md ("Images named by URL"):
 * - only `http:` and `https:`; no `file:`, `data:`, `ftp:` or anything else;
 * - never an address of a private, loopback, link-local (cloud metadata at 169.254.169.254), shared or reserved
 *   network, nor one that is not globally routable, nor an IPv6 form that carries such an IPv4 address (NAT64, 6to4,
 *   Teredo, IPv4-mapped: private-addresses.ts), checked on the address actually connected to (after DNS, so a name that
 *   resolves inside is refused too, and a later DNS answer cannot switch it), for the first request and every redirect;
 * - except for the hosts the operator lists in `IMAGE_FETCH_ALLOW_HOSTS` (an image server on the shop's own network).
 * Whatever is fetched must also be a raster image by its bytes (sniff-image.ts), so nothing else is ever stored.
 */
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './private-addresses.js';

/** A fetch the policy refuses before any byte is sent: trying again would be refused again. */
export class FetchRefusal extends Error {}

export { isPrivateAddress };

/** What a refusal names: what the shop fetches, and the setting that lists exceptions. */
export interface FetchPurpose {
  /** e.g. `fetches images from public addresses only` */
  doing: string;
  /** e.g. `the image's`, `the receiver's` */
  whose: string;
  allowListName: string;
}

const IMAGES: FetchPurpose = {
  doing: 'fetches images from public addresses only',
  whose: "the image's",
  allowListName: 'IMAGE_FETCH_ALLOW_HOSTS',
};

export class FetchPolicy {
  readonly #allowedHosts: ReadonlySet<string>;

  /**
   * @param allowedHosts hosts that may be on a private network, as the operator listed them
   * @param purpose what refusals name (images by default; webhooks share the policy with their own allow-list)
   */
  constructor(
    allowedHosts: readonly string[] = [],
    private readonly purpose: FetchPurpose = IMAGES,
  ) {
    this.#allowedHosts = new Set(
      allowedHosts
        .map((host) =>
          host
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    );
  }

  /** The URL to request, or a refusal naming why (a scheme other than http(s), a private address written out). */
  check(address: string | URL): URL {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new FetchRefusal('is not a web address');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new FetchRefusal(
        `is not an http or https address (${url.protocol.replace(/:$/, '')}: addresses are never fetched)`,
      );
    if (url.username || url.password)
      throw new FetchRefusal(`carries a user name or password; give ${this.purpose.whose} public address`);
    const host = bareHost(url);
    if (isIP(host) && isPrivateAddress(host) && !this.#allowedHosts.has(host)) throw privateRefusal(this.purpose, host);
    return url;
  }

  /**
   * A DNS lookup for `http.request` that refuses a name resolving to a private address (unless its host is allowed).
   */
  lookupFor(url: URL): LookupFunction {
    const allowed = this.#allowedHosts.has(bareHost(url));
    return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error);
        const inside = allowed ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
        if (inside) return callback(privateRefusal(this.purpose, inside.address, hostname));
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      });
    }) as LookupFunction;
  }
}

const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

function privateRefusal(purpose: FetchPurpose, address: string, hostname?: string): FetchRefusal {
  const where = hostname && hostname !== address ? `${hostname} (${address})` : address;
  return new FetchRefusal(
    `points to ${where}, an address on a private network; the shop ${purpose.doing} (${purpose.allowListName} lists exceptions)`,
  );
}
