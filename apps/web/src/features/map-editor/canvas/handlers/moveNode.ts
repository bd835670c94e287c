/**
 * Move Node (spec 2 §2; style habit 3): dragging a node previews the new place in the draft (the node's links as
 * spokes from their other ends) and commits ONE `network/updateNode` on release; the attached links follow because
 * they refer to the node. The node moves by how far the pointer moved since the press, so grabbing it a few
 * pixels off its centre does not make it jump, and a press without movement changes nothing. Escape during the
 * drag clears the draft, which ends the session: the release then changes nothing.
 */
import { linksOfNode, nodeOf, type GraphReader } from '@corridor/changesets';
import type { Handler } from '../../state/handler.ts';
import type { EditorStore } from '../../state/store.ts';
import type { Draft, LngLat } from '../../state/types.ts';
import { hoverPicked } from './select.ts';
import { DraftSession } from './session.ts';

interface Drag {
  readonly nodeId: string;
  /** The node's place when the drag started. */
  readonly start: LngLat;
  /** Where the pointer pressed. */
  readonly press: LngLat;
  /** The node's place now. */
  readonly at: LngLat;
}

/** The node's place for the pointer at `pointer`: its start moved by the pointer's way since the press. */
const placeFor = (drag: Drag, pointer: LngLat): LngLat => [drag.start[0] + pointer[0] - drag.press[0], drag.start[1] + pointer[1] - drag.press[1]];

/** The preview: a path from each neighbour to the node's new place and back, so every attached link shows. */
export function movePreview(graph: GraphReader, nodeId: string, at: LngLat): Draft {
  const points: LngLat[] = [];
  for (const link of linksOfNode(graph, nodeId)) {
    const other = nodeOf(graph, link.fromId === nodeId ? link.toId : link.fromId);
    if (other) points.push([other.lng, other.lat], at);
  }
  return { points: points.length > 0 ? points : [at] };
}

const drags = new DraftSession<Drag>();

function preview(store: EditorStore, drag: Drag): void {
  drags.write(store, movePreview(store.getState().graph, drag.nodeId, drag.at), drag);
}

export const moveNodeHandler: Handler = {
  tool: 'moveNode',
  category: 'network',
  move: hoverPicked,
  dragStart(store, event) {
    const { graph, editMode } = store.getState();
    const node = event.nodeId ? nodeOf(graph, event.nodeId) : undefined;
    if (!node || !editMode) return false;
    preview(store, { nodeId: node.id, start: [node.lng, node.lat], press: event.lngLat, at: [node.lng, node.lat] });
    return true;
  },
  drag(store, event) {
    const drag = drags.read(store);
    if (drag) preview(store, { ...drag, at: placeFor(drag, event.lngLat) });
  },
  dragEnd(store, event) {
    const drag = drags.read(store);
    if (!drag) return;
    drags.end(store);
    if (event.lngLat[0] === drag.press[0] && event.lngLat[1] === drag.press[1]) return;
    const [lng, lat] = placeFor(drag, event.lngLat);
    const reason = store.perform({ type: 'network/updateNode', id: drag.nodeId, lng, lat });
    if (reason) console.warn(`Move node not possible: ${reason}`);
  },
  cancel: (store) => drags.end(store),
};
