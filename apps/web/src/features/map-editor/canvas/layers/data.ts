/**
 * What the deck.gl layers draw, built from the store's network (memoised by the caller on its identity). Links
 * between the same two nodes are one segment, as in the server's answer: both directions would otherwise lie on
 * top of each other. Only links whose two nodes are known are drawn.
 */
import type { ChangeFlag, ChangeFlags, LinkData, NetworkData, NodeData } from '@corridor/changesets';
import type { NetworkCondition } from '@corridor/contract';
import type { LngLat } from '../../state/types.ts';
import { matchesConditions } from './filter.ts';

export interface Segment {
  /** The first link of the node pair: what a pick reports (the select handler then takes the whole pair). */
  readonly linkId: string;
  readonly source: LngLat;
  readonly target: LngLat;
  readonly flag?: ChangeFlag;
}

export interface NodePoint {
  readonly nodeId: string;
  readonly position: LngLat;
  readonly flag?: ChangeFlag;
}

/** Which colour a pair or node with several flags shows: unsaved edits before saved ones. */
const FLAG_ORDER: readonly ChangeFlag[] = ['deleted', 'added', 'modified', 'savedDeleted', 'savedAdded', 'savedModified'];

export function shownFlag(flags: ChangeFlags | undefined): ChangeFlag | undefined {
  return flags ? FLAG_ORDER.find((flag) => flags[flag]) : undefined;
}

const rank = (flag: ChangeFlag | undefined) => (flag ? FLAG_ORDER.indexOf(flag) : FLAG_ORDER.length);

type NodeLookup = (id: string) => NodeData | undefined;

function segmentsFrom(links: Iterable<LinkData>, node: NodeLookup, keep: (link: LinkData) => boolean): Segment[] {
  const pairs = new Map<string, Segment>();
  for (const link of links) {
    if (!keep(link)) continue;
    const from = node(link.fromId);
    const to = node(link.toId);
    if (!from || !to) continue;
    const key = link.fromId < link.toId ? `${link.fromId}\u0000${link.toId}` : `${link.toId}\u0000${link.fromId}`;
    const flag = shownFlag(link.flags);
    const known = pairs.get(key);
    if (known && rank(known.flag) <= rank(flag)) continue;
    pairs.set(key, { linkId: known?.linkId ?? link.id, source: [from.lng, from.lat], target: [to.lng, to.lat], flag });
  }
  return [...pairs.values()];
}

/** Changed links always pass the filter, so an edit never vanishes behind it. */
function passes(conditions: readonly NetworkCondition[]): (link: LinkData) => boolean {
  return conditions.length === 0 ? () => true : (link) => link.flags !== undefined || matchesConditions(link, conditions);
}

/** Live links that pass the filter. */
export function linkSegments(network: NetworkData, conditions: readonly NetworkCondition[]): Segment[] {
  return segmentsFrom(network.links.values(), (id) => network.nodes.get(id), passes(conditions));
}

export interface DirectedLinks {
  /** from lon, from lat, to lon, to lat per link (the form `arrowPlacements` takes). */
  readonly ends: Float64Array;
  readonly flags: readonly (ChangeFlag | undefined)[];
}

/** Each drawn live link on its own (both directions of a pair), for the direction arrows. */
export function directedLinks(network: NetworkData, conditions: readonly NetworkCondition[]): DirectedLinks {
  const keep = passes(conditions);
  const ends: number[] = [];
  const flags: (ChangeFlag | undefined)[] = [];
  for (const link of network.links.values()) {
    const from = network.nodes.get(link.fromId);
    const to = network.nodes.get(link.toId);
    if (!from || !to || !keep(link)) continue;
    ends.push(from.lng, from.lat, to.lng, to.lat);
    flags.push(shownFlag(link.flags));
  }
  return { ends: Float64Array.from(ends), flags };
}

/** Deleted links (drawn faded), at their nodes' places; a deleted node still has its place. */
export function deletedSegments(network: NetworkData): Segment[] {
  return segmentsFrom(network.deletedLinks.values(), (id) => network.nodes.get(id) ?? network.deletedNodes.get(id), () => true);
}

/** The given links one by one (selection, hover), without grouping; a deleted link where it was. */
export function segmentsOf(network: NetworkData, ids: readonly string[]): Segment[] {
  const segments: Segment[] = [];
  const node = (id: string) => network.nodes.get(id) ?? network.deletedNodes.get(id);
  for (const id of ids) {
    const link = network.links.get(id) ?? network.deletedLinks.get(id);
    const from = link && node(link.fromId);
    const to = link && node(link.toId);
    if (from && to) segments.push({ linkId: id, source: [from.lng, from.lat], target: [to.lng, to.lat] });
  }
  return segments;
}

const point = (node: NodeData): NodePoint => ({ nodeId: node.id, position: [node.lng, node.lat], flag: shownFlag(node.flags) });

export function allNodes(network: NetworkData): NodePoint[] {
  return [...network.nodes.values()].map(point);
}

/** Nodes drawn at every zoom: the changed ones, deleted ones included. */
export function flaggedNodes(network: NetworkData): NodePoint[] {
  const points: NodePoint[] = [];
  for (const node of network.nodes.values()) if (node.flags) points.push(point(node));
  for (const node of network.deletedNodes.values()) points.push(point(node));
  return points;
}

export function nodesOf(network: NetworkData, ids: readonly string[]): NodePoint[] {
  return ids.flatMap((id) => {
    const node = network.nodes.get(id);
    return node ? [point(node)] : [];
  });
}
