/**
 * A MATSim transit schedule as public transport entities of the editor's scenario graph (`@corridor/changesets`,
 * issue 28), and back. Coordinates become WGS84 for the graph; what the editor's model does not carry (attributes,
 * boarding flags, chained departures, minimal transfer times, z) stays as read. Entities no edit changed are
 * written back as the original objects, so an unchanged schedule writes as it was read.
 */
import type { Departure, RouteStop, TransitRoute, TransitStop } from '@corridor/contract';
import { routeEntity, routesOfLine, TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP, routeKey, type GraphReader, type LineEntity, type RouteEntity } from '@corridor/changesets';
import { xy, type XY } from '@corridor/geo';
import type {
  Departure as MatsimDeparture,
  RouteStop as MatsimRouteStop,
  StopFacility,
  TransitLine as MatsimLine,
  TransitRoute as MatsimRoute,
  TransitSchedule,
} from '@corridor/matsim';

export type ToWgs84 = (point: XY) => readonly [number, number];
export type FromWgs84 = (point: readonly [number, number]) => XY;

export interface TransitEntities {
  stops: TransitStop[];
  lines: LineEntity[];
  routes: RouteEntity[];
}

/** The schedule's stops, lines and routes as graph entities. */
export function transitEntities(schedule: TransitSchedule, toWgs84: ToWgs84): TransitEntities {
  const stops = [...schedule.stops.values()].map((stop) => editorStop(stop, toWgs84));
  const linksOfStops = new Map([...schedule.stops.values()].map((stop) => [stop.id, stop.linkRefId]));
  const lines: LineEntity[] = [];
  const routes: RouteEntity[] = [];
  for (const line of schedule.lines.values()) {
    lines.push({ id: line.id, ...(line.name !== undefined ? { name: line.name } : {}) });
    for (const route of line.routes.values()) routes.push(routeEntity(editorRoute(line.id, route, linksOfStops)));
  }
  return { stops, lines, routes };
}

function editorStop(stop: StopFacility, toWgs84: ToWgs84): TransitStop {
  const [lng, lat] = toWgs84(xy(stop.x, stop.y));
  return {
    id: stop.id,
    name: stop.name ?? '',
    coordinates: [lng, lat],
    isBlocking: stop.isBlocking ?? false,
    ...(stop.linkRefId !== undefined ? { linkId: stop.linkRefId } : {}),
    ...(stop.stopAreaId !== undefined ? { group: stop.stopAreaId } : {}),
  };
}

function editorRoute(lineId: string, route: MatsimRoute, linksOfStops: ReadonlyMap<string, string | undefined>): TransitRoute {
  return {
    id: route.id,
    ...(route.description !== undefined ? { name: route.description } : {}),
    mode: route.transportMode,
    transitLineId: lineId,
    stops: route.stops.map((stop): RouteStop => {
      const linkId = linksOfStops.get(stop.refId);
      return {
        id: stop.refId,
        arrivalOffset: stop.arrivalOffset ?? stop.departureOffset ?? 0,
        departureOffset: stop.departureOffset ?? stop.arrivalOffset ?? 0,
        awaitDeparture: stop.awaitDeparture ?? false,
        ...(linkId !== undefined ? { linkId } : {}),
      };
    }),
    links: [...route.links],
    departures: route.departures.map((departure): Departure => ({ id: departure.id, departureTime: departure.departureTime, vehicleRefId: departure.vehicleRefId ?? '' })),
  };
}

/**
 * The schedule as the graph has it now. `original` is the schedule the graph's base was made from; `fromWgs84`
 * brings moved or new stops back into the schedule's coordinates (an unmoved stop keeps its x/y exactly).
 */
