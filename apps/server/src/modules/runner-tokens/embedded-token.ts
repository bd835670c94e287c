/**
 * The token of the runner `npm start` starts next to the server. Made once (loopback addresses only) and kept:
 * every later start finds it again, so the embedded runner keeps its identity across restarts.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { runnerTokens } from '../../db/schema.ts';

export const EMBEDDED_TOKEN = { description: 'Embedded runner', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' } as const;

/** A fresh runner token secret: 24 random bytes, base64url. */
export function newRunnerToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The embedded runner's token, created when missing; safe to call at every start. */
export async function ensureEmbeddedToken(db: Db): Promise<string> {
  const existing = async () => {
    const [row] = await db.select({ token: runnerTokens.token }).from(runnerTokens).where(eq(runnerTokens.embedded, true)).orderBy(asc(runnerTokens.id)).limit(1);
    return row?.token ?? null;
  };
  const found = await existing();
  if (found) return found;
  await db.insert(runnerTokens).values({ ...EMBEDDED_TOKEN, token: newRunnerToken(), embedded: true });
  // Two starts racing would each insert one; both then use the oldest.
  return (await existing())!;
}
