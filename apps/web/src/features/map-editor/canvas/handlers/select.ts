/**
 * Select (spec 2 §2): a click on a link selects the links between its two nodes (both directions share one line
 * on the map, so this is the only way to reach the hidden direction), a click on a node selects the node, a click
 * on nothing clears; Shift adds or removes. Backspace deletes the selection as one modification.
 */
import { linkOf, linksOfNode, LINK, NODE, type GraphReader } from '@corridor/changesets';
import type { NetworkLeafModification, NetworkModification } from '@corridor/contract';
import { deleteChecked } from '../../dialogs/linkUseGuard.ts';
import type { Handler, MapPointerEvent } from '../../state/handler.ts';
import type { EditorStore } from '../../state/store.ts';
import { NO_SELECTION, type Selection } from '../../state/types.ts';

type NetworkSelection = Extract<Selection, { type: 'network-links-and-nodes' }>;

/** The link and every other link between the same two nodes, either direction. */
export function linksOfPair(graph: GraphReader, linkId: string): string[] {
  const link = linkOf(graph, linkId);
  if (!link) return [];
  return linksOfNode(graph, link.fromId)
    .filter((other) => (other.fromId === link.fromId && other.toId === link.toId) || (other.fromId === link.toId && other.toId === link.fromId))
    .map((other) => other.id);
}

/** What a click picks: the node under the pointer before the link (nodes sit on the links' ends). */
export function pickedSelection(graph: GraphReader, event: MapPointerEvent): NetworkSelection | null {
  if (event.nodeId && graph.has(NODE, event.nodeId)) return { type: 'network-links-and-nodes', links: [], nodes: [event.nodeId] };
  if (event.linkId && graph.has(LINK, event.linkId)) return { type: 'network-links-and-nodes', links: linksOfPair(graph, event.linkId), nodes: [] };
  return null;
}

const toggle = (current: readonly string[], ids: readonly string[]): string[] =>
  ids.every((id) => current.includes(id)) ? current.filter((id) => !ids.includes(id)) : [...current, ...ids.filter((id) => !current.includes(id))];

/** Shift-click: the picked links or node join the selection, or leave it when all of them are in it already. */
export function toggledSelection(current: Selection, picked: NetworkSelection): Selection {
  if (current.type !== 'network-links-and-nodes') return picked;
  const links = toggle(current.links, picked.links);
  const nodes = toggle(current.nodes, picked.nodes);
  return links.length === 0 && nodes.length === 0 ? NO_SELECTION : { type: 'network-links-and-nodes', links, nodes };
}

/**
 * Deleting a selection: its links, then the selected nodes left without links (nodes are deleted only then,
 * spec 2 §4). One leaf or one group, so it undoes as one; undefined when nothing can go.
 */
export function deleteSelection(graph: GraphReader, selection: Selection): NetworkModification | undefined {
  if (selection.type !== 'network-links-and-nodes') return undefined;
  const gone = new Set(selection.links.filter((id) => graph.has(LINK, id)));
  const steps: NetworkLeafModification[] = [...gone].map((id) => ({ type: 'network/deleteLink', id }));
  const selectedNodes = new Set(selection.nodes.filter((id) => graph.has(NODE, id)));
  // A node stays linked while one of its links (from the index) is not deleted with it.
  const stillLinked = (id: string) => linksOfNode(graph, id).some((link) => !gone.has(link.id));
  for (const id of selectedNodes) if (!stillLinked(id)) steps.push({ type: 'network/deleteNode', id });
  if (steps.length === 0) return undefined;
  return steps.length === 1 ? steps[0] : { type: 'network/group', modifications: steps };
}

/** The link or node under the pointer is the hovered one (the map highlights it). */
export function hoverPicked(store: EditorStore, event: MapPointerEvent): void {
  store.hover(event.nodeId ? { nodeId: event.nodeId } : event.linkId ? { linkId: event.linkId } : {});
}

export const selectHandler: Handler = {
  tool: 'select',
  category: 'network',
  click(store, event) {
    const { graph, selection } = store.getState();
    const picked = pickedSelection(graph, event);
    if (event.shiftKey) {
      if (picked) store.select(toggledSelection(selection, picked));
      return;
    }
    store.select(picked ?? NO_SELECTION);
  },
  move: hoverPicked,
  delete(store) {
    const { graph, selection } = store.getState();
    const mod = deleteSelection(graph, selection);
    if (!mod) {
      // Only nodes that still have links: the attempt shows the user why nothing was deleted.
      if (selection.type === 'network-links-and-nodes' && selection.nodes[0]) store.perform({ type: 'network/deleteNode', id: selection.nodes[0] });
      return;
    }
    // Links the scenario's plans use are deleted only after the warning (issue 24).
    deleteChecked(store, mod, () => store.select(NO_SELECTION));
  },
};
