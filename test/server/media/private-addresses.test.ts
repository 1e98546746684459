// The image fetch policy refuses every IPv6 form of an address that is not globally routable: the IPv4 address a
// translated or tunnelled form carries (IPv4-mapped, SIIT, NAT64, 6to4, Teredo) is what is checked, and whatever lies
// outside global unicast is refused whatever it carries.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FetchPolicy, FetchRefusal, isPrivateAddress } from '../../../server/media/fetch-policy.js';

/** Private and reserved IPv4 networks, written out here apart from the policy's own table. */
const PRIVATE_V4: Array<[number, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
].map(([network, prefix]) => [toNumber(network as string), prefix as number]);

function toNumber(ipv4: string): number {
  return ipv4.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
}
const isPrivateNumber = (value: number) =>
  PRIVATE_V4.some(
    ([network, prefix]) => Math.floor(value / 2 ** (32 - prefix)) === Math.floor(network / 2 ** (32 - prefix)),
  );
const hex = (value: number) => value.toString(16);
const dotted = (value: number) => [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join('.');
const high = (value: number) => hex(value >>> 16);
const low = (value: number) => hex(value & 0xffff);

const privateV4 = fc
  .constantFrom(...PRIVATE_V4)
  .chain(([network, prefix]) => fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((host) => network + host));
const publicV4 = fc
  .integer({ min: 0, max: 2 ** 32 - 1 })
  .filter((value) => !isPrivateNumber(value) && value >>> 8 !== toNumber('192.88.99.0') >>> 8);
const group = fc.integer({ min: 0, max: 0xffff });

/** Each IPv6 form that carries an IPv4 address. */
const FORMS: Record<string, (v4: number) => fc.Arbitrary<string>> = {
  'IPv4-mapped (dotted)': (v4) => fc.constant(`::ffff:${dotted(v4)}`),
  'IPv4-mapped (hex)': (v4) => fc.constant(`::ffff:${high(v4)}:${low(v4)}`),
  'SIIT IPv4-translated': (v4) => fc.constant(`::ffff:0:${dotted(v4)}`),
  'NAT64 64:ff9b::/96': (v4) => fc.constant(`64:ff9b::${high(v4)}:${low(v4)}`),
  '6to4 2002::/16': (v4) =>
    fc.tuple(group, group).map(([subnet, host]) => `2002:${high(v4)}:${low(v4)}:${hex(subnet)}::${hex(host)}`),
  'Teredo client 2001::/32': (v4) =>
    fc
      .tuple(group, group)
      .map(
        ([flags, port]) =>
          `2001:0:${high(toNumber('8.8.8.8'))}:${low(toNumber('8.8.8.8'))}:${hex(flags)}:${hex(port)}:${high(~v4 >>> 0)}:${low(~v4 >>> 0)}`,
      ),
  'Teredo server 2001::/32': (v4) =>
    fc
      .tuple(group, group)
      .map(
        ([flags, port]) =>
          `2001:0:${high(v4)}:${low(v4)}:${hex(flags)}:${hex(port)}:${high(~toNumber('8.8.4.4') >>> 0)}:${low(~toNumber('8.8.4.4') >>> 0)}`,
      ),
};
/** Forms that are never globally routable, whatever they carry. */
const NEVER_ROUTABLE: Record<string, (v4: number) => fc.Arbitrary<string>> = {
  'IPv4-compatible ::a.b.c.d': (v4) => fc.constant(`::${dotted(v4)}`),
  'local-use NAT64 64:ff9b:1::/48': (v4) => group.map((subnet) => `64:ff9b:1:${hex(subnet)}::${high(v4)}:${low(v4)}`),
};

const policy = new FetchPolicy();
/** Refused both as the policy checks an address written in a URL and as it checks a DNS answer. */
function refused(address: string): boolean {
  const byUrl = (() => {
    try {
      policy.check(`http://[${address}]/image.jpg`);
      return false;
    } catch (error) {
      assert.ok(error instanceof FetchRefusal);
      return true;
    }
  })();
  assert.equal(byUrl, isPrivateAddress(address), `${address}: the URL check and the DNS check agree`);
  return byUrl;
}

describe('private addresses in every IPv6 form', () => {
  for (const [form, write] of Object.entries({ ...FORMS, ...NEVER_ROUTABLE })) {
    it(`refuses a private or reserved IPv4 address carried as ${form}`, () => {
      fc.assert(
        fc.property(privateV4.chain(write), (address) => refused(address)),
        { numRuns: 300 },
      );
    });
  }

  for (const [form, write] of Object.entries(FORMS)) {
    it(`allows a public IPv4 address carried as ${form}`, () => {
      fc.assert(
        fc.property(publicV4.chain(write), (address) => !refused(address)),
        { numRuns: 300 },
      );
    });
  }

  for (const [form, write] of Object.entries(NEVER_ROUTABLE)) {
    it(`refuses even a public IPv4 address carried as ${form}`, () => {
      fc.assert(
        fc.property(publicV4.chain(write), (address) => refused(address)),
        { numRuns: 100 },
      );
    });
  }

  it('refuses every IPv6 address outside global unicast 2000::/3 that carries no IPv4 address', () => {
    const outside = fc
      .tuple(
        fc.integer({ min: 0, max: 0xffff }).filter((first) => (first & 0xe000) !== 0x2000),
        fc.array(group, { minLength: 7, maxLength: 7 }),
      )
      .map(([first, rest]) => [first, ...rest].map(hex).join(':'))
      .filter((address) => !/^0:0:0:0:0:ffff:|^0:0:0:0:ffff:0:|^64:ff9b:0:0:0:0:/.test(address));
    fc.assert(
      fc.property(outside, (address) => refused(address)),
      { numRuns: 500 },
    );
  });

  it('refuses the named blocks that are not globally routable', () => {
    for (const address of [
      'fec0::1',
      'feff::1',
      '100::1',
      '100::ffff:ffff:ffff:ffff',
      '::',
      '::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      '2001:2::1',
      '2001:10::1',
      '3fff::1',
      '64:ff9b:1::1',
    ]) {
      assert.equal(refused(address), true, address);
    }
  });

  it('allows ordinary global addresses', () => {
    for (const address of ['2606:4700::1111', '2a00:1450:4001:80b::200e', '2620:fe::fe'])
      assert.equal(refused(address), false, address);
  });
});
