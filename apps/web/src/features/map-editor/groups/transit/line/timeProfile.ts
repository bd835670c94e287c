/**
 * The Time Profile rows (spec 2 §2): per route stop its id and name, occurrence (the how-manieth visit of that stop
 * in the route), stopTime (departure − arrival offset), awaitDeparture, travelTime (arrival − the previous stop's
 * departure offset; 0 for the first), linkId, arrivalOffset and departureOffset, in seconds. An edit of one field
 * gives the route stop to save with route/updateStop: stopTime moves the departure, travelTime moves arrival and
 * departure together (the stop time kept).
 */
import { stopOf, type GraphReader } from '@corridor/changesets';
import type { RouteStop, TransitRoute } from '@corridor/contract';

export interface TimeProfileRow {
  readonly index: number;
  readonly id: string;
  readonly name?: string;
  readonly occurrence: number;
  readonly stopTime: number;
  readonly awaitDeparture: boolean;
  readonly travelTime: number;
  readonly linkId?: string;
  readonly arrivalOffset: number;
  readonly departureOffset: number;
}

export type TimeField = 'stopTime' | 'travelTime' | 'arrivalOffset' | 'departureOffset';
export const TIME_FIELDS: readonly TimeField[] = ['stopTime', 'travelTime', 'arrivalOffset', 'departureOffset'];

export function timeProfileRows(graph: GraphReader, route: TransitRoute): TimeProfileRow[] {
  const seen = new Map<string, number>();
  return route.stops.map((stop, index) => {
    const occurrence = (seen.get(stop.id) ?? 0) + 1;
    seen.set(stop.id, occurrence);
    const previous = route.stops[index - 1];
    const linkId = stop.linkId ?? stopOf(graph, stop.id)?.linkId;
    return {
      index,
      id: stop.id,
      name: stopOf(graph, stop.id)?.name,
      occurrence,
      stopTime: stop.departureOffset - stop.arrivalOffset,
      awaitDeparture: stop.awaitDeparture,
      travelTime: previous ? stop.arrivalOffset - previous.departureOffset : 0,
      ...(linkId !== undefined ? { linkId } : {}),
      arrivalOffset: stop.arrivalOffset,
      departureOffset: stop.departureOffset,
    };
  });
}

/** The route stop at `index` with one time field set to `value` seconds (undefined when nothing changes). */
export function editedStop(route: TransitRoute, index: number, field: TimeField, value: number): RouteStop | undefined {
  const stop = route.stops[index];
  if (!stop) return undefined;
  const previous = route.stops[index - 1];
  let next: RouteStop;
  switch (field) {
    case 'arrivalOffset':
      next = { ...stop, arrivalOffset: value };
      break;
    case 'departureOffset':
      next = { ...stop, departureOffset: value };
      break;
    case 'stopTime':
      next = { ...stop, departureOffset: stop.arrivalOffset + value };
      break;
    case 'travelTime': {
      const arrivalOffset = (previous?.departureOffset ?? 0) + value;
      next = { ...stop, arrivalOffset, departureOffset: arrivalOffset + (stop.departureOffset - stop.arrivalOffset) };
      break;
    }
  }
  return next.arrivalOffset === stop.arrivalOffset && next.departureOffset === stop.departureOffset ? undefined : next;
}
