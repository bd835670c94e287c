/** Route-schema helpers shared by the route modules. */
import { ErrorAnswer, RowIdText } from '@corridor/contract';
import { z } from 'zod';

/** Documents which error statuses a route answers; all share the ErrorAnswer shape. */
export function errorAnswers<const C extends number>(...codes: C[]): Record<C, typeof ErrorAnswer> {
  return Object.fromEntries(codes.map((code) => [code, ErrorAnswer])) as Record<C, typeof ErrorAnswer>;
}

/** A row id in a path: positive and within PostgreSQL's integer range (larger ids cannot exist; contract integers.ts). */
export const RowId = RowIdText;
export const IdParams = z.object({ id: RowId });
