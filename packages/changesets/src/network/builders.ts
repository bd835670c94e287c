/** Modifications the editor's tools build from the current network (spec 2 §4 network rules, §9 defaults). */
import type { NetworkGroupModification, NetworkLeafModification, NetworkLink, NetworkNode } from '@corridor/contract';
import { distanceMetres, NEW_LINK_DEFAULTS } from '../constants.ts';
import type { GraphReader } from '../graph/graph.ts';
import { linkCoordinates, linkOf, linksOfNode, nodeOf } from './read.ts';

type AddLink = Extract<NetworkLeafModification, { type: 'network/addLink' }>;

/** A new link between two nodes: capacity 600, lanes 1, freespeed 13.89, modes car, length from the end points. */
export function newLink(graph: GraphReader, link: { id: string; fromId: string; toId: string }): AddLink {
  const from = nodeOf(graph, link.fromId);
  const to = nodeOf(graph, link.toId);
  const length = from && to ? distanceMetres([from.lng, from.lat], [to.lng, to.lat]) : 0;
  return { type: 'network/addLink', link: { ...link, ...NEW_LINK_DEFAULTS, modes: [...NEW_LINK_DEFAULTS.modes], length } };
}

/** Reverse direction: the link keeps its id and properties and swaps its nodes. */
export function reverseLink(link: NetworkLink): NetworkLeafModification {
  return { type: 'network/updateLink', id: link.id, changes: { fromId: link.toId, toId: link.fromId } };
}

/** Add opposite direction: a copy of the link's properties the other way. */
export function oppositeLink(link: NetworkLink, id: string): AddLink {
  return { type: 'network/addLink', link: { ...link, id, fromId: link.toId, toId: link.fromId } };
}

/** Where the point falls along the segment, 0 at `from` and 1 at `to` (planar in lng/lat, enough along one link). */
function fraction([ax, ay]: [number, number], [bx, by]: [number, number], [px, py]: [number, number]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const squared = dx * dx + dy * dy;
  if (squared === 0) return 0.5;
  return Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / squared));
}

export interface SplitOptions {
  linkId: string;
  /** The new node the link is split at. */
  node: NetworkNode;
  /** Ids for the two halves of each split link, keyed by the split link's id. */
  newLinkIds: (linkId: string) => [string, string];
  /** A link split by a newly added node gets halves of length 0 (spec 2 §4); otherwise lengths scale with the split point. */
  zeroLengths?: boolean;
}

/**
 * Splits the link and every link between the same two nodes (either direction) at a new node: two links per
 * direction copying capacity, lanes, freespeed, modes and attributes, one group so that it undoes as one.
 */
export function splitLink(graph: GraphReader, options: SplitOptions): NetworkGroupModification {
  const link = linkOf(graph, options.linkId);
  const ends = link && linkCoordinates(graph, link);
  if (!link || !ends) throw new Error(`Link ${options.linkId} not found`);
  const at = fraction(ends[0], ends[1], [options.node.lng, options.node.lat]);
  const pair = linksOfNode(graph, link.fromId).filter(
    (other) => (other.fromId === link.fromId && other.toId === link.toId) || (other.fromId === link.toId && other.toId === link.fromId),
  );
  const modifications: NetworkLeafModification[] = [{ type: 'network/addNode', node: options.node }];
  for (const split of pair) {
    const share = split.fromId === link.fromId ? at : 1 - at;
    const [firstId, secondId] = options.newLinkIds(split.id);
    const length = (part: number) => (options.zeroLengths ? 0 : split.length * part);
    modifications.push(
      { type: 'network/deleteLink', id: split.id },
      { type: 'network/addLink', link: { ...split, id: firstId, toId: options.node.id, length: length(share) } },
      { type: 'network/addLink', link: { ...split, id: secondId, fromId: options.node.id, length: length(1 - share) } },
    );
  }
  return { type: 'network/group', modifications };
}
