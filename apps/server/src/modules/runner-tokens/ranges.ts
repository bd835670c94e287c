/**
 * Checks of the address ranges a runner token allows, as the runner protocol reads them
 * (runner-protocol/address-ranges.ts): CIDR ranges separated by commas or spaces, a bare address meaning just
 * that address. One of the two may be empty (no address of that family may use the token); the service refuses both empty.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function isIpv4Range(text: string): boolean {
  return everyRange(text, isIPv4, 32);
}

export function isIpv6Range(text: string): boolean {
  return everyRange(text, isIPv6, 128);
}

function everyRange(text: string, isAddress: (text: string) => boolean, bits: number): boolean {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .every((range) => {
      const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(range);
      return match !== null && isAddress(match[1]!) && (match[2] === undefined || Number(match[2]) <= bits);
    });
}
