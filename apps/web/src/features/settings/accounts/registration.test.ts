import { DEFAULT_FEATURES, DEFAULT_SETTINGS } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { hasRegistrationChanges, registrationChanges, registrationOf } from './registration.ts';

const saved = registrationOf({ ...DEFAULT_SETTINGS, accountsSignupDomains: 'example.org' }, DEFAULT_FEATURES);

describe('registration form', () => {
  it('has no changes until a field differs from the saved state', () => {
    expect(hasRegistrationChanges(saved, { ...saved })).toBe(false);
    expect(hasRegistrationChanges(saved, { ...saved, accountsSignupDomains: ' example.org ' })).toBe(false);
    expect(hasRegistrationChanges(saved, { ...saved, accountsSignup: true })).toBe(true);
  });

  it('splits the changes into settings and feature flags, domain lists trimmed', () => {
    expect(registrationChanges(saved, { ...saved, accountsRequireAuthorization: true, accountsAutoAuthDomains: ' lab.example.org ' })).toEqual({
      settings: { accountsAutoAuthDomains: 'lab.example.org' },
      features: { accountsRequireAuthorization: true },
    });
  });

  it('saves the language-selection flag like the sign-up flags', () => {
    expect(saved.i18n).toBe(true);
    expect(hasRegistrationChanges(saved, { ...saved, i18n: true })).toBe(false);
    expect(registrationChanges(saved, { ...saved, i18n: false })).toEqual({ settings: {}, features: { i18n: false } });
  });
});
