/**
 * Sign-up by address domain (spec 3 §3 "Settings"): accountsSignupDomains limits who may sign up, and with the
 * feature accountsRequireAuthorization on, accountsAutoAuthDomains names the domains activated without an
 * administrator. Pure.
 */

/** "example.org, @lab.example.org" → ["example.org", "lab.example.org"]: commas or spaces, case and a leading @ ignored. */
export function domainList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim().replace(/^@/, '').toLowerCase())
    .filter(Boolean);
}

export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
}

/** Exactly one of the listed domains (a subdomain is a domain of its own and must be listed). */
export function inDomains(email: string, list: string): boolean {
  return domainList(list).includes(domainOf(email));
}

export interface SignupRules {
  signupDomains: string;
  autoAuthDomains: string;
  requireAuthorization: boolean;
}

export interface Admission {
  /** False: the address's domain is not one sign-up accepts (answered as invalidEmail). */
  allowed: boolean;
  /** 'blocked' = awaiting an administrator's authorization. */
  state: 'active' | 'blocked';
}

export function admission(email: string, rules: SignupRules): Admission {
  const allowed = domainList(rules.signupDomains).length === 0 || inDomains(email, rules.signupDomains);
  const authorized = !rules.requireAuthorization || inDomains(email, rules.autoAuthDomains);
  return { allowed, state: authorized ? 'active' : 'blocked' };
}
