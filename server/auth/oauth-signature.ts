/**
 * One-legged OAuth 1.0a signatures as WooCommerce checks them on plain HTTP (RFC 5849 with a consumer key and secret,
 * no token): which parameters a request carries, the signature base string, and the HMAC. Knows nothing of HTTP
 * frameworks or of the store.
 *
 * WooCommerce builds the base string from the parameters as PHP decoded them (`$_GET` merged with an `Authorization:
 * OAuth` header): a name sent twice keeps its last value, `a[b]=1` nests; the top-level names are sorted byte by byte,
 * names and values percent-encoded, each `name=value` encoded once more, and the pairs joined with `%26`. Its own
 * JavaScript client (through the `oauth-1.0a` package) signs the same string (but for the order of bracketed names,
 * see {@link signatureBaseStrings}), and then sends every query parameter twice, which the last-value rule makes
 * harmless.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const OAUTH_SIGNATURE_METHODS = ['HMAC-SHA1', 'HMAC-SHA256'] as const;
export type OAuthSignatureMethod = (typeof OAUTH_SIGNATURE_METHODS)[number];

/** The parameters every signed request must carry (`oauth_version` is optional, as in WooCommerce). */
export const REQUIRED_OAUTH_PARAMETERS = [
  'oauth_consumer_key',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
] as const;

/** What of a request a signature covers. */
export interface SignableRequest {
  /** The HTTP method as sent (not an `_method` override). */
  method: string;
  /** The query string as received, without `?`, still percent-encoded. */
  rawQuery: string;
  /** The `Authorization` header, if it is `OAuth …`. */
  authorization?: string;
}

/** RFC 3986 percent-encoding, as PHP's rawurlencode: everything but letters, digits and `-._~`. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** PHP's urldecode: `+` is a space; a malformed escape stays as it is rather than failing the request. */
function formDecode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/** `name=value` pairs of a query string, undecoded, in order. */
function rawPairs(rawQuery: string): [string, string][] {
  return rawQuery
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      return equals < 0 ? [part, ''] : [part.slice(0, equals), part.slice(equals + 1)];
    });
}

/** The `oauth_*` parameters of an `Authorization: OAuth k="v", …` header, decoded; empty for any other header. */
export function parseOAuthHeader(header: string | undefined): Map<string, string> {
  const parameters = new Map<string, string>();
  if (!header?.startsWith('OAuth ')) return parameters;
  for (const match of header.matchAll(/(oauth_[a-z_-]*)=(?:"([^"]*)"|([^,]*))/g)) {
    parameters.set(match[1]!, formDecode(match[2] ?? match[3] ?? '').trim());
  }
  return parameters;
}

/** A parameter as PHP holds it: `a[b][]=1` is `a => [b => [0 => 1]]`. */
type PhpValue = string | Map<string, PhpValue>;

/** Puts `value` under `name` as PHP's parse_str does with brackets: later plain names win, `[]` appends. */
function setPhpParameter(target: Map<string, PhpValue>, name: string, value: string): void {
  const open = name.indexOf('[');
  const path = open > 0 && name.endsWith(']') ? [name.slice(0, open), ...name.slice(open + 1, -1).split('][')] : [name];
  let node = target;
  path.forEach((segment, depth) => {
    const key =
      segment === '' && depth > 0
        ? String([...node.keys()].filter((existing) => /^\d+$/.test(existing)).length)
        : segment;
    if (depth === path.length - 1) {
      node.set(key, value);
      return;
    }
    const next = node.get(key);
    if (next instanceof Map) node = next;
    else node.set(key, (node = new Map()));
  });
}

/** WooCommerce's `name=value` list: nested names as `outer%5Binner%5D`, every pair percent-encoded whole. */
function joinPhpParameters(parameters: Map<string, PhpValue>, prefix = ''): string[] {
  const joined: string[] = [];
  for (const [key, value] of parameters) {
    const name = prefix ? `${prefix}%5B${key}%5D` : key;
    if (value instanceof Map) joined.push(...joinPhpParameters(value, name));
    else joined.push(percentEncode(`${name}=${value}`));
  }
  return joined;
}

/** Byte order, as PHP's strcmp. */
const compareBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The signed parameters of a request as WooCommerce reads them: the query decoded, the header's `oauth_*` over it.
 * @returns name -> value (the last of repeated plain names, as PHP keeps); bracketed names as PHP nests them
 */
