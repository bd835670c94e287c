/**
 * Add Link (spec 2 §2): clicks on nodes, or on the empty map for a new node, one after another; every click after
 * the first adds a link from the previous point (capacity 600, lanes 1, freespeed 13.89, car, length from the end
 * points, spec 2 §9). A new node and its link are one group, so one undo takes back one click. The first point on
 * the empty map becomes a node only with the second click: Escape right after it leaves nothing behind. Done, or a
 * second click on the chain's last node, ends the chain and selects the last link drawn (its panel opens for
 * editing); Escape ends it without selecting. The draft shows the chain and a rubber band to the pointer. Both ends
 * snap to a loaded node within SNAP_RADIUS_PX at every zoom; the node a click would join is ringed on the map.
 */
import { LINK, newLink, NODE, nodeOf, type GraphDraft, type GraphReader } from '@corridor/changesets';
import type { NetworkLeafModification, NetworkModification } from '@corridor/contract';
import type { Handler, MapPointerEvent } from '../../state/handler.ts';
import type { EditorStore } from '../../state/store.ts';
import type { LngLat } from '../../state/types.ts';
import { snapNode } from './geometry.ts';
import { linkIdSource, newNodeId } from './ids.ts';
import { DraftSession } from './session.ts';

/** The chain's last point: a node of the network, or a place that becomes a node with the next click. */
export type ChainEnd = { readonly nodeId: string; readonly at: LngLat } | { readonly nodeId?: undefined; readonly at: LngLat };

interface Chain {
  readonly points: readonly LngLat[];
  readonly end: ChainEnd;
  /** The link the last click added, selected when the chain ends. */
  readonly lastLinkId?: string;
}

/**
 * Where a click puts the next point: on the loaded node within SNAP_RADIUS_PX of the pointer (at every zoom, issue
 * 25), else the node the map picked, else at the pointer.
 */
export function chainPoint(graph: GraphReader, event: Pick<MapPointerEvent, 'lngLat' | 'nodeId' | 'degreesPerPixel'>): ChainEnd {
  const id = snapNode(graph, event.lngLat, event.degreesPerPixel) ?? event.nodeId;
  const node = id ? nodeOf(graph, id) : undefined;
  return node ? { nodeId: node.id, at: [node.lng, node.lat] } : { at: event.lngLat };
}

/**
 * The modification joining the chain's end to the next point (new nodes added first), and the node the chain
 * then ends at; undefined when both are the same node.
 */
export function chainStep(
  graph: GraphReader,
  end: ChainEnd,
  next: ChainEnd,
): { mod: NetworkModification; nodeId: string; linkId: string } | undefined {
  if (end.nodeId !== undefined && end.nodeId === next.nodeId) return undefined;
  let result: { mod: NetworkModification; nodeId: string; linkId: string } | undefined;
  // The new nodes are put on a scratch draft (dropped afterwards), so the link's length reads their places.
  graph.simulate((draft: GraphDraft) => {
    const steps: NetworkLeafModification[] = [];
    const resolve = (point: ChainEnd, taken: Set<string>): string => {
      if (point.nodeId !== undefined) return point.nodeId;
      const id = newNodeId(draft, taken);
      const node = { id, lng: point.at[0], lat: point.at[1] };
      steps.push({ type: 'network/addNode', node });
      draft.put(NODE, node);
      return id;
    };
    const fromId = resolve(end, new Set());
    const toId = resolve(next, new Set([fromId]));
    const linkId = linkIdSource(draft)();
    steps.push(newLink(draft, { id: linkId, fromId, toId }));
    result = { mod: steps.length === 1 ? steps[0]! : { type: 'network/group', modifications: steps }, nodeId: toId, linkId };
  });
  return result;
}

const chains = new DraftSession<Chain>();

function draw(store: EditorStore, chain: Chain, pointer?: LngLat): void {
  chains.write(store, { points: pointer ? [...chain.points, pointer] : chain.points }, chain);
}

/** Ends the chain; the last link drawn becomes the selection when `selectLast`. */
function finish(store: EditorStore, selectLast: boolean): void {
  const chain = chains.read(store);
  chains.end(store);
  if (selectLast && chain?.lastLinkId && store.getState().graph.has(LINK, chain.lastLinkId)) {
    store.select({ type: 'network-links-and-nodes', links: [chain.lastLinkId], nodes: [] });
  }
}

export const addLinkHandler: Handler = {
  tool: 'addLink',
  category: 'network',
  click(store, event) {
    const { graph } = store.getState();
    const next = chainPoint(graph, event);
    const chain = chains.read(store);
    if (!chain) return draw(store, { points: [next.at], end: next });
    const step = chainStep(graph, chain.end, next);
    // The chain's last node clicked again: the user is done with this chain.
    if (!step) return finish(store, true);
    const reason = store.perform(step.mod);
    if (reason) return console.warn(`Add link not possible: ${reason}`);
    draw(store, { points: [...chain.points, next.at], end: { nodeId: step.nodeId, at: next.at }, lastLinkId: step.linkId });
  },
  move(store, event) {
    // The node a click would join is the hovered one: the map rings it (the snap target).
    const next = chainPoint(store.getState().graph, event);
    store.hover(next.nodeId !== undefined ? { nodeId: next.nodeId } : event.linkId ? { linkId: event.linkId } : {});
    const chain = chains.read(store);
    if (chain) draw(store, chain, next.at);
  },
  done: (store) => finish(store, true),
  cancel: (store) => chains.end(store),
};