export function scheduleOf(original: TransitSchedule, graph: GraphReader, fromWgs84: FromWgs84): TransitSchedule {
  const stops = new Map<string, StopFacility>();
  for (const stop of graph.entities<TransitStop>(TRANSIT_STOP)) {
    const before = original.stops.get(stop.id);
    stops.set(stop.id, before && !graph.changed(TRANSIT_STOP, stop.id) ? before : matsimStop(stop, before, graph, fromWgs84));
  }
  const lines = new Map<string, MatsimLine>();
  for (const line of graph.entities<LineEntity>(TRANSIT_LINE)) {
    const before = original.lines.get(line.id);
    const routes = routesOfLine(graph, line.id);
    const untouched = before && !graph.changed(TRANSIT_LINE, line.id) && routes.length === before.routes.size && routes.every((route) => !graph.changed(TRANSIT_ROUTE, routeKey(line.id, route.id)));
    if (untouched) {
      lines.set(line.id, before);
      continue;
    }
    // The file's route order first, then routes added by edits.
    const ordered = [...routes].sort((a, b) => order(before, a.id) - order(before, b.id));
    const out = new Map<string, MatsimRoute>();
    for (const route of ordered) {
      const was = before?.routes.get(route.id);
      out.set(route.id, was && !graph.changed(TRANSIT_ROUTE, routeKey(line.id, route.id)) ? was : matsimRoute(route, was));
    }
    const { name: _name, ...rest } = before ?? { id: line.id, routes: out };
    lines.set(line.id, { ...rest, id: line.id, ...(line.name !== undefined ? { name: line.name } : {}), routes: out });
  }
  const minimalTransferTimes = original.minimalTransferTimes.filter((entry) => stops.has(entry.fromStop) && stops.has(entry.toStop));
  return { ...original, stops, lines, minimalTransferTimes };
}

function order(line: MatsimLine | undefined, routeId: string): number {
  const at = line ? [...line.routes.keys()].indexOf(routeId) : -1;
  return at < 0 ? Number.MAX_SAFE_INTEGER : at;
}

function matsimStop(stop: TransitStop, before: StopFacility | undefined, graph: GraphReader, fromWgs84: FromWgs84): StopFacility {
  const base = graph.base.get(TRANSIT_STOP, stop.id) as TransitStop | undefined;
  const moved = !before || !base || base.coordinates[0] !== stop.coordinates[0] || base.coordinates[1] !== stop.coordinates[1];
  const [x, y] = moved ? fromWgs84(stop.coordinates) : [before.x, before.y];
  const { linkRefId: _link, stopAreaId: _area, name: _name, isBlocking: _blocking, ...kept } = before ?? { id: stop.id, x, y };
  return {
    ...kept,
    id: stop.id,
    x,
    y,
    ...(stop.linkId !== undefined ? { linkRefId: stop.linkId } : {}),
    ...(stop.name !== '' || before?.name !== undefined ? { name: stop.name } : {}),
    ...(stop.group !== undefined ? { stopAreaId: stop.group } : {}),
    ...(stop.isBlocking || before?.isBlocking !== undefined ? { isBlocking: stop.isBlocking } : {}),
  };
}

function matsimRoute(route: TransitRoute, before: MatsimRoute | undefined): MatsimRoute {
  const departuresBefore = new Map((before?.departures ?? []).map((departure) => [departure.id, departure]));
  return {
    ...(before?.attributes ? { attributes: before.attributes } : {}),
    id: route.id,
    ...(route.name !== undefined ? { description: route.name } : {}),
    transportMode: route.mode,
    stops: route.stops.map((stop, index): MatsimRouteStop => {
      // Boarding flags stay with the stop they were read for (same stop at the same place in the route).
      const was = before?.stops[index]?.refId === stop.id ? before.stops[index] : undefined;
      const last = index === route.stops.length - 1;
      return {
        refId: stop.id,
        ...(index > 0 ? { arrivalOffset: stop.arrivalOffset } : {}),
        ...(!last || route.stops.length === 1 ? { departureOffset: stop.departureOffset } : {}),
        ...(was?.allowBoarding !== undefined ? { allowBoarding: was.allowBoarding } : {}),
        ...(was?.allowAlighting !== undefined ? { allowAlighting: was.allowAlighting } : {}),
        ...(stop.awaitDeparture || was?.awaitDeparture !== undefined ? { awaitDeparture: stop.awaitDeparture } : {}),
      };
    }),
    links: [...route.links],
    departures: route.departures.map((departure): MatsimDeparture => {
      const { vehicleRefId: _vehicle, ...was } = departuresBefore.get(departure.id) ?? { id: departure.id, departureTime: 0 };
      return {
        ...was,
        id: departure.id,
        departureTime: departure.departureTime,
        ...(departure.vehicleRefId !== '' ? { vehicleRefId: departure.vehicleRefId } : {}),
      };
    }),
  };
}
