/** Rows of a raw `db.execute`: both drivers (PGlite, node-postgres) answer `{ rows }`; the shared Db type does not know which. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
