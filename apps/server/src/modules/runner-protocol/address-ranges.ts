/**
 * Whether an address may use a runner token: inside the token's IPv4 or IPv6 range (CIDR; several may be given,
 * separated by commas or spaces; an empty range admits no address of that family). IPv4-mapped IPv6 addresses
 * (::ffff:127.0.0.1, as a dual-stack socket reports IPv4 clients) count as IPv4.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export interface TokenRanges {
  ipv4range: string;
  ipv6range: string;
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function normalizeAddress(address: string): string {
  const mapped = MAPPED_IPV4.exec(address);
  return mapped ? mapped[1]! : address;
}

export function addressAllowed(ranges: TokenRanges, rawAddress: string): boolean {
  const address = normalizeAddress(rawAddress);
  if (isIPv4(address)) return inRanges(ranges.ipv4range, 'ipv4', address);
  if (isIPv6(address)) return inRanges(ranges.ipv6range, 'ipv6', address);
  return false;
}

function inRanges(text: string, family: 'ipv4' | 'ipv6', address: string): boolean {
  const list = new BlockList();
  for (const range of text.split(/[\s,]+/).filter(Boolean)) {
    const [net, prefixText] = range.split('/');
    const valid = family === 'ipv4' ? isIPv4(net ?? '') : isIPv6(net ?? '');
    if (!valid) continue;
    const bits = family === 'ipv4' ? 32 : 128;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) continue;
    list.addSubnet(net!, prefix, family);
  }
  return list.check(address, family);
}
