/**
 * Add Node (spec 2 §2, §4): a click on the empty map adds a node there; a click on a link splits it (and every link
 * between the same two nodes) at the nearest point of the link: the halves copy the link's properties and get
 * length 0, as spec 2 §4 says for a link split by a newly added node. The new node is selected.
 */
import { linkOf, nodeOf, splitLink, type GraphReader } from '@corridor/changesets';
import type { NetworkModification, NetworkNode } from '@corridor/contract';
import type { Handler, MapPointerEvent } from '../../state/handler.ts';
import { nearestOnSegment } from './geometry.ts';
import { linkIdSource, newNodeId } from './ids.ts';
import { hoverPicked } from './select.ts';

/** The modification a click adds, and the new node's id. */
export function addNodeAt(graph: GraphReader, event: Pick<MapPointerEvent, 'lngLat' | 'linkId'>): { mod: NetworkModification; nodeId: string } {
  const id = newNodeId(graph);
  const link = event.linkId ? linkOf(graph, event.linkId) : undefined;
  const from = link && nodeOf(graph, link.fromId);
  const to = link && nodeOf(graph, link.toId);
  if (!link || !from || !to) return { mod: { type: 'network/addNode', node: { id, lng: event.lngLat[0], lat: event.lngLat[1] } }, nodeId: id };
  const [lng, lat] = nearestOnSegment([from.lng, from.lat], [to.lng, to.lat], event.lngLat);
  const node: NetworkNode = { id, lng, lat };
  const nextLinkId = linkIdSource(graph);
  const mod = splitLink(graph, { linkId: link.id, node, newLinkIds: () => [nextLinkId(), nextLinkId()], zeroLengths: true });
  return { mod, nodeId: id };
}

export const addNodeHandler: Handler = {
  tool: 'addNode',
  category: 'network',
  click(store, event) {
    // A node is there already: a split at it would give a half of no extent.
    if (event.nodeId) return;
    const { mod, nodeId } = addNodeAt(store.getState().graph, event);
    const reason = store.perform(mod);
    if (reason) console.warn(`Add node not possible: ${reason}`);
    else store.select({ type: 'network-links-and-nodes', links: [], nodes: [nodeId] });
  },
  move: hoverPicked,
};
