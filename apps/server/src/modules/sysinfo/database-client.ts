/** Which database a `Db` talks to: node-postgres's pool behind a PostgreSQL server, or embedded PGlite. */
import pg from 'pg';
import type { Db } from '../../db/connection.ts';

/** The node-postgres pool behind `db`; null on PGlite. */
export function postgresPool(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export function databaseKind(db: Db): 'pglite' | 'postgresql' {
  return postgresPool(db) ? 'postgresql' : 'pglite';
}