export function oauthParametersOf(request: SignableRequest): {
  flat: Map<string, string>;
  nested: Map<string, PhpValue>;
} {
  const nested = new Map<string, PhpValue>();
  for (const [name, value] of rawPairs(request.rawQuery)) setPhpParameter(nested, formDecode(name), formDecode(value));
  for (const [name, value] of parseOAuthHeader(request.authorization)) nested.set(name, value);
  const flat = new Map<string, string>();
  for (const [name, value] of nested) if (typeof value === 'string') flat.set(name, value);
  return { flat, nested };
}

/** WooCommerce's base string: top-level names sorted by strcmp, then encoded (keys, values, then each pair). */
function wooCommerceBaseString(request: SignableRequest, url: string): string {
  const { nested } = oauthParametersOf(request);
  nested.delete('oauth_signature');
  const sorted = new Map(
    [...nested]
      .sort(([a], [b]) => compareBytes(a, b))
      .map(([name, value]) => [percentEncode(name), encodeValues(value)]),
  );
  return `${request.method.toUpperCase()}&${percentEncode(url)}&${joinPhpParameters(sorted).join('%26')}`;
}

function encodeValues(value: PhpValue): PhpValue {
  return typeof value === 'string'
    ? percentEncode(value)
    : new Map([...value].map(([key, inner]) => [key, encodeValues(inner)]));
}

/** `a[b][c]` for the nested parameters under `a`, with their values, in the order held. */
function flatten(parameters: Map<string, PhpValue>, prefix = ''): [string, string][] {
  return [...parameters].flatMap(([key, value]) => {
    const name = prefix ? `${prefix}[${key}]` : key;
    return value instanceof Map ? flatten(value, name) : [[name, value] as [string, string]];
  });
}

/**
 * RFC 5849's base string: every name, brackets included, sorted by its encoded form (then by value). It differs from
 * WooCommerce's only in the order of bracketed names, which WooCommerce keeps as sent; standard OAuth libraries, such
 * as the `oauth-1.0a` package of WooCommerce's JavaScript client, sort them.
 */
function rfc5849BaseString(request: SignableRequest, url: string): string {
  const { nested } = oauthParametersOf(request);
  nested.delete('oauth_signature');
  const pairs = flatten(nested)
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([nameA, valueA], [nameB, valueB]) => compareBytes(nameA, nameB) || compareBytes(valueA, valueB));
  return `${request.method.toUpperCase()}&${percentEncode(url)}&${percentEncode(pairs.map(([name, value]) => `${name}=${value}`).join('&'))}`;
}

/**
 * The base strings a client may have signed, for each address the request may have been sent to: WooCommerce's, and
 * RFC 5849's where bracketed names make it differ (the same string otherwise, so it costs nothing then). Each needs
 * the secret, so accepting both makes no signature easier to forge.
 */
export function signatureBaseStrings(request: SignableRequest, urls: readonly string[]): string[] {
  return [...new Set(urls.flatMap((url) => [wooCommerceBaseString(request, url), rfc5849BaseString(request, url)]))];
}

/** Base64 of the HMAC of `baseString`, keyed `secret&` (a one-legged request has no token secret). */
export function oauthSignature(method: OAuthSignatureMethod, baseString: string, consumerSecret: string): string {
  const algorithm = method === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  return createHmac(algorithm, `${consumerSecret}&`).update(baseString).digest('base64');
}

/**
 * Whether `signature` (as decoded from the request) signs the request with `consumerSecret`, under one of its base
 * strings. A `+` of the signature that arrived as a space (an unencoded `+` in a query string) counts as the `+` it
 * was, as in WooCommerce.
 */
export function signatureMatches(
  request: SignableRequest,
  urls: readonly string[],
  method: OAuthSignatureMethod,
  signature: string,
  consumerSecret: string,
): boolean {
  const plus = signature.replace(/ /g, '+');
  // Decoded once more when it still holds an escape, as WooCommerce does for clients that encoded it twice.
  const supplied = Buffer.from(plus.includes('%') ? formDecode(plus.replace(/\+/g, '%2B')) : plus);
  let matched = false;
  for (const baseString of signatureBaseStrings(request, urls)) {
    const expected = Buffer.from(oauthSignature(method, baseString, consumerSecret));
    // Every candidate is compared, and in constant time, so the time taken says nothing about which one was close.
    if (expected.length === supplied.length && timingSafeEqual(expected, supplied)) matched = true;
  }
  return matched;
}
