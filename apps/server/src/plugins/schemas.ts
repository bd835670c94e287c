/** Route-schema helpers shared by the route modules. */
import { ErrorAnswer } from '@corridor/contract';

/** Documents which error statuses a route answers; all share the ErrorAnswer shape. */
export function errorAnswers<const C extends number>(...codes: C[]): Record<C, typeof ErrorAnswer> {
  return Object.fromEntries(codes.map((code) => [code, ErrorAnswer])) as Record<C, typeof ErrorAnswer>;
}
