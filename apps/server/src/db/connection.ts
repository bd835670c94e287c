/**
 * Opens the database: PGlite (Postgres compiled to WASM) in DATA_DIR/db, or a PostgreSQL server when
 * DATABASE_URL is set. Both are driven through the same drizzle schema, so the rest of the server sees one `Db`.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; null means embedded PGlite. */
  databaseUrl: string | null;
  /** Where PGlite keeps its files (ignored for PostgreSQL). */
  dataDir: string;
  /** Test-only PGlite tuning; production always uses dataDir/db on disk. */
  pglite?: {
    /** A dumped data directory (`dumpDataDir()`) to start from: skips initdb, which costs about two seconds. */
    seed?: Blob;
    /** Keep the database in memory: a test database is thrown away anyway. */
    inMemory?: boolean;
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const { seed, inMemory = false } = options.pglite ?? {};
  return openPglite(inMemory ? null : path.join(options.dataDir, 'db'), seed);
}

async function openPglite(dir: string | null, seed: Blob | undefined): Promise<Database> {
  if (dir) await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', seed ? { loadDataDir: seed } : {});
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** Key of the session advisory lock held while migrating: several servers starting together migrate one after another. */
const MIGRATION_LOCK = 7_300_030;

/**
 * Several server processes may start together on one database (issue 30): each migrates holding a session advisory
 * lock on a client of its own, so the second waits and then finds the migrations applied.
 */
async function migrateLocked(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Fail at start with a clear error rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migrateLocked(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    close: () => pool.end(),
  };
}
