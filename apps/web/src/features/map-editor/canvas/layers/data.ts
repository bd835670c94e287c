/**
 * What the deck.gl layers draw, built from the shown graph and the saved one (memoised by the caller on the graph,
 * the saved graph, the data revision and the filters). Links between the same two nodes are one segment, as in the
 * server's answer: both directions would otherwise lie on top of each other. Only links whose two nodes are known
 * are drawn. Change flags are computed for the entities edits changed only; everything else is read straight from
 * the base. The link segments of the base are built once per load and filter (`baseSegments`); an edit then
 * rebuilds only the node pairs its changed links and nodes touch (`linkSegments`), plus one copy of the list.
 * With `calculateDiff` off (spec 2 §4, the default) only unsaved edits are marked: the saved changeset's changes are
 * applied (the network is the same) but drawn like the rest, and its deletions are not drawn.
 */
import { changeFlags, deletedEntities, LINK, LINKS_OF_NODE, linksOfNode, NODE, nodeOf, type ChangeFlag, type ChangeFlags, type GraphBase, type GraphReader } from '@corridor/changesets';
import type { NetworkCondition, NetworkLink, NetworkNode } from '@corridor/contract';
import { shownLink, shownNode } from '../../state/network.ts';
import type { Drawn, LngLat } from '../../state/types.ts';
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
/** With calculateDiff off: the unsaved flags only. */
const UNSAVED_ORDER: readonly ChangeFlag[] = FLAG_ORDER.slice(0, 3);

/** The flag a feature is drawn with; with `calculateDiff` false the saved flags are not drawn. */
export function shownFlag(flags: ChangeFlags | undefined, calculateDiff = true): ChangeFlag | undefined {
  return flags ? (calculateDiff ? FLAG_ORDER : UNSAVED_ORDER).find((flag) => flags[flag]) : undefined;
}

/** The drawn flag of a changed entity. */
const drawnFlag = (shown: Drawn, kind: string, id: string) => shownFlag(changeFlags(kind, id, shown.saved, shown.graph), shown.calculateDiff);

const rank = (flag: ChangeFlag | undefined) => (flag ? FLAG_ORDER.indexOf(flag) : FLAG_ORDER.length);

/** The changed entities of a kind as a plain map (null: deleted), read once per build. */
function changedOf<T>(graph: GraphReader, kind: string): Map<string, T | null> {
  return new Map(graph.changedEntities<T & { id: string }>(kind));
}

/** The live links and nodes of the shown graph, with the changed ones' shown flag: base first, then the added ones. */
function liveNetwork(shown: Drawn) {
  const { graph } = shown;
  const changedNodes = changedOf<NetworkNode>(graph, NODE);
  const changedLinks = changedOf<NetworkLink>(graph, LINK);
  const node = (id: string): NetworkNode | undefined => {
    const changed = changedNodes.get(id);
    if (changed !== undefined) return changed ?? undefined;
    return graph.base.get(NODE, id) as NetworkNode | undefined;
  };
  function* links(): Generator<[NetworkLink, ChangeFlag | undefined]> {
    for (const entity of graph.base.values(LINK)) {
      const changed = changedLinks.get(entity.id);
      if (changed === undefined) yield [entity as NetworkLink, undefined];
      else if (changed) yield [changed, drawnFlag(shown, LINK, changed.id)];
    }
    for (const [id, changed] of changedLinks) {
      if (changed && !graph.base.has(LINK, id)) yield [changed, drawnFlag(shown, LINK, id)];
    }
  }
  return { node, links };
}

const pairKey = (link: NetworkLink) => (link.fromId < link.toId ? `${link.fromId}\u0000${link.toId}` : `${link.toId}\u0000${link.fromId}`);

type NodeLookup = (id: string) => NetworkNode | undefined;

function segmentMap(links: Iterable<[NetworkLink, ChangeFlag | undefined]>, node: NodeLookup, keep: (link: NetworkLink, flag: ChangeFlag | undefined) => boolean): Map<string, Segment> {
  const pairs = new Map<string, Segment>();
  for (const [link, flag] of links) {
    if (!keep(link, flag)) continue;
    const from = node(link.fromId);
    const to = node(link.toId);
    if (!from || !to) continue;
    const key = pairKey(link);
    const known = pairs.get(key);
    if (known && rank(known.flag) <= rank(flag)) continue;
    pairs.set(key, { linkId: known?.linkId ?? link.id, source: [from.lng, from.lat], target: [to.lng, to.lat], flag });
  }
  return pairs;
}

const segmentsFrom = (...args: Parameters<typeof segmentMap>): Segment[] => [...segmentMap(...args).values()];

/** Changed links always pass the filter, so an edit never vanishes behind it. */
function passes(conditions: readonly NetworkCondition[]): (link: NetworkLink, flag: ChangeFlag | undefined) => boolean {
  return conditions.length === 0 ? () => true : (link, flag) => flag !== undefined || matchesConditions(link, conditions);
}

/** The base's link segments by node pair (as loaded, no edits): built once per load and filter. */
export interface BaseSegments {
  readonly byPair: ReadonlyMap<string, Segment>;
}

export function baseSegments(base: GraphBase, conditions: readonly NetworkCondition[]): BaseSegments {
  function* links(): Generator<[NetworkLink, undefined]> {
    for (const link of base.values(LINK)) yield [link as NetworkLink, undefined];
  }
  return { byPair: segmentMap(links(), (id) => base.get(NODE, id) as NetworkNode | undefined, passes(conditions)) };
}

/**
 * Live links that pass the filter: the base's segments, with the node pairs the edits touched (a changed link's
 * pair before and after, every pair at a changed node) built again from the graph; those come last (drawn on top).
 */
