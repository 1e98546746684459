/** The eight 16-bit groups of an IPv6 address written any legal way. */

/**
 * `::` expanded, an embedded IPv4 tail (`::ffff:1.2.3.4`) converted, a zone id (`%eth0`) dropped.
 * @example ipv6Groups('2001:db8::1') // [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]
 */
export function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...zeros, ...restGroups].map((group) => parseInt(group, 16));
}
