/**
 * What the transit layers draw (spec 2 §2 "Layers": transit stops, routes and their outline, network routes with
 * U-turns, edge nodes and candidates), as plain arrays read off the graphs. Pure: the layer hook memoises them.
 */
import { candidatesAt, edgeNodes, linkCoordinates, linkOf, nodeOf, routeOf, stopOf, TRANSIT_ROUTE, TRANSIT_STOP, type ChangeFlag, type GraphReader, type RouteEntity } from '@corridor/changesets';
import type { TransitStop } from '@corridor/contract';
import { shownFlag } from '../../canvas/layers/data.ts';
import { flagsOf } from '../../state/network.ts';
import type { Drawn, LngLat, Selection } from '../../state/types.ts';
import { routeHoverKey } from './routeKeys.ts';
import { stopGroups, type StopGroup } from './stopGroups.ts';

export interface StopPoint extends StopGroup {
  readonly flag?: ChangeFlag;
}

export interface RoutePath {
  readonly key: string;
  readonly lineId: string;
  readonly routeId: string;
  readonly path: readonly LngLat[];
  readonly flag?: ChangeFlag;
}

export interface LinkLine {
  readonly linkId: string;
  readonly source: LngLat;
  readonly target: LngLat;
}

/** The drawn flags of the entities of a kind that edits changed (the others have none): costs what was changed. */
function changedFlags(shown: Drawn, kind: string): Map<string, ChangeFlag> {
  const flags = new Map<string, ChangeFlag>();
  for (const [id] of shown.graph.changedEntities(kind)) {
    const flag = shownFlag(flagsOf(shown, kind, id), shown.calculateDiff);
    if (flag) flags.set(id, flag);
  }
  return flags;
}

/** The stop groups with the change flag of their first changed stop. */
export function stopPoints(shown: Drawn): StopPoint[] {
  const flags = changedFlags(shown, TRANSIT_STOP);
  return stopGroups(shown.graph.entities<TransitStop>(TRANSIT_STOP)).map((group) => {
    const flag = flags.size === 0 ? undefined : group.stops.map((id) => flags.get(id)).find((each) => each !== undefined);
    return flag ? { ...group, flag } : group;
  });
}

/** Each route as the line through its stops (drawn whatever part of the network is loaded). */
export function routePaths(shown: Drawn): RoutePath[] {
  const paths: RoutePath[] = [];
  const flags = changedFlags(shown, TRANSIT_ROUTE);
  for (const { id, route } of shown.graph.entities<RouteEntity>(TRANSIT_ROUTE)) {
    const path = route.stops.map((stop) => stopOf(shown.graph, stop.id)?.coordinates).filter((point): point is [number, number] => point !== undefined);
    if (path.length === 0) continue;
    const flag = flags.get(id);
    paths.push({ key: routeHoverKey(route.transitLineId, route.id), lineId: route.transitLineId, routeId: route.id, path, ...(flag ? { flag } : {}) });
  }
  return paths;
}

/** The loaded links among the ids, as lines. */
function linkLines(graph: GraphReader, ids: Iterable<string>): LinkLine[] {
  const lines: LinkLine[] = [];
  for (const linkId of ids) {
    const link = linkOf(graph, linkId);
    const ends = link && linkCoordinates(graph, link);
    if (ends) lines.push({ linkId, source: ends[0], target: ends[1] });
  }
  return lines;
}

export interface NetworkRouteDrawing {
  readonly links: LinkLine[];
  readonly candidates: LinkLine[];
  readonly uTurns: LinkLine[];
  readonly edgeNodes: LngLat[];
}

/** The network route of the route being edited: its links, and in add mode the edge nodes, candidates and U-turns. */
export function networkRouteDrawing(graph: GraphReader, selection: Selection): NetworkRouteDrawing | undefined {
  if (selection.type !== 'transit-network-route' && selection.type !== 'transit-route') return undefined;
  const route = routeOf(graph, selection.lineId, selection.routeId);
  if (!route) return undefined;
  const drawing: NetworkRouteDrawing = { links: linkLines(graph, route.links), candidates: [], uTurns: [], edgeNodes: [] };
  if (selection.type !== 'transit-network-route' || selection.mode !== 'add') return drawing;
  const { start, end } = edgeNodes(graph, route);
  for (const nodeId of new Set([start, end].filter((id): id is string => id !== undefined))) {
    const node = nodeOf(graph, nodeId);
    if (node) drawing.edgeNodes.push([node.lng, node.lat]);
    const { candidates, uTurns } = candidatesAt(graph, route, nodeId);
    drawing.candidates.push(...linkLines(graph, candidates.map((link) => link.id)));
    drawing.uTurns.push(...linkLines(graph, uTurns.map((link) => link.id)));
  }
  return drawing;
}
