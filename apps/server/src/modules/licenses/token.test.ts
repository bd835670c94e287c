import { generateKeyPairSync } from 'node:crypto';
import type { LicensePayload } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { LICENSE_MESSAGES, isoDate, signLicense, verifyLicense } from './token.ts';

const vendor = generateKeyPairSync('ed25519');
const community = generateKeyPairSync('ed25519');
const keys = { vendor: vendor.publicKey, community: community.publicKey };

const payload: LicensePayload = {
  name: 'n',
  organisation: 'o',
  validFromDate: '2026-01-01',
  validUntilDate: '2026-12-31',
  creationDate: '2026-01-01T00:00:00.000Z',
  features: { commercial: false },
  limits: {},
  issuer: 'vendor',
};

describe('licence tokens', () => {
  it('round-trips a signed payload', () => {
    const key = signLicense(payload, vendor.privateKey);
    expect(key).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyLicense(key, keys, '2026-05-01')).toEqual({ ok: true, license: { ...payload, key } });
  });

  it('checks community keys against the installation key, never the vendor key', () => {
    const communityPayload = { ...payload, issuer: 'community' as const };
    expect(verifyLicense(signLicense(communityPayload, community.privateKey), keys, '2026-05-01').ok).toBe(true);
    expect(verifyLicense(signLicense(communityPayload, vendor.privateKey), keys, '2026-05-01')).toEqual({
      ok: false,
      message: LICENSE_MESSAGES.badSignature,
    });
  });

  it('rejects payloads with dates that are not YYYY-MM-DD', () => {
    const key = signLicense({ ...payload, validUntilDate: '31.12.2026' }, vendor.privateKey);
    expect(verifyLicense(key, keys, '2026-05-01')).toEqual({ ok: false, message: LICENSE_MESSAGES.malformed });
  });

  it('rejects absurdly long input before parsing it', () => {
    expect(verifyLicense(`${'a'.repeat(20_000)}.b`, keys, '2026-05-01')).toEqual({
      ok: false,
      message: LICENSE_MESSAGES.malformed,
    });
  });

  it('uses the UTC calendar date', () => {
    expect(isoDate(new Date('2026-03-01T23:30:00-02:00'))).toBe('2026-03-02');
  });
});
