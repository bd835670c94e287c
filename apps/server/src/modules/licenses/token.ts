/**
 * Licence keys, pure: `base64url(JSON payload) + "." + base64url(Ed25519 signature of that first part)`.
 * No files, no clock, no configuration: callers pass the keys and today's date, which keeps this testable and
 * shared by the server and the licence CLI.
 */
import { sign, verify, type KeyObject } from 'node:crypto';
import { LicensePayload, type License } from '@corridor/contract';

export const LICENSE_MESSAGES = {
  malformed: 'The licence key is malformed.',
  badSignature: 'The licence signature is invalid.',
  expired: 'The licence has expired.',
  notYetValid: 'The licence is not yet valid.',
  noPublicKey: 'Only community licences can be used without a configured licence public key.',
  emptyFile: 'The licence file is empty.',
  communityCommercial: 'A community licence cannot be used commercially.',
} as const;

/** Far more than any real payload; stops a huge body from reaching JSON.parse and signature checks. */
const MAX_KEY_LENGTH = 16 * 1024;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function signLicense(payload: LicensePayload, privateKey: KeyObject): string {
  const body = Buffer.from(JSON.stringify(LicensePayload.parse(payload))).toString('base64url');
  const signature = sign(null, Buffer.from(body), privateKey).toString('base64url');
  return `${body}.${signature}`;
}

/** Keys are often pasted from emails with line breaks; whitespace is never part of a key. */
export function normalizeKey(key: string): string {
  return key.replace(/\s+/g, '');
}

export interface VerificationKeys {
  /** LICENSE_PUBLIC_KEY; null when not configured. */
  vendor: KeyObject | null;
  /** This installation's own public key, which signs community licences. */
  community: KeyObject;
}

export type VerifyResult = { ok: true; license: License } | { ok: false; message: string };

/** `today` is YYYY-MM-DD; both validity dates are inclusive. */
export function verifyLicense(rawKey: string, keys: VerificationKeys, today: string): VerifyResult {
  const key = normalizeKey(rawKey);
  const fail = (message: string): VerifyResult => ({ ok: false, message });
  const parts = key.length <= MAX_KEY_LENGTH ? key.split('.') : [];
  if (parts.length !== 2 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) return fail(LICENSE_MESSAGES.malformed);
  const [body, signature] = parts as [string, string];

  const payload = decodePayload(body);
  if (!payload) return fail(LICENSE_MESSAGES.malformed);

  const publicKey = payload.issuer === 'vendor' ? keys.vendor : keys.community;
  if (!publicKey) return fail(LICENSE_MESSAGES.noPublicKey);
  if (!verify(null, Buffer.from(body), publicKey, Buffer.from(signature, 'base64url'))) {
    return fail(LICENSE_MESSAGES.badSignature);
  }
  if (payload.issuer === 'community' && payload.features.commercial) return fail(LICENSE_MESSAGES.communityCommercial);
  if (payload.validUntilDate < today) return fail(LICENSE_MESSAGES.expired);
  if (payload.validFromDate > today) return fail(LICENSE_MESSAGES.notYetValid);
  return { ok: true, license: { ...payload, key } };
}

function decodePayload(body: string): LicensePayload | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = LicensePayload.safeParse(json);
  if (!parsed.success) return null;
  const { validFromDate, validUntilDate } = parsed.data;
  return ISO_DATE.test(validFromDate) && ISO_DATE.test(validUntilDate) ? parsed.data : null;
}

/** The UTC calendar date, YYYY-MM-DD, which is what validity dates are compared with. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
