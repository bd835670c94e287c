/**
 * Test harness: a real app on a real, empty, migrated database and a fresh temporary DATA_DIR.
 * PGlite by default; with TEST_DB=postgres and TEST_DATABASE_URL, a throwaway PostgreSQL database per app
 * (CREATE DATABASE corridor_t_<random>, dropped on close). No mocks of our own database code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
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

/**
 * One migrated PGlite, dumped and loaded by every test app (skips initdb). The dump is kept in the temp folder under
 * a name made of the migrations' and PGlite's contents, so only the first test file of a run (or the first after a
 * migration changed) pays for initdb and the migrations: several seconds per file on the 2-core CI machine, where
 * vitest gives each file a fresh module state. Apps still run `migrate()` on it (a no-op, as at every server start).
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `corridor-pglite-template-${await templateKey()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // not made yet
    }
    const client = await PGlite.create('memory://');
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written aside and renamed: a file running at the same time reads a whole dump or none.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  })();
  return template;
}

/** A hash of what the template is made of: the migrations (SQL and journal) and the PGlite package. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pgliteDir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  hash.update(await readFile(path.join(pgliteDir, '..', 'package.json')));
  const journal = path.join('meta', '_journal.json');
  const names = (await readdir(MIGRATIONS_FOLDER)).filter((name) => name.endsWith('.sql')).sort();
  for (const name of [...names, journal]) {
    hash.update(`\0${name}\0`);
    hash.update(await readFile(path.join(MIGRATIONS_FOLDER, name)));
  }
  return hash.digest('hex').slice(0, 16);
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
