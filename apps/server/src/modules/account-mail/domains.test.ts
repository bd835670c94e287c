import { describe, expect, it } from 'vitest';
import { admission, domainList, domainOf, inDomains } from './domains.ts';

describe('sign-up domains', () => {
  it('reads a list written with commas, spaces, capitals or a leading @', () => {
    expect(domainList(' Example.org, @lab.example.org;other.net  ')).toEqual(['example.org', 'lab.example.org', 'other.net']);
    expect(domainList('')).toEqual([]);
    expect(domainOf('Ada@Lab.Example.ORG')).toBe('lab.example.org');
  });

  it('matches the whole domain only', () => {
    expect(inDomains('ada@example.org', 'example.org')).toBe(true);
    expect(inDomains('ada@lab.example.org', 'example.org')).toBe(false);
    expect(inDomains('ada@notexample.org', 'example.org')).toBe(false);
  });

  it('admits any domain without a list; activates at once unless authorization is required', () => {
    const open = { signupDomains: '', autoAuthDomains: '', requireAuthorization: false };
    expect(admission('ada@any.net', open)).toEqual({ allowed: true, state: 'active' });
    expect(admission('ada@any.net', { ...open, signupDomains: 'example.org' })).toEqual({ allowed: false, state: 'active' });
    const guarded = { ...open, requireAuthorization: true, autoAuthDomains: 'example.org' };
    expect(admission('ada@example.org', guarded)).toEqual({ allowed: true, state: 'active' });
    expect(admission('ada@any.net', guarded)).toEqual({ allowed: true, state: 'blocked' });
    // Auto-authorized domains mean nothing while authorization is not required.
    expect(admission('ada@any.net', { ...open, autoAuthDomains: 'example.org' }).state).toBe('active');
  });
});
