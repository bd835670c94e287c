/**
 * The id rules of the line tab (spec 2 §5): a line id, a route id (unique within its line) and a departure id (unique
 * within the transit line) must not be empty and must not be taken; the unchanged current id is allowed. Values are
 * trimmed. The answers are keys of `panels.line.errors` (English texts exactly as spec 2 §5 has them).
 */
import { lineOf, routesOfLine, type GraphReader } from '@corridor/changesets';

export type IdKind = 'line' | 'route' | 'departure';
export type IdError = `${IdKind}IdEmpty` | `${IdKind}IdTaken`;

/** Why `value` cannot be the id (trimmed), or undefined. `taken` answers whether another entity holds an id. */
export function idError(kind: IdKind, value: string, current: string | undefined, taken: (id: string) => boolean): IdError | undefined {
  const id = value.trim();
  if (id === '') return `${kind}IdEmpty`;
  if (id === current) return undefined;
  return taken(id) ? `${kind}IdTaken` : undefined;
}

/** Line ids are unique among lines. */
export const lineIdError = (graph: GraphReader, current: string, value: string) => idError('line', value, current, (id) => lineOf(graph, id) !== undefined);

/** Route ids are unique within their line. */
export const routeIdError = (graph: GraphReader, lineId: string, current: string, value: string) =>
  idError('route', value, current, (id) => routesOfLine(graph, lineId).some((route) => route.id === id));

/**
 * The departure ids of the line except the row being edited (`routeId`'s departure at `index`): the departures table
 * edits a route's list before it is saved, so its own rows come from `rows`.
 */
export function lineDepartureIds(graph: GraphReader, lineId: string, routeId: string, rows: readonly { id: string }[], except?: number): Set<string> {
  const ids = new Set<string>();
  for (const route of routesOfLine(graph, lineId)) if (route.id !== routeId) for (const departure of route.departures) ids.add(departure.id);
  rows.forEach((row, index) => {
    if (index !== except) ids.add(row.id);
  });
  return ids;
}

/** A departure id is unique within the transit line (every route's departures, this route's other rows). */
export const departureIdError = (taken: ReadonlySet<string>, current: string | undefined, value: string) => idError('departure', value, current, (id) => taken.has(id));
