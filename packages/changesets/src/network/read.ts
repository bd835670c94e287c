/** Reading the network from a scenario graph (or a draft): typed accessors the tools, panels and layers share. */
import type { NetworkLink, NetworkNode } from '@corridor/contract';
import type { GraphReader } from '../graph/graph.ts';
import { LINK, LINKS_OF_NODE, NODE } from './entities.ts';

export const nodeOf = (graph: GraphReader, id: string) => graph.get<NetworkNode>(NODE, id);
export const linkOf = (graph: GraphReader, id: string) => graph.get<NetworkLink>(LINK, id);

/** Links that start or end at the node (from the index, not a scan). */
export function linksOfNode(graph: GraphReader, nodeId: string): NetworkLink[] {
  return graph.referrers(LINKS_OF_NODE.name, nodeId).map((id) => linkOf(graph, id)!);
}

/** The link's end coordinates, from its nodes (undefined while a node is not loaded). */
export function linkCoordinates(graph: GraphReader, link: NetworkLink): [[number, number], [number, number]] | undefined {
  const from = nodeOf(graph, link.fromId);
  const to = nodeOf(graph, link.toId);
  return from && to ? [[from.lng, from.lat], [to.lng, to.lat]] : undefined;
}
