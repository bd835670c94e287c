/**
 * Secret tokens `<id>.<secret>`: session cookie values and API keys. The id is public (devices list, API key list,
 * deauthorize, delete); the database keeps only a SHA-256 of the secret, so a leaked table signs no one in.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface NewSecretToken {
  /** The public id. */
  token: string;
  secretHash: string;
  /** `token.secret`: what the client holds (cookie value, API key); never stored. */
  value: string;
}

/** 16 random bytes of id, 32 of secret (256 bits), both base64url. */
export function newSecretToken(): NewSecretToken {
  const token = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { token, secretHash: hashSecret(secret), value: `${token}.${secret}` };
}

export function parseSecretToken(value: string): { token: string; secret: string } | null {
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
