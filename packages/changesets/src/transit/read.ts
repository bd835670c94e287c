/** Reading public transport from a scenario graph (or a draft). */
import type { TransitLine, TransitRoute, TransitStop } from '@corridor/contract';
import type { GraphReader } from '../graph/graph.ts';
import { ROUTES_OF_LINE, ROUTES_OF_LINK, ROUTES_OF_STOP, routeKey, TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP, type LineEntity, type RouteEntity } from './entities.ts';

export const stopOf = (graph: GraphReader, id: string) => graph.get<TransitStop>(TRANSIT_STOP, id);
export const lineOf = (graph: GraphReader, id: string) => graph.get<LineEntity>(TRANSIT_LINE, id);
export const routeOf = (graph: GraphReader, lineId: string, routeId: string) => graph.get<RouteEntity>(TRANSIT_ROUTE, routeKey(lineId, routeId))?.route;

const routesBy = (graph: GraphReader, index: string, key: string): TransitRoute[] =>
  graph.referrers(index, key).map((id) => graph.get<RouteEntity>(TRANSIT_ROUTE, id)!.route);

/** The line's routes (from the index). */
export const routesOfLine = (graph: GraphReader, lineId: string) => routesBy(graph, ROUTES_OF_LINE.name, lineId);
/** The routes that serve the stop. */
export const routesOfStop = (graph: GraphReader, stopId: string) => routesBy(graph, ROUTES_OF_STOP.name, stopId);
/** The routes whose network route or route stops use the link. */
export const routesOfLink = (graph: GraphReader, linkId: string) => routesBy(graph, ROUTES_OF_LINK.name, linkId);

/** The line as spec 2 §3 has it: its fields and its routes keyed by id. */
export function transitLineOf(graph: GraphReader, lineId: string): TransitLine | undefined {
  const line = lineOf(graph, lineId);
  if (!line) return undefined;
  return { ...line, transitRoutes: Object.fromEntries(routesOfLine(graph, lineId).map((route) => [route.id, route])) };
}