export function linkSegments(shown: Drawn, conditions: readonly NetworkCondition[], fromBase: BaseSegments = baseSegments(shown.graph.base, conditions)): Segment[] {
  const { graph } = shown;
  const touched = new Map<string, readonly [string, string]>();
  const touch = (link: NetworkLink | undefined) => {
    if (link) touched.set(pairKey(link), [link.fromId, link.toId]);
  };
  for (const [id, now] of graph.changedEntities<NetworkLink>(LINK)) {
    touch(now ?? undefined);
    touch(graph.base.get(LINK, id) as NetworkLink | undefined);
  }
  for (const [id] of graph.changedEntities(NODE)) {
    for (const linkId of graph.base.referrers(LINKS_OF_NODE.name, id)) touch(graph.base.get(LINK, linkId) as NetworkLink | undefined);
    for (const link of linksOfNode(graph, id)) touch(link);
  }
  if (touched.size === 0) return [...fromBase.byPair.values()];
  const segments: Segment[] = [];
  for (const [key, segment] of fromBase.byPair) if (!touched.has(key)) segments.push(segment);
  const keep = passes(conditions);
  const flagOf = (link: NetworkLink) => (graph.changed(LINK, link.id) ? drawnFlag(shown, LINK, link.id) : undefined);
  for (const [key, [a, b]] of touched) {
    const pair = linksOfNode(graph, a).filter((link) => (link.fromId === a && link.toId === b) || (link.fromId === b && link.toId === a));
    const segment = segmentMap(
      pair.map((link): [NetworkLink, ChangeFlag | undefined] => [link, flagOf(link)]),
      (id) => nodeOf(graph, id),
      keep,
    ).get(key);
    if (segment) segments.push(segment);
  }
  return segments;
}

export interface DirectedLinks {
  /** from lon, from lat, to lon, to lat per link (the form `arrowPlacements` takes). */
  readonly ends: Float64Array;
  readonly flags: readonly (ChangeFlag | undefined)[];
}

/** Each drawn live link on its own (both directions of a pair), for the direction arrows. */
export function directedLinks(shown: Drawn, conditions: readonly NetworkCondition[]): DirectedLinks {
  const keep = passes(conditions);
  const { node, links } = liveNetwork(shown);
  const ends: number[] = [];
  const flags: (ChangeFlag | undefined)[] = [];
  for (const [link, flag] of links()) {
    const from = node(link.fromId);
    const to = node(link.toId);
    if (!from || !to || !keep(link, flag)) continue;
    ends.push(from.lng, from.lat, to.lng, to.lat);
    flags.push(flag);
  }
  return { ends: Float64Array.from(ends), flags };
}

/** Deleted links (drawn faded), at their nodes' places; a deleted node still has its place. Saved deletions only with calculateDiff. */
export function deletedSegments(shown: Drawn): Segment[] {
  const deleted = function* (): Generator<[NetworkLink, ChangeFlag | undefined]> {
    for (const { entity, flags } of deletedEntities<NetworkLink>(LINK, shown.saved, shown.graph)) {
      const flag = shownFlag(flags, shown.calculateDiff);
      if (flag) yield [entity, flag];
    }
  };
  return segmentsFrom(deleted(), (id) => shownNode(shown.graph, id), () => true);
}

/** The given links one by one (selection, hover), without grouping; a deleted link where it was. */
export function segmentsOf(graph: GraphReader, ids: readonly string[]): Segment[] {
  const segments: Segment[] = [];
  for (const id of ids) {
    const link = shownLink(graph, id);
    const from = link && shownNode(graph, link.fromId);
    const to = link && shownNode(graph, link.toId);
    if (from && to) segments.push({ linkId: id, source: [from.lng, from.lat], target: [to.lng, to.lat] });
  }
  return segments;
}

const point = (node: NetworkNode, flag?: ChangeFlag): NodePoint => ({ nodeId: node.id, position: [node.lng, node.lat], flag });

/** Every live node (drawn from NODE_ZOOM on). */
export function allNodes(shown: Drawn): NodePoint[] {
  const { graph } = shown;
  const changed = changedOf<NetworkNode>(graph, NODE);
  const points: NodePoint[] = [];
  for (const entity of graph.base.values(NODE)) {
    const now = changed.get(entity.id);
    if (now === undefined) points.push(point(entity as NetworkNode));
    else if (now) points.push(point(now, drawnFlag(shown, NODE, now.id)));
  }
  for (const [id, now] of changed) if (now && !graph.base.has(NODE, id)) points.push(point(now, drawnFlag(shown, NODE, id)));
  return points;
}

/** Nodes drawn at every zoom: the changed ones that are marked, deleted ones included. */
export function flaggedNodes(shown: Drawn): NodePoint[] {
  const points: NodePoint[] = [];
  for (const [id, now] of shown.graph.changedEntities<NetworkNode>(NODE)) {
    const flag = now ? drawnFlag(shown, NODE, id) : undefined;
    if (now && flag) points.push(point(now, flag));
  }
  for (const { entity, flags } of deletedEntities<NetworkNode>(NODE, shown.saved, shown.graph)) {
    const flag = shownFlag(flags, shown.calculateDiff);
    if (flag) points.push(point(entity, flag));
  }
  return points;
}

/** The given live nodes with their flags. */
export function nodesOf(shown: Drawn, ids: readonly string[]): NodePoint[] {
  return ids.flatMap((id) => {
    const node = shown.graph.get<NetworkNode>(NODE, id);
    return node ? [point(node, drawnFlag(shown, NODE, id))] : [];
  });
}
