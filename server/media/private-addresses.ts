/**
 * Which addresses an image fetch may never reach: anything that is not globally routable, in whatever form it is
 * written. IPv6 has several ways to carry an IPv4 address (IPv4-mapped, SIIT, NAT64, 6to4, Teredo, the deprecated
 * IPv4-compatible form); a translator or relay on the shop's network would deliver such an address to the IPv4 one
 * inside, so the IPv4 address inside is what is checked.
 */
import { BlockList, isIP } from 'node:net';
import { ipv6Groups } from '../http/ipv6-groups.js';

const PRIVATE_IPV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE_IPV4.addSubnet(network, prefix, 'ipv4');

/**
 * Inside 2000::/3 (global unicast), the blocks that are still not globally reachable: IETF protocol assignments
 * (2001::/23, Teredo apart, checked by what it embeds), documentation (2001:db8::/32, 3fff::/20).
 */
const PRIVATE_GLOBAL_IPV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const)
  PRIVATE_GLOBAL_IPV6.addSubnet(network, prefix, 'ipv6');

/**
 * @example isPrivateAddress('10.1.2.3') === true
 * @example isPrivateAddress('64:ff9b::a01:203') === true // NAT64 of 10.1.2.3
 * @example isPrivateAddress('93.184.216.34') === false
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return PRIVATE_IPV4.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  const embedded = embeddedIpv4(groups);
  if (embedded) return embedded.some((inside) => PRIVATE_IPV4.check(inside, 'ipv4'));
  // Outside 2000::/3 nothing is globally routable: unspecified, loopback, IPv4-compatible (::a.b.c.d), discard-only
  // 100::/64, local-use NAT64 64:ff9b:1::/48, unique local fc00::/7, link-local, site-local fec0::/10, multicast.
  if ((groups[0]! & 0xe000) !== 0x2000) return true;
  return PRIVATE_GLOBAL_IPV6.check(address, 'ipv6');
}

/** The IPv4 addresses a translated or tunnelled IPv6 address leads to; null when it is not such an address. */
function embeddedIpv4(groups: number[]): string[] | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  // IPv4-mapped ::ffff:a.b.c.d and SIIT's IPv4-translated ::ffff:0:a.b.c.d.
  if (upperZero && ((g4 === 0 && g5 === 0xffff) || (g4 === 0xffff && g5 === 0))) return [ipv4Of(g6, g7)];
  // NAT64's well-known prefix 64:ff9b::/96.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return [ipv4Of(g6, g7)];
  // 6to4: 2002:AABB:CCDD::/48 is the site behind the IPv4 address AA.BB.CC.DD.
  if (g0 === 0x2002) return [ipv4Of(g1, g2)];
  // Teredo 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC: the server's address, and the client's with every bit inverted.
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ipv4Of(~g6 & 0xffff, ~g7 & 0xffff)];
  return null;
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
