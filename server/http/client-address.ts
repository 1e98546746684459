/**
 * The one address a request comes from: what every per-address limit counts and what the consent log keeps as
 * evidence. Behind reverse proxies it is read from the RIGHT of `X-Forwarded-For`, since each proxy appends the
 * address it saw and everything to the left of our own proxies' entries was written by the client, who may write
 * anything there (the left-most entry, as Koa's `app.proxy` alone reads it, lets a forged address escape every limit).
 */
import { BlockList, isIP } from 'node:net';
import type { Middleware } from 'koa';
import { ipv6Groups } from './ipv6-groups.js';

/**
 * How far the forwarded headers are believed (`TRUST_PROXY`): `hops` proxies in front, each appending to
 * `X-Forwarded-For`; or the proxies' own addresses (`proxies`), skipped from the right wherever they appear.
 */
export type ProxyTrust = { hops: number } | { proxies: string[] };

export class ProxyTrustError extends Error {}

/**
 * @example parseProxyTrust('1') // { hops: 1 }
 * @example parseProxyTrust('10.0.0.0/8, ::1') // { proxies: ['10.0.0.0/8', '::1'] }
 * @example parseProxyTrust('') // null: the forwarded headers are not believed at all
 */
export function parseProxyTrust(raw: string | undefined): ProxyTrust | null {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === '0' || value === 'false' || value === 'no') return null;
  if (value === 'true' || value === 'yes') return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 20)
      throw new ProxyTrustError(
        `TRUST_PROXY "${raw}" is more proxies than a request passes; give the number of proxies in front of the shop (1 for one).`,
      );
    return { hops };
  }
  const proxies = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of proxies) {
    if (!subnetOf(entry)) {
      throw new ProxyTrustError(
        `TRUST_PROXY "${raw}": "${entry}" is neither an address nor a network such as 10.0.0.0/8; give the number of proxies in front (1) or their addresses, separated by commas.`,
      );
    }
  }
  return { proxies };
}

/**
 * @param forwardedFor the request's `X-Forwarded-For`, or undefined
 * @param peer the address of the connection (the nearest proxy when there is one)
 * @example clientAddress('6.6.6.6, 198.51.100.7', '10.0.0.2', { hops: 1 }) === '198.51.100.7'
 */
export function clientAddress(forwardedFor: string | undefined, peer: string, trust: ProxyTrust | null): string {
  const connection = plainAddress(peer) ?? peer;
  if (!trust || !forwardedFor) return connection;
  const chain = [...forwardedFor.split(',').map((entry) => plainAddress(entry.trim())), connection];
  let chosen: string | null | undefined;
  if ('hops' in trust) {
    // Each of our proxies added one entry; the one before them is the client's (the left-most when fewer were added).
    chosen = chain[Math.max(0, chain.length - 1 - trust.hops)];
  } else {
    const ours = trustedProxies(trust.proxies);
    if (!isTrusted(ours, connection)) return connection;
    let index = chain.length - 1;
    while (index > 0 && chain[index] && isTrusted(ours, chain[index]!)) index--;
    chosen = chain[index];
  }
  // An entry that is no address says nothing about who sent the request; the connection at least is real.
  return chosen ?? connection;
}

/**
 * What a rate limiter counts: the address itself for IPv4, its /64 for IPv6, since one subscriber is routinely given
 * a whole /64 and could otherwise take a fresh address for every attempt.
 * @example addressKey('2001:db8:1:2:aaaa::1') === '2001:db8:1:2::/64'
 * @example addressKey('::ffff:192.0.2.1') === '192.0.2.1'
 */
export function addressKey(address: string): string {
  const plain = plainAddress(address);
  if (!plain) return address;
  if (isIP(plain) === 4) return plain;
  return `${ipv6Groups(plain)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * Puts the client's address where Koa keeps it (`ctx.ip`), for every later middleware. With a list of proxies, a
 * request whose connection is not one of them has its forwarded headers dropped, so that it can claim neither https
 * nor another host.
 */
export function clientAddressMiddleware(trust: ProxyTrust | null): Middleware {
  const ours = trust && 'proxies' in trust ? trustedProxies(trust.proxies) : null;
  return async (ctx, next) => {
    const peer = ctx.req.socket.remoteAddress ?? '';
    if (ours && !isTrusted(ours, plainAddress(peer) ?? peer)) {
      for (const name of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']) delete ctx.req.headers[name];
    }
    ctx.request.ip = clientAddress(ctx.get('x-forwarded-for') || undefined, peer, trust);
    await next();
  };
}

/** An address without port, brackets or the IPv4-mapped prefix; null when it is none. */
function plainAddress(entry: string): string | null {
  let candidate = entry;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(candidate);
  if (bracketed) candidate = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(candidate)) candidate = candidate.slice(0, candidate.lastIndexOf(':'));
  candidate = candidate.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(candidate);
  if (mapped) candidate = mapped[1]!;
  return isIP(candidate) ? candidate.toLowerCase() : null;
}

function subnetOf(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText] = entry.split('/');
  const version = isIP(address);
  if (!version) return null;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (
    !Number.isInteger(prefix) ||
    prefix < 0 ||
    prefix > bits ||
    (prefixText !== undefined && !/^\d+$/.test(prefixText))
  )
    return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

function trustedProxies(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const subnet = subnetOf(entry)!;
    list.addSubnet(subnet.address, subnet.prefix, subnet.family);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const version = isIP(address);
  return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
