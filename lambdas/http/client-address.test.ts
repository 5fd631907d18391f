import { describe, expect, it } from 'vitest';
import { addressKey, clientAddressOf } from './client-address';

const event = (sourceIp: string, viewer?: string) => ({
  headers: viewer === undefined ? {} : { 'cloudfront-viewer-address': viewer },
  requestContext: { http: { sourceIp } } as never,
});

describe('clientAddressOf', () => {
  it('keys IPv4 by the address, IPv6 by its /64, IPv4-mapped IPv6 as the IPv4', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff::9'));
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it('reads the viewer address without its port when the header is there', () => {
    expect(clientAddressOf(event('10.0.0.9', '203.0.113.9:443'))).toBe('203.0.113.9');
    expect(clientAddressOf(event('10.0.0.9', '2001:db8:0:1::7:51234'))).toBe('2001:db8:0:1::/64');
    expect(clientAddressOf(event('198.51.100.7'))).toBe('198.51.100.7');
  });

  it('answers a short "unknown" for garbage of any length', () => {
    for (const viewer of ['x', `${'9'.repeat(1600)}:443`, '1.2.3.4.5:80', '\u0000']) expect(clientAddressOf(event('10.0.0.9', viewer))).toBe('unknown');
    expect(clientAddressOf(event(''))).toBe('unknown');
  });
});
