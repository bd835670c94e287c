/**
 * Add Link (spec 2 §2): clicks on nodes, or on the empty map for a new node, one after another; every click after
 * the first adds a link from the previous point (capacity 600, lanes 1, freespeed 13.89, car, length from the end
 * points, spec 2 §9). A new node and its link are one group, so one undo takes back one click. The first point on
 * the empty map becomes a node only with the second click: Escape right after it leaves nothing behind. Done ends
 * the chain; the draft shows it and a rubber band to the pointer.
 */
import { newLink, setNode, type NetworkData } from '@corridor/changesets';
import type { NetworkLeafModification, NetworkModification } from '@corridor/contract';
import type { Handler, MapPointerEvent } from '../../state/handler.ts';
import type { EditorStore } from '../../state/store.ts';
import type { LngLat } from '../../state/types.ts';
import { linkIdSource, newNodeId } from './ids.ts';
import { hoverPicked } from './select.ts';
import { DraftSession } from './session.ts';

/** The chain's last point: a node of the network, or a place that becomes a node with the next click. */
export type ChainEnd = { readonly nodeId: string; readonly at: LngLat } | { readonly nodeId?: undefined; readonly at: LngLat };

interface Chain {
  readonly points: readonly LngLat[];
  readonly end: ChainEnd;
}

/** Where a click puts the next point: on the node under the pointer, else at the pointer. */
export function chainPoint(network: NetworkData, event: Pick<MapPointerEvent, 'lngLat' | 'nodeId'>): ChainEnd {
  const node = event.nodeId ? network.nodes.get(event.nodeId) : undefined;
  return node ? { nodeId: node.id, at: [node.lng, node.lat] } : { at: event.lngLat };
}

/**
 * The modification joining the chain's end to the next point (new nodes added first), and the node the chain
 * then ends at; undefined when both are the same node.
 */
export function chainStep(network: NetworkData, end: ChainEnd, next: ChainEnd): { mod: NetworkModification; nodeId: string } | undefined {
  if (end.nodeId !== undefined && end.nodeId === next.nodeId) return undefined;
  const steps: NetworkLeafModification[] = [];
  let data = network;
  const resolve = (point: ChainEnd, taken: Set<string>): string => {
    if (point.nodeId !== undefined) return point.nodeId;
    const id = newNodeId(data, taken);
    const node = { id, lng: point.at[0], lat: point.at[1] };
    steps.push({ type: 'network/addNode', node });
    data = setNode(data, node);
    return id;
  };
  const fromId = resolve(end, new Set());
  const toId = resolve(next, new Set([fromId]));
  steps.push(newLink(data, { id: linkIdSource(data)(), fromId, toId }));
  return { mod: steps.length === 1 ? steps[0]! : { type: 'network/group', modifications: steps }, nodeId: toId };
}

const chains = new DraftSession<Chain>();

function draw(store: EditorStore, chain: Chain, pointer?: LngLat): void {
  chains.write(store, { points: pointer ? [...chain.points, pointer] : chain.points }, chain);
}

export const addLinkHandler: Handler = {
  tool: 'addLink',
  category: 'network',
  click(store, event) {
    const { network } = store.getState();
    const next = chainPoint(network, event);
    const chain = chains.read(store);
    if (!chain) return draw(store, { points: [next.at], end: next });
    const step = chainStep(network, chain.end, next);
    if (!step) return;
    const reason = store.perform(step.mod);
    if (reason) return console.warn(`Add link not possible: ${reason}`);
    draw(store, { points: [...chain.points, next.at], end: { nodeId: step.nodeId, at: next.at } });
  },
  move(store, event) {
    hoverPicked(store, event);
    const chain = chains.read(store);
    if (chain) draw(store, chain, chainPoint(store.getState().network, event).at);
  },
  done: (store) => chains.end(store),
  cancel: (store) => chains.end(store),
};
