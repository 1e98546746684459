/**
 * Shortens an IP address before it is stored with a consent record: enough to tell networks apart when a record is
 * disputed, not enough to identify a subscriber (the usual GDPR practice, as in Google Analytics' anonymizeIp).
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded and an embedded IPv4 tail converted. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!; // drop a zone id such as %eth0
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...zeros, ...restGroups].map((group) => parseInt(group, 16));
}

/**
 * @returns IPv4 with the last octet zeroed; IPv6 cut to its /48 network; an IPv4-mapped IPv6 address as IPv4;
 *          an empty string for anything that is not an IP address
 * @example anonymiseIp('203.0.113.77') === '203.0.113.0'
 * @example anonymiseIp('2001:db8:abcd:12::1') === '2001:db8:abcd::'
 */
export function anonymiseIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const candidate = mapped ? mapped[1]! : address;
  if (isIPv4(candidate)) return candidate.replace(/\.\d+$/, '.0');
  if (!isIPv6(address)) return '';
  const network = ipv6Groups(address)
    .slice(0, 3)
    .map((group) => group.toString(16));
  return `${network.join(':')}::`;
}
