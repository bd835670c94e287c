/**
 * The editor's network: nodes in WGS84 (lng, lat) and links that refer to their nodes, so moving a node drags the
 * ends of every attached link without touching the links. Maps are never mutated: an edit copies the map it
 * changes (`NetworkDraft`: once per edit, or once per replayed list; see the README). Deleted features leave `nodes`/`links` and stay in `deleted*` with
 * their flags so the map can still draw them; `toPlain` drops them.
 */
import type { NetworkLink, NetworkNode } from '@corridor/contract';
import type { ChangeFlags } from '../flags.ts';

export type NodeData = NetworkNode & { readonly flags?: ChangeFlags };
export type LinkData = NetworkLink & { readonly flags?: ChangeFlags };

export interface NetworkData {
  readonly nodes: ReadonlyMap<string, NodeData>;
  readonly links: ReadonlyMap<string, LinkData>;
  readonly deletedNodes: ReadonlyMap<string, NodeData>;
  readonly deletedLinks: ReadonlyMap<string, LinkData>;
}

export function networkData(nodes: Iterable<NetworkNode>, links: Iterable<NetworkLink>): NetworkData {
  return {
    nodes: new Map([...nodes].map((node) => [node.id, node])),
    links: new Map([...links].map((link) => [link.id, link])),
    deletedNodes: new Map(),
    deletedLinks: new Map(),
  };
}

/** The network without flags and deleted features: what a run simulates. */
export function toPlain(data: NetworkData): { nodes: NetworkNode[]; links: NetworkLink[] } {
  return {
    nodes: [...data.nodes.values()].map(({ flags: _flags, ...node }) => node),
    links: [...data.links.values()].map(({ flags: _flags, ...link }) => link),
  };
}

/** The data with one node set (copy on write). */
export function setNode(data: NetworkData, node: NodeData): NetworkData {
  return { ...data, nodes: new Map(data.nodes).set(node.id, node) };
}

/** The data with one link set (copy on write). */
export function setLink(data: NetworkData, link: LinkData): NetworkData {
  return { ...data, links: new Map(data.links).set(link.id, link) };
}

/** Links that start or end at the node. */
export function linksOfNode(data: NetworkData, nodeId: string): LinkData[] {
  return [...data.links.values()].filter((link) => link.fromId === nodeId || link.toId === nodeId);
}

/** The link's end coordinates, from its nodes. */
export function linkCoordinates(data: NetworkData, link: NetworkLink): [[number, number], [number, number]] | undefined {
  const from = data.nodes.get(link.fromId);
  const to = data.nodes.get(link.toId);
  return from && to ? [[from.lng, from.lat], [to.lng, to.lat]] : undefined;
}
