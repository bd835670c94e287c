/**
 * The public transport group's entities in the scenario graph (spec 2 §3): stops, lines and routes. A route is its
 * own entity (its key joins the line id and the route id, unique within the line), so an edit of one route changes
 * one entity; a line entity holds the line's own fields. Indexes let edits find what refers to a stop, a link or a
 * line without scanning every route.
 */
import type { Modification, TransitModification, TransitRoute, TransitStop } from '@corridor/contract';
import type { GraphEntity, IndexDefinition } from '../graph/entity.ts';
import { LINK } from '../network/entities.ts';

export const TRANSIT_STOP = 'transitStop';
export const TRANSIT_LINE = 'transitLine';
export const TRANSIT_ROUTE = 'transitRoute';

export type StopEntity = TransitStop;
export interface LineEntity extends GraphEntity {
  readonly id: string;
  readonly name?: string;
}
/** A route in the graph: `id` is its key (`routeKey`), `route` the route as spec 2 §3 has it. */
export interface RouteEntity extends GraphEntity {
  readonly id: string;
  readonly route: TransitRoute;
}

/** The graph key of a route: line id and route id (unique within the line). */
export const routeKey = (lineId: string, routeId: string): string => `${lineId}\u001f${routeId}`;

export const routeEntity = (route: TransitRoute): RouteEntity => ({ id: routeKey(route.transitLineId, route.id), route });

const routeOf = (entity: GraphEntity) => (entity as RouteEntity).route;
const unique = (ids: Iterable<string>) => [...new Set(ids)];

/** stop id → the routes that serve it. */
export const ROUTES_OF_STOP: IndexDefinition = { name: 'routesOfStop', kind: TRANSIT_ROUTE, keyKind: TRANSIT_STOP, keys: (entity) => unique(routeOf(entity).stops.map((stop) => stop.id)) };

/** link id → the routes whose network route or route stops use it. */
export const ROUTES_OF_LINK: IndexDefinition = {
  name: 'routesOfLink',
  kind: TRANSIT_ROUTE,
  keyKind: LINK,
  keys: (entity) => {
    const route = routeOf(entity);
    return unique([...route.links, ...route.stops.flatMap((stop) => (stop.linkId ? [stop.linkId] : []))]);
  },
};

/** line id → its routes. */
export const ROUTES_OF_LINE: IndexDefinition = { name: 'routesOfLine', kind: TRANSIT_ROUTE, keyKind: TRANSIT_LINE, keys: (entity) => [routeOf(entity).transitLineId] };

/** link id → the stops assigned to it. */
export const STOPS_OF_LINK: IndexDefinition = {
  name: 'stopsOfLink',
  kind: TRANSIT_STOP,
  keyKind: LINK,
  keys: (entity) => {
    const { linkId } = entity as StopEntity;
    return linkId ? [linkId] : [];
  },
};

export const TRANSIT_INDEXES: readonly IndexDefinition[] = [ROUTES_OF_STOP, ROUTES_OF_LINK, ROUTES_OF_LINE, STOPS_OF_LINK];

/** Whether a modification belongs to the public transport group (spec 2 §3: stops, lines, routes, network routes). */
export const isTransitModification = (mod: Pick<Modification, 'type'>): mod is TransitModification => /^(transitStop|transitLine|route|networkRoute)\//.test(mod.type);
