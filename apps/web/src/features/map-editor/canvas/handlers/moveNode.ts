/**
 * Move Node (spec 2 §2; style habit 3): dragging a node previews the new place in the draft (the node's links as
 * spokes from their other ends) and commits ONE `network/updateNode` on release; the attached links follow because
 * they refer to the node. Escape during the drag clears the draft, which ends the session: the release then
 * changes nothing.
 */
import { linksOfNode, type NetworkData } from '@corridor/changesets';
import type { Handler } from '../../state/handler.ts';
import type { EditorStore } from '../../state/store.ts';
import type { Draft, LngLat } from '../../state/types.ts';
import { hoverPicked } from './select.ts';
import { DraftSession } from './session.ts';

interface Drag {
  readonly nodeId: string;
  readonly start: LngLat;
  readonly at: LngLat;
}

/** The preview: a path from each neighbour to the node's new place and back, so every attached link shows. */
export function movePreview(network: NetworkData, nodeId: string, at: LngLat): Draft {
  const points: LngLat[] = [];
  for (const link of linksOfNode(network, nodeId)) {
    const other = network.nodes.get(link.fromId === nodeId ? link.toId : link.fromId);
    if (other) points.push([other.lng, other.lat], at);
  }
  return { points: points.length > 0 ? points : [at] };
}

const drags = new DraftSession<Drag>();

function preview(store: EditorStore, drag: Drag): void {
  drags.write(store, movePreview(store.getState().network, drag.nodeId, drag.at), drag);
}

export const moveNodeHandler: Handler = {
  tool: 'moveNode',
  category: 'network',
  move: hoverPicked,
  dragStart(store, event) {
    const { network, editMode } = store.getState();
    const node = event.nodeId ? network.nodes.get(event.nodeId) : undefined;
    if (!node || !editMode) return false;
    preview(store, { nodeId: node.id, start: [node.lng, node.lat], at: [node.lng, node.lat] });
    return true;
  },
  drag(store, event) {
    const drag = drags.read(store);
    if (drag) preview(store, { ...drag, at: event.lngLat });
  },
  dragEnd(store, event) {
    const drag = drags.read(store);
    if (!drag) return;
    drags.end(store);
    const [lng, lat] = event.lngLat;
    if (lng === drag.start[0] && lat === drag.start[1]) return;
    const reason = store.perform({ type: 'network/updateNode', id: drag.nodeId, lng, lat });
    if (reason) console.warn(`Move node not possible: ${reason}`);
  },
  cancel: (store) => drags.end(store),
};
