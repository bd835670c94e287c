/**
 * The token of the runner `npm start` starts next to the server (loopback addresses only). The database keeps only
 * its SHA-256, as for every runner token; the server keeps the secret itself in DATA_DIR/runner/embedded-token
 * (mode 0600) so that every later start finds it again and the embedded runner keeps its identity across restarts.
 * A start that finds no file (first start, a new DATA_DIR, or the upgrade that hashed the tokens) or one that no
 * longer matches the database makes a new secret and replaces the stored hash; an embedded runner still running
 * with the old one is then stopped and started again with the new one (embedded-runner.ts compares hashes).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { runnerTokens } from '../../db/schema.ts';
import { hashSecret } from '../../security/secret-token.ts';

export const EMBEDDED_TOKEN = { description: 'Embedded runner', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' } as const;

/** A fresh runner token secret: 24 random bytes, base64url. */
export function newRunnerToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the database keeps of a runner token: SHA-256, hex (the hash of sessions' and API keys' secrets). */
export const hashRunnerToken: (token: string) => string = hashSecret;

/** The columns of a new secret: its hash and its last 4 characters. */
export function storedToken(token: string): { tokenHash: string; tokenHint: string } {
  return { tokenHash: hashRunnerToken(token), tokenHint: token.slice(-4) };
}

/** Where the server keeps the embedded runner's secret: DATA_DIR/runner/embedded-token. */
export const embeddedTokenFile = (dataDir: string) => path.join(dataDir, 'runner', 'embedded-token');

function readSecret(dataDir: string): string | null {
  try {
    return readFileSync(embeddedTokenFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The embedded runner's token: the kept one when the database still has its hash, else a new one. Safe at every start. */
export async function ensureEmbeddedToken(db: Db, dataDir: string): Promise<string> {
  const [row] = await db
    .select({ id: runnerTokens.id, tokenHash: runnerTokens.tokenHash })
    .from(runnerTokens)
    .where(eq(runnerTokens.embedded, true))
    .orderBy(asc(runnerTokens.id))
    .limit(1);
  const kept = readSecret(dataDir);
  if (row && kept && hashRunnerToken(kept) === row.tokenHash) return kept;
  const token = newRunnerToken();
  // The file first: a start that fails after it finds the file not matching and makes another one.
  mkdirSync(path.dirname(embeddedTokenFile(dataDir)), { recursive: true });
  writeFileSync(embeddedTokenFile(dataDir), `${token}\n`, { mode: 0o600 });
  if (row) await db.update(runnerTokens).set(storedToken(token)).where(eq(runnerTokens.id, row.id));
  else await db.insert(runnerTokens).values({ ...EMBEDDED_TOKEN, ...storedToken(token), embedded: true });
  return token;
}
