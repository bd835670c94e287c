/**
 * Session cookie values: `<token>.<secret>`. The token is the public id of the login token (devices list,
 * deauthorize); the database keeps only a SHA-256 of the secret, so a leaked table does not sign anyone in.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface NewSessionToken {
  token: string;
  secretHash: string;
  cookieValue: string;
}

export function newSessionToken(): NewSessionToken {
  const token = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { token, secretHash: hashSecret(secret), cookieValue: `${token}.${secret}` };
}

export function parseCookieValue(value: string): { token: string; secret: string } | null {
  const match = /^([A-Za-z0-9_-]{10,64})\.([A-Za-z0-9_-]{20,128})$/.exec(value);
  return match ? { token: match[1]!, secret: match[2]! } : null;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
