import { describe, expect, it } from 'vitest';
import { addressAllowed, normalizeAddress } from './address-ranges.ts';

describe('runner token address ranges', () => {
  const loopback = { ipv4range: '127.0.0.1/32', ipv6range: '::1/128' };

  it('admits addresses inside the range of their family only', () => {
    expect(addressAllowed(loopback, '127.0.0.1')).toBe(true);
    expect(addressAllowed(loopback, '::1')).toBe(true);
    expect(addressAllowed(loopback, '127.0.0.2')).toBe(false);
    expect(addressAllowed(loopback, '::2')).toBe(false);
    expect(addressAllowed({ ipv4range: '10.0.0.0/8', ipv6range: '' }, '10.200.3.4')).toBe(true);
    expect(addressAllowed({ ipv4range: '10.0.0.0/8', ipv6range: '' }, '11.0.0.1')).toBe(false);
    expect(addressAllowed({ ipv4range: '0.0.0.0/0', ipv6range: '' }, '::1')).toBe(false);
    expect(addressAllowed({ ipv4range: '', ipv6range: '2001:db8::/32' }, '2001:db8:1::7')).toBe(true);
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(addressAllowed(loopback, '::ffff:127.0.0.1')).toBe(true);
    expect(addressAllowed({ ipv4range: '', ipv6range: '::/0' }, '::ffff:127.0.0.1')).toBe(false);
  });

  it('accepts several ranges and bare addresses, and ignores entries that are not ranges', () => {
    const ranges = { ipv4range: '192.168.0.0/16, 10.1.2.3 nonsense 1.2.3.4/40', ipv6range: 'fd00::/8 ::1' };
    expect(addressAllowed(ranges, '192.168.7.7')).toBe(true);
    expect(addressAllowed(ranges, '10.1.2.3')).toBe(true);
    expect(addressAllowed(ranges, '10.1.2.4')).toBe(false);
    expect(addressAllowed(ranges, '1.2.3.4')).toBe(false);
    expect(addressAllowed(ranges, 'fd12::1')).toBe(true);
    expect(addressAllowed(ranges, '::1')).toBe(true);
    expect(addressAllowed(ranges, 'not an address')).toBe(false);
  });
});
