/**
 * Integers a client sends, bounded to what the database stores (issue 23, finding 8). Ids, iterations, exit codes
 * and the other whole numbers of requests end in PostgreSQL `integer` columns (int4; `db/schema.ts`): a larger
 * number matches no row and cannot be stored, and reaching SQL it is an error (a 500) instead of a 400 that names
 * the field. Every integer input of the contract is one of these, so path, query and body bound alike; only
 * `bigint` columns (file sizes, row counts) may hold more, up to `Number.MAX_SAFE_INTEGER`, and no request sends
 * those.
 */
import { z } from 'zod';

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** Any value of an int4 column (an exit code, a changeset value of type integer). */
export const Int32 = z.number().int().min(INT32_MIN).max(INT32_MAX);
/** A row id in a body: identity columns start at 1 and are int4. */
export const RowId = z.number().int().min(1).max(INT32_MAX);
/** A row id in a path or a query string: the text as a number, bounded like `RowId` ("1e400", "1.5", "x" are 400). */
export const RowIdText = z.coerce.number().int().min(1).max(INT32_MAX);
/** A count, size or position that is never negative and fits int4 (cores, an index in a list). */
export const Count = z.number().int().min(0).max(INT32_MAX);
/** A MATSim iteration as a job stores it (`current_iteration`): -1 before the first, then 0, 1, … */
export const Iteration = z.number().int().min(-1).max(INT32_MAX);
