/** Modifications the line tab builds (pure, so their effect on the graph is tested). */
import { generateId, transitLineOf, type GraphReader } from '@corridor/changesets';
import type { Departure, Modification, TransitLine } from '@corridor/contract';

/**
 * transitLine/update with the whole line and its routes (what the kind replaces); a new id renames the line and its
 * routes carry it. Undefined when the line is not there.
 */
export function lineUpdate(graph: GraphReader, lineId: string, changed: Partial<Pick<TransitLine, 'id' | 'name'>>): Modification | undefined {
  const whole = transitLineOf(graph, lineId);
  if (!whole) return undefined;
  const id = changed.id ?? lineId;
  const transitRoutes = Object.fromEntries(Object.entries(whole.transitRoutes).map(([routeId, route]) => [routeId, { ...route, transitLineId: id }]));
  return { type: 'transitLine/update', id: lineId, line: { ...whole, ...changed, transitRoutes } };
}

/**
 * A departure added by Add: at the latest departure's time with its vehicle and type, with a new 8-character id
 * unique in the line (`taken`), or at 0 without a vehicle when the route has none.
 */
export function newDeparture(departures: readonly Departure[], taken: ReadonlySet<string>, random?: () => string): Departure {
  const latest = departures.reduce<Departure | undefined>((found, departure) => (!found || departure.departureTime > found.departureTime ? departure : found), undefined);
  const id = generateId((candidate) => taken.has(candidate), random);
  return { id, departureTime: latest?.departureTime ?? 0, vehicleRefId: latest?.vehicleRefId ?? '', ...(latest?.vehicleType ? { vehicleType: latest.vehicleType } : {}) };
}
