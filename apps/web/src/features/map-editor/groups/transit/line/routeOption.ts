/**
 * What an option of the Routes card's selector shows (spec 2 §2 "Transit line tab"): the route's label (name or
 * id), first stop to last stop (stop names), the departure time range (HH:MM), the counts of departures and stops,
 * and the mode.
 */
import { stopOf, type GraphReader } from '@corridor/changesets';
import type { TransitRoute } from '@corridor/contract';
import { formatHourMinute } from './time.ts';

export interface RouteOption {
  readonly value: string;
  readonly label: string;
  /** First and last stop by name (the id when the stop has no name or is not there); undefined without stops. */
  readonly from?: string;
  readonly to?: string;
  /** Earliest and latest departure, HH:MM; undefined without departures. */
  readonly first?: string;
  readonly last?: string;
  readonly departures: number;
  readonly stops: number;
  readonly mode: string;
}

/** The route's label: its name, or its id when it has none. */
export const routeLabel = (route: TransitRoute): string => (route.name?.trim() ? route.name : route.id);

export function routeOption(graph: GraphReader, route: TransitRoute): RouteOption {
  const stopName = (id: string | undefined) => (id === undefined ? undefined : stopOf(graph, id)?.name || id);
  const times = route.departures.map((departure) => departure.departureTime);
  return {
    value: route.id,
    label: routeLabel(route),
    from: stopName(route.stops[0]?.id),
    to: stopName(route.stops.at(-1)?.id),
    first: times.length ? formatHourMinute(Math.min(...times)) : undefined,
    last: times.length ? formatHourMinute(Math.max(...times)) : undefined,
    departures: route.departures.length,
    stops: route.stops.length,
    mode: route.mode,
  };
}

/** The line's routes as options, by label. */
export const routeOptions = (graph: GraphReader, routes: readonly TransitRoute[]): RouteOption[] =>
  routes.map((route) => routeOption(graph, route)).sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }) || a.value.localeCompare(b.value));
