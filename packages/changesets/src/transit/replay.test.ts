/** Issue 28's property in the package: random transit edits give the same scenario step by step and replayed. */
import type { Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { GraphBase } from '../graph/base.ts';
import { ScenarioGraph } from '../graph/graph.ts';
import { replay } from '../graph/replay.ts';
import { LINK, NODE } from '../network/entities.ts';
import { EDIT_KINDS, SCENARIO_INDEXES } from '../scenario.ts';
import { gridNetwork, random } from '../testing.ts';
import { duplicateRoute, newLine, newStop } from './builders.ts';
import { TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP, type RouteEntity } from './entities.ts';

function base(): ScenarioGraph {
  const graph = new GraphBase(SCENARIO_INDEXES);
  const { nodes, links } = gridNetwork(5);
  graph.add(NODE, nodes);
  graph.add(LINK, links);
  return ScenarioGraph.of(graph);
}

/** Everything the transit part holds, sorted. */
function contents(graph: ScenarioGraph) {
  const sorted = <T extends { id: string }>(items: Iterable<T>) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
  return { stops: sorted(graph.entities(TRANSIT_STOP)), lines: sorted(graph.entities(TRANSIT_LINE)), routes: sorted(graph.entities<RouteEntity>(TRANSIT_ROUTE)), links: sorted(graph.entities(LINK)) };
}

/** `count` valid edits of the transit kinds (and some link deletions and splits), applied as they are made. */
function edits(start: ScenarioGraph, count: number, seed: number) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
  const id = () => Math.floor(next() * 2 ** 32).toString(16).padStart(8, '0');
  const mods: Modification[] = [];
  let graph = start;
  while (mods.length < count) {
    const stops = [...graph.entities(TRANSIT_STOP)].map((stop) => stop.id);
    const routes = [...graph.entities<RouteEntity>(TRANSIT_ROUTE)].map((entity) => entity.route);
    const links = [...graph.entities(LINK)].map((link) => link.id);
    const route = pick(routes);
    const candidates: (Modification | undefined)[] = [
      newStop(graph, [13 + next() * 0.004, 52 + next() * 0.004], id),
      stops.length ? newLine(graph, pick(stops)!, id) : undefined,
      stops.length ? { type: 'transitStop/delete', id: pick(stops)! } : undefined,
      route && stops.length ? { type: 'route/addStop', lineId: route.transitLineId, routeId: route.id, stopId: pick(stops)!, afterIndex: Math.floor(next() * (route.stops.length + 1)) - 1 } : undefined,
      route ? { type: 'route/deleteStop', lineId: route.transitLineId, routeId: route.id, index: Math.floor(next() * route.stops.length) } : undefined,
      route ? { type: 'networkRoute/addLink', lineId: route.transitLineId, routeId: route.id, linkId: pick(links)!, index: route.links.length } : undefined,
      route ? duplicateRoute(graph, route.transitLineId, route.id, { reversed: next() < 0.5, random: id }) : undefined,
      route ? { type: 'route/updateDepartures', lineId: route.transitLineId, routeId: route.id, departures: [{ id: id(), departureTime: Math.floor(next() * 86_400), vehicleRefId: id() }] } : undefined,
      route && next() < 0.3 ? { type: 'route/delete', lineId: route.transitLineId, routeId: route.id } : undefined,
      route?.links.length ? { type: 'network/deleteLink', id: pick(route.links)! } : undefined,
    ];
    const mod = pick(candidates.filter((candidate): candidate is Modification => candidate !== undefined));
    if (!mod || EDIT_KINDS.disabled(graph, mod)) continue;
    mods.push(mod);
    graph = EDIT_KINDS.apply(graph, mod);
  }
  return { mods, graph };
}

describe('transit edits', () => {
  it.each([1, 2, 3, 4])('step by step and replayed from the changeset give the same scenario (seed %i, 200 edits)', (seed) => {
    const start = base();
    const { mods, graph } = edits(start, 200, seed);
    const kinds = new Set(mods.map((mod) => mod.type));
    expect(kinds.size).toBeGreaterThanOrEqual(8);
    expect(contents(replay(start, mods, EDIT_KINDS))).toEqual(contents(graph));
  });
});
