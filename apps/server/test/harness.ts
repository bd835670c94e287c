/**
 * Test harness: a real app on a real, empty, migrated database and a fresh temporary DATA_DIR.
 * PGlite by default; with TEST_DB=postgres and TEST_DATABASE_URL, a throwaway PostgreSQL database per app
 * (CREATE DATABASE corridor_t_<random>, dropped on close). No mocks of our own database code.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type App, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../src/db/connection.ts';

export const usePostgres = process.env.TEST_DB === 'postgres';

export interface TestAppOptions extends Omit<AppDeps, 'config' | 'db'> {
  /** Extra environment for loadConfig (DATA_DIR, WEB_DIST and LOG_LEVEL are set by the harness). */
  env?: Record<string, string>;
}

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env, ...deps } = options;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'corridor-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // A folder that does not exist: API tests need no web app build.
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const db = await openTestDatabase(dataDir);
  const app = await buildApp({ config, db: db.database.db, logger: false, ...deps });
  await app.ready();
  return {
    app,
    config,
    database: db.database,
    async close() {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function openTestDatabase(dataDir: string): Promise<{ database: Database; close(): Promise<void> }> {
  if (usePostgres) return openThrowawayPostgres();
  const database = await openDatabase({
    databaseUrl: null,
    dataDir,
    pglite: { seed: await pgliteTemplate(), inMemory: true },
  });
  // The template is migrated already; running migrate again must be a no-op, as at every server start.
  await database.migrate();
  return { database, close: () => database.close() };
}

let template: Promise<Blob> | undefined;

/** One migrated PGlite per test worker, dumped once and loaded by every test app (skips initdb). */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const client = await PGlite.create('memory://');
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return template;
}

export function adminDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres');
  return url;
}

/** A new empty PostgreSQL database, migrated; close() drops it. */
export async function openThrowawayPostgres(): Promise<{ database: Database; close(): Promise<void> }> {
  const adminUrl = adminDatabaseUrl();
  const name = `corridor_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await database.migrate();
  return {
    database,
    async close() {
      await database.close();
      await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// ---- request helpers -------------------------------------------------------------------------------------

export const API = '/api/v1';

/** The `name=value` part of the session cookie a response set, ready for a Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'corridor_session');
  if (!cookie?.value) throw new Error(`no session cookie in response (${response.statusCode} ${response.body})`);
  return `corridor_session=${cookie.value}`;
}

export const ADMIN = { username: 'admin', password: 'secret-password' };

/** Runs setup and returns the administrator's cookie. */
export async function setupAdmin(app: App, admin = ADMIN): Promise<string> {
  const response = await app.inject({ method: 'POST', url: `${API}/accounts/setup`, payload: admin });
  if (response.statusCode !== 200) throw new Error(`setup failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}
