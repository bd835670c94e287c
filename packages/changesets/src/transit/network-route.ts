/**
 * Network-route editing (spec 2 §4): the route's edge nodes, and from a clicked edge node the candidate links and
 * U-turns to add. Candidates never lead from a node to itself; U-turns (back the way the route came) are offered
 * apart; an empty route may start from any link.
 */
import type { NetworkLink, TransitRoute } from '@corridor/contract';
import type { GraphReader } from '../graph/graph.ts';
import { linkOf, linksOfNode } from '../network/read.ts';

export type NetworkRouteMode = 'none' | 'add' | 'delete';

/** The nodes the route can be extended from: the start of its first link and the end of its last. */
export function edgeNodes(graph: GraphReader, route: TransitRoute): { start?: string; end?: string } {
  const first = route.links[0] === undefined ? undefined : linkOf(graph, route.links[0]);
  const last = route.links.at(-1) === undefined ? undefined : linkOf(graph, route.links.at(-1)!);
  return { start: first?.fromId, end: last?.toId };
}

/**
 * What may be added at an edge node: at the end, links leaving it; at the start, links arriving there. U-turns
 * (the link that goes straight back along the route's edge link) are listed apart; self-loops are never candidates.
 */
export function candidatesAt(graph: GraphReader, route: TransitRoute, nodeId: string): { candidates: NetworkLink[]; uTurns: NetworkLink[] } {
  const { start, end } = edgeNodes(graph, route);
  const atEnd = nodeId === end;
  const edge = linkOf(graph, (atEnd ? route.links.at(-1) : route.links[0]) ?? '');
  const candidates: NetworkLink[] = [];
  const uTurns: NetworkLink[] = [];
  if (nodeId !== start && nodeId !== end) return { candidates, uTurns };
  for (const link of linksOfNode(graph, nodeId)) {
    if (link.fromId === link.toId) continue;
    const leaves = atEnd ? link.fromId === nodeId : link.toId === nodeId;
    if (!leaves) continue;
    const back = edge && link.fromId === edge.toId && link.toId === edge.fromId;
    (back ? uTurns : candidates).push(link);
  }
  return { candidates, uTurns };
}
