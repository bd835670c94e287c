import type { License } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { adminErrors, EMPTY_LICENSE_DRAFT, type LicenseDraft, licensePlan } from './wizard.ts';

const license: License = {
  key: 'k',
  name: 'Ada',
  organisation: 'Lab',
  validFromDate: '2025-01-01',
  validUntilDate: '2030-01-01',
  creationDate: '2025-01-01T00:00:00Z',
  features: { commercial: false },
  limits: {},
  issuer: 'vendor',
};

describe('adminErrors', () => {
  const valid = { username: 'admin', password: 'secret', repeatPassword: 'secret' };

  it('checks the rules in the order of spec 1 §5', () => {
    expect(adminErrors({ ...valid, username: '  ', password: '' })).toEqual({ username: 'usernameRequired' });
    expect(adminErrors({ ...valid, password: '', repeatPassword: '' })).toEqual({ password: 'passwordRequired' });
    expect(adminErrors({ ...valid, password: 'short', repeatPassword: 'short' })).toEqual({
      password: 'passwordTooShort',
    });
    expect(adminErrors({ ...valid, repeatPassword: 'secreT' })).toEqual({ repeatPassword: 'passwordsDiffer' });
    expect(adminErrors(valid)).toEqual({});
  });
});

describe('licensePlan', () => {
  const file = new File(['key'], 'license.txt');
  const draft = (change: Partial<LicenseDraft>): LicenseDraft => ({ ...EMPTY_LICENSE_DRAFT, ...change });

  it('needs a checked key or file', () => {
    expect(licensePlan(draft({ key: 'abc' }))).toBeUndefined();
    expect(licensePlan(draft({ key: ' abc ', checkedKey: { key: 'abc', license } }))).toEqual({ kind: 'key', key: 'abc' });
  });

  it('voids a check when the key changes afterwards', () => {
    expect(licensePlan(draft({ key: 'abcd', checkedKey: { key: 'abc', license } }))).toBeUndefined();
  });

  it('prefers a checked file over a checked key', () => {
    const both = draft({ key: 'abc', checkedKey: { key: 'abc', license }, file, checkedFile: { file, license } });
    expect(licensePlan(both)).toEqual({ kind: 'file', file });
  });

  it('takes the community choice with a name', () => {
    expect(licensePlan(draft({ mode: 'community', communityName: ' ' }))).toBeUndefined();
    expect(licensePlan(draft({ mode: 'community', communityName: ' Ada ', communityOrganisation: ' Lab ' }))).toEqual({
      kind: 'community',
      name: 'Ada',
      organisation: 'Lab',
    });
  });
});
