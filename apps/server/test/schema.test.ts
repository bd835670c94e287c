/**
 * Runs only in the PostgreSQL pass (see vitest.config.ts): the migrations must produce the same schema on
 * PGlite and on a real PostgreSQL server, column by column, index by index, constraint by constraint.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/connection.ts';
import { openThrowawayPostgres, usePostgres } from './harness.ts';

const columns = sql`
  select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity, identity_generation
  from information_schema.columns where table_schema = 'public'
  order by table_name, column_name`;
const indexes = sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`;
// contype 'n': PostgreSQL 18 (PGlite) records NOT NULL as constraints, older servers do not; nullability is
// compared through the columns instead.
const constraints = sql`
  select conrelid::regclass::text as table_name, conname, contype, pg_get_constraintdef(oid) as definition
  from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n' order by conname`;

async function rows(db: Db, query: SQL): Promise<unknown[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows;
}

async function describeSchema(database: Database) {
  return {
    columns: await rows(database.db, columns),
    indexes: await rows(database.db, indexes),
    constraints: await rows(database.db, constraints),
  };
}

describe('migrations', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('create the same schema on PGlite and PostgreSQL', async () => {
    expect(usePostgres, 'this test belongs to the TEST_DB=postgres pass').toBe(true);

    // A fresh PGlite from initdb (not the test template), migrated the way the server does at start.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'corridor-schema-'));
    const pglite = await openDatabase({ databaseUrl: null, dataDir });
    cleanups.push(async () => {
      await pglite.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    await pglite.migrate();

    const postgres = await openThrowawayPostgres();
    cleanups.push(postgres.close);

    const onPglite = await describeSchema(pglite);
    const onPostgres = await describeSchema(postgres.database);
    expect(onPglite.columns.length).toBeGreaterThan(30);
    expect(onPglite.indexes.length).toBeGreaterThan(10);
    expect(onPglite).toEqual(onPostgres);
  });
});
