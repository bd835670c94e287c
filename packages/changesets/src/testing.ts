/**
 * Test fixtures shared by the package's tests (and the server's property test): a small grid network and random
 * valid edit sequences of every network kind; a small transit scenario on it. Not exported from the package index
 * (`@corridor/changesets/testing`).
 */
import type { NetworkLink, NetworkModification, NetworkNode, RouteStop, TransitRoute, TransitStop } from '@corridor/contract';
import { GraphBase } from './graph/base.ts';
import { ScenarioGraph } from './graph/graph.ts';
import { LINK, NODE } from './network/entities.ts';
import { EDIT_KINDS, networkGraph, SCENARIO_INDEXES } from './scenario.ts';
import { routeEntity, TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP } from './transit/entities.ts';

/** A side × side grid of nodes near Berlin with links both ways between neighbours. */
export function gridNetwork(side: number): { nodes: NetworkNode[]; links: NetworkLink[] } {
  const nodes = Array.from({ length: side * side }, (_, i) => ({ id: `n${i}`, lng: 13 + (i % side) * 0.001, lat: 52 + Math.floor(i / side) * 0.001 }));
  const links: NetworkLink[] = [];
  for (let i = 0; i < side * side; i++) {
    for (const j of [i + 1, i + side]) {
      if ((j === i + 1 && j % side === 0) || j >= side * side) continue;
      for (const [from, to] of [[i, j], [j, i]] as const) {
        links.push({ id: `l${from}-${to}`, fromId: `n${from}`, toId: `n${to}`, length: 70, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] });
      }
    }
  }
  return { nodes, links };
}

export const gridGraph = (side: number): ScenarioGraph => {
  const { nodes, links } = gridNetwork(side);
  return networkGraph(nodes, links);
};

/** A reproducible random sequence (mulberry32). */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` modifications of every network kind (and groups), each valid on the graph the ones before give, with the
 * graph after each step. Coordinates stay inside the grid's area.
 */
export function randomEdits(graph: ScenarioGraph, count: number, seed: number): { mods: NetworkModification[]; steps: ScenarioGraph[] } {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const mods: NetworkModification[] = [];
  const steps: ScenarioGraph[] = [];
  let current = graph;
  let made = 0;
  let nodeIds = [...current.entities(NODE)].map((node) => node.id);
  let linkIds = [...current.entities(LINK)].map((link) => link.id);
  const coordinate = () => ({ lng: 13 + Math.round(next() * 1e6) / 1e8, lat: 52 + Math.round(next() * 1e6) / 1e8 });
  while (mods.length < count) {
    const id = `new${made++}`;
    const candidates: NetworkModification[] = [
      { type: 'network/addNode', node: { id, ...coordinate() } },
      { type: 'network/updateNode', id: pick(nodeIds), ...coordinate() },
      { type: 'network/deleteNode', id: pick(nodeIds) },
      { type: 'network/addLink', link: { id, fromId: pick(nodeIds), toId: pick(nodeIds), length: 5, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] } },
      { type: 'network/updateLink', id: pick(linkIds), changes: { capacity: Math.round(next() * 2000), freespeed: Math.round(next() * 3000) / 100, attributes: { note: next() < 0.5 ? null : { type: 'string', value: `x${made}` } } } },
      { type: 'network/updateLink', id: pick(linkIds), changes: { lanes: 1 + Math.floor(next() * 3), modes: next() < 0.5 ? ['car'] : ['car', 'bus'] } },
      { type: 'network/deleteLink', id: pick(linkIds) },
      {
        type: 'network/group',
        modifications: [
          { type: 'network/addNode', node: { id: `${id}g`, ...coordinate() } },
          { type: 'network/addLink', link: { id: `${id}g`, fromId: `${id}g`, toId: pick(nodeIds), length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] } },
        ],
      },
    ];
    const mod = pick(candidates);
    if (EDIT_KINDS.disabled(current, mod) !== undefined) continue;
    mods.push(mod);
    current = EDIT_KINDS.apply(current, mod);
    steps.push(current);
    if (mod.type === 'network/addNode' || mod.type === 'network/deleteNode' || mod.type === 'network/group') nodeIds = [...current.entities(NODE)].map((node) => node.id);
    if (mod.type === 'network/addLink' || mod.type === 'network/deleteLink' || mod.type === 'network/group') linkIds = [...current.entities(LINK)].map((link) => link.id);
  }
  return { mods, steps };
}

/** Everything a graph's network holds, sorted, in a form `toEqual` compares fully. */
export function networkContents(graph: ScenarioGraph): { nodes: NetworkNode[]; links: NetworkLink[] } {
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return { nodes: [...graph.entities<NetworkNode>(NODE)].sort(byId), links: [...graph.entities<NetworkLink>(LINK)].sort(byId) };
}

export const testStop = (id: string, linkId?: string): TransitStop => ({ id, name: `Stop ${id}`, coordinates: [13, 52], isBlocking: false, ...(linkId ? { linkId } : {}) });
export const testRouteStop = (id: string, offset: number, linkId?: string): RouteStop => ({ id, arrivalOffset: offset, departureOffset: offset, awaitDeparture: true, ...(linkId ? { linkId } : {}) });
export const testRoute = (id: string, lineId: string, stops: RouteStop[], links: string[]): TransitRoute => ({ id, mode: 'bus', transitLineId: lineId, stops, links, departures: [{ id: `${id}-d1`, departureTime: 28_800, vehicleRefId: 'v1' }] });

/** A 3×3 grid with stops on its links, line L1 (routes R1 and R2) and line L2 (route R3 serving only s4). */
export function transitTestGraph(): ScenarioGraph {
  const base = new GraphBase(SCENARIO_INDEXES);
  const { nodes, links } = gridNetwork(3);
  base.add(NODE, nodes);
  base.add(LINK, links);
  base.add(TRANSIT_STOP, [testStop('s1', 'l0-1'), testStop('s2', 'l1-2'), testStop('s3', 'l2-5'), testStop('s4'), testStop('s5')]);
  base.add(TRANSIT_LINE, [{ id: 'L1', name: 'Line 1' }, { id: 'L2' }]);
  base.add(TRANSIT_ROUTE, [
    routeEntity(testRoute('R1', 'L1', [testRouteStop('s1', 0, 'l0-1'), testRouteStop('s2', 120, 'l1-2'), testRouteStop('s3', 300, 'l2-5')], ['l0-1', 'l1-2', 'l2-5'])),
    routeEntity(testRoute('R2', 'L1', [testRouteStop('s2', 0)], ['l1-2'])),
    routeEntity(testRoute('R3', 'L2', [testRouteStop('s4', 0)], [])),
  ]);
  return ScenarioGraph.of(base);
}
