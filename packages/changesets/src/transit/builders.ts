/** Modifications the public transport tools build (spec 2 §4 transit rules, §9 defaults). */
import type { Departure, RouteStop, TransitModification, TransitRoute } from '@corridor/contract';
import { generateId } from '../constants.ts';
import type { GraphReader } from '../graph/graph.ts';
import { linkOf, linksOfNode } from '../network/read.ts';
import { DUPLICATED_SUFFIX, NEW_STOP_NAME_PREFIX } from './constants.ts';
import { TRANSIT_LINE, TRANSIT_STOP } from './entities.ts';
import { routeOf, routesOfLine } from './read.ts';

type Mod<T extends TransitModification['type']> = Extract<TransitModification, { type: T }>;

/** A new stop: an 8-character id unique among stops, named "Stop-" + id, not blocking (§9). */
export function newStop(graph: GraphReader, coordinates: readonly [number, number], random?: () => string): Mod<'transitStop/add'> {
  const id = generateId((taken) => graph.has(TRANSIT_STOP, taken), random);
  return { type: 'transitStop/add', stop: { id, name: `${NEW_STOP_NAME_PREFIX}${id}`, coordinates: [coordinates[0], coordinates[1]], isBlocking: false } };
}

/** A new line: one route with an empty mode and no name, serving the stop at offsets 0/0 (§9). */
export function newLine(graph: GraphReader, stopId: string, random?: () => string): Mod<'transitLine/add'> {
  const lineId = generateId((taken) => graph.has(TRANSIT_LINE, taken), random);
  const routeId = generateId(() => false, random);
  const route: TransitRoute = {
    id: routeId,
    mode: '',
    transitLineId: lineId,
    stops: [{ id: stopId, arrivalOffset: 0, departureOffset: 0, awaitDeparture: false }],
    links: [],
    departures: [],
  };
  return { type: 'transitLine/add', line: { id: lineId, transitRoutes: { [routeId]: route } } };
}

/** The link from `link`'s end back to its start, if the network has one. */
export function oppositeLinkId(graph: GraphReader, linkId: string): string | undefined {
  const link = linkOf(graph, linkId);
  if (!link) return undefined;
  return linksOfNode(graph, link.toId).find((other) => other.fromId === link.toId && other.toId === link.fromId && other.id !== link.id)?.id;
}

/**
 * A copy of the route in the same line (spec 2 §4): its name gets "_duplicated"; departures and vehicle refs get
 * new ids. Reversed: the stops in the other order with offsets mirrored (the travel times kept), each link mapped
 * to its opposite-direction link, links without one dropped.
 */
export function duplicateRoute(graph: GraphReader, lineId: string, routeId: string, options: { reversed?: boolean; random?: () => string } = {}): Mod<'route/add'> {
  const route = routeOf(graph, lineId, routeId);
  if (!route) throw new Error(`Route ${routeId} of transit line ${lineId} not found`);
  const siblings = new Set(routesOfLine(graph, lineId).map((other) => other.id));
  const id = generateId((taken) => siblings.has(taken), options.random);
  const departureIds = new Set<string>();
  const vehicles = new Map<string, string>();
  const departures: Departure[] = route.departures.map((departure) => {
    const departureId = generateId((taken) => departureIds.has(taken), options.random);
    departureIds.add(departureId);
    if (!vehicles.has(departure.vehicleRefId)) vehicles.set(departure.vehicleRefId, generateId((taken) => [...vehicles.values()].includes(taken), options.random));
    return { ...departure, id: departureId, vehicleRefId: vehicles.get(departure.vehicleRefId)! };
  });
  const copy: TransitRoute = { ...route, id, name: `${route.name ?? route.id}${DUPLICATED_SUFFIX}`, departures };
  if (!options.reversed) return { type: 'route/add', route: copy };
  const opposite = (linkId: string) => oppositeLinkId(graph, linkId);
  const end = route.stops.at(-1)?.arrivalOffset ?? 0;
  const stops: RouteStop[] = [...route.stops].reverse().map((stop) => {
    const { linkId, ...rest } = stop;
    const back = linkId ? opposite(linkId) : undefined;
    return { ...rest, arrivalOffset: end - stop.departureOffset, departureOffset: end - stop.arrivalOffset, ...(back ? { linkId: back } : {}) };
  });
  const links = [...route.links].reverse().flatMap((linkId) => opposite(linkId) ?? []);
  return { type: 'route/add', route: { ...copy, stops, links } };
}
