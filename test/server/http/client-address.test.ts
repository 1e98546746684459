// The client's address behind proxies, read from the right of X-Forwarded-For, and the key a rate limiter counts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKey, clientAddress } from '../../../server/http/client-address.js';

describe('clientAddress', () => {
  it('believes no forwarded header without TRUST_PROXY', () => {
    assert.equal(clientAddress('198.51.100.7', '10.0.0.2', null), '10.0.0.2');
  });

  it('takes the entry our one proxy appended, not what the client wrote before it', () => {
    assert.equal(clientAddress('6.6.6.6, 198.51.100.7', '10.0.0.2', { hops: 1 }), '198.51.100.7');
    assert.equal(clientAddress('198.51.100.7', '10.0.0.2', { hops: 1 }), '198.51.100.7');
  });

  it('counts back as many proxies as stand in front', () => {
    assert.equal(clientAddress('6.6.6.6, 198.51.100.7, 10.0.0.9', '10.0.0.2', { hops: 2 }), '198.51.100.7');
  });

  it('skips the listed proxies from the right, and believes nothing from a connection that is none of them', () => {
    const trust = { proxies: ['10.0.0.0/8', '::1'] };
    assert.equal(clientAddress('6.6.6.6, 198.51.100.7, 10.1.2.3', '::ffff:10.0.0.2', trust), '198.51.100.7');
    assert.equal(clientAddress('6.6.6.6', '198.51.100.20', trust), '198.51.100.20');
  });

  it('falls back to the connection when the chosen entry is no address', () => {
    assert.equal(clientAddress('unknown', '10.0.0.2', { hops: 1 }), '10.0.0.2');
    assert.equal(clientAddress('[2001:db8::1]:4711', '10.0.0.2', { hops: 1 }), '2001:db8::1');
  });
});

describe('addressKey', () => {
  it('counts an IPv6 client per /64 and an IPv4-mapped one as its IPv4 address', () => {
    assert.equal(addressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(addressKey('::ffff:192.0.2.1'), '192.0.2.1');
    assert.equal(addressKey('192.0.2.1'), '192.0.2.1');
  });
});
