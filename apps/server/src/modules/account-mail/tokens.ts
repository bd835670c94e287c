/** One-time link tokens: 32 random bytes in the link, only their SHA-256 in the database. */
import { createHash, randomBytes } from 'node:crypto';

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type LinkPurpose = 'verify-email' | 'set-password';

/** How long a mailed link works. */
export const LINK_VALIDITY_MS = {
  verifyEmail: 7 * 24 * 3600_000,
  /** Forgot password: short, the account has a password already. */
  resetPassword: 3600_000,
  /** Sign-up: the new user may read the mail days later. */
  signupPassword: 7 * 24 * 3600_000,
} as const;

/** The web app's pages for the links (spec 1 §2.1). */
export const LINK_PATHS: Record<LinkPurpose, string> = {
  'verify-email': '/-/verify-email/',
  'set-password': '/-/set-password/',
};
