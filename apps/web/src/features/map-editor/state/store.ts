/**
 * The editor's one store: history, loaded network, selection, tool, filters. Plain class with subscribe/getState
 * for useSyncExternalStore; every change makes a new state object. Selection, hover and camera never enter the
 * history (style habit 2). The network shown is recomputed from base + history when either changes wholesale
 * (undo, redo, open, new data loaded) and advanced by one apply on a push.
 */
import {
  afterSave,
  applyNetwork,
  disabledNetwork,
  isNetworkModification,
  newHistory,
  openChangeset,
  push,
  redo,
  refusalText,
  replace,
  replayNetworkSkipping,
  undo,
  type History,
  type NetworkData,
  type Refusal,
} from '@corridor/changesets';
import type { LinkAttribute, Modification, NetworkCondition, NetworkLink, NetworkNode, NetworkQueryAnswer } from '@corridor/contract';
import { fromAnswer } from '../model/answer.ts';
import { NO_SELECTION, type Draft, type EditorRefusal, type EditorState, type Selection, type ToolId } from './types.ts';

function emptyNetwork(): NetworkData {
  return { nodes: new Map(), links: new Map(), deletedNodes: new Map(), deletedLinks: new Map() };
}

/** The saved modifications, then the unsaved ones, each applied if it can be; the rest reported. */
export function replay(base: NetworkData, history: History): { network: NetworkData; errors: Refusal[] } {
  const saved = replayNetworkSkipping(base, history.saved, 'saved');
  const unsaved = replayNetworkSkipping(saved.network, history.unsaved, 'unsaved');
  return { network: unsaved.network, errors: [...saved.errors, ...unsaved.errors] };
}

export function initialState(history: History = newHistory()): EditorState {
  const base = emptyNetwork();
  return {
    history,
    base,
    network: base,
    applyErrors: [],
    selection: NO_SELECTION,
    hover: {},
    tool: 'select',
    editMode: true,
    filters: [],
    linkAttributes: [],
    exceedsLimit: false,
    draft: null,
    layers: { network: true, outline: true },
    refusal: null,
    flyTo: null,
  };
}

export class EditorStore {
  private state: EditorState;
  private readonly listeners = new Set<() => void>();
  private flySeq = 0;

  constructor(state: EditorState = initialState()) {
    this.state = state;
  }

  getState = (): EditorState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<EditorState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private withHistory(history: History, patch: Partial<EditorState> = {}): void {
    const { network, errors } = replay(this.state.base, history);
    this.set({ ...patch, history, network, applyErrors: errors });
  }

  /**
   * Applies one modification and records it. Answers the reason in English (for the console) when it cannot apply
   * (view mode, or the modification's own `disabled`, which is also kept as `refusal` for the map), else undefined.
   */
  perform(mod: Modification): string | undefined {
    if (!this.state.editMode) return 'view mode';
    if (!isNetworkModification(mod)) return this.refuse({ code: 'notNetwork', params: { type: mod.type } });
    const reason = disabledNetwork(this.state.network, mod);
    if (reason) return this.refuse(reason);
    this.set({ history: push(this.state.history, mod), network: applyNetwork(this.state.network, mod, 'unsaved'), refusal: null });
    return undefined;
  }

  private refuse(reason: EditorRefusal): string {
    this.set({ refusal: { seq: (this.state.refusal?.seq ?? 0) + 1, reason } });
    return reason.code === 'notNetwork' ? `not a network modification: ${reason.params.type}` : refusalText(reason);
  }

  dismissRefusal(): void {
    if (this.state.refusal) this.set({ refusal: null });
  }

  /** Swaps the last unsaved modification when `when` holds for it (refining one drag), else pushes. */
  performOrReplace(mod: Modification, when: (last: Modification) => boolean): string | undefined {
    const last = this.state.history.unsaved.at(-1);
    if (!last || !when(last)) return this.perform(mod);
    if (!this.state.editMode) return 'view mode';
    this.withHistory(replace(this.state.history, mod, when));
    return undefined;
  }

  undo(): void {
    this.withHistory(undo(this.state.history));
  }

  redo(): void {
    this.withHistory(redo(this.state.history));
  }

  /** A new changeset: everything cleared, id -1, named Untitled. */
  newChangeset(): void {
    this.withHistory(newHistory(), { selection: NO_SELECTION, draft: null });
  }

  /** Opens a saved changeset: its modifications as saved, the rest cleared. */
  open(changeset: { id: number; name: string; modifications: readonly Modification[] }): void {
    this.withHistory(openChangeset(changeset), { selection: NO_SELECTION, draft: null });
  }

  /** Unsaved modifications imported from JSON join the history as one push each. */
  importModifications(mods: readonly Modification[]): void {
    this.withHistory(mods.reduce(push, this.state.history));
  }

  /** After a save: the server's changeset becomes the saved state (an answer with id -1 starts fresh). */
  saved(answer: { id: number; name: string; modifications: readonly Modification[] }): void {
    this.withHistory(afterSave(answer));
  }

  rename(name: string): void {
    this.set({ history: { ...this.state.history, name } });
  }

  /** Adds what a query loaded to the base (known features stay as they are) and the answer's attribute list. */
  load(answer: NetworkQueryAnswer, viewport: boolean): void {
    const { nodes, links } = fromAnswer(answer);
    const patch: Partial<EditorState> = {
      linkAttributes: answer.link_attributes as LinkAttribute[],
      ...(viewport ? { exceedsLimit: answer.query_exceeds_limit } : {}),
    };
    const base = mergeBase(this.state.base, nodes, links);
    if (base === this.state.base) return this.set(patch);
    this.state = { ...this.state, base };
    this.withHistory(this.state.history, patch);
  }

  select(selection: Selection, options: { fly?: boolean } = {}): void {
    const fly = options.fly && selection.type === 'network-links-and-nodes';
    this.set({
      selection,
      ...(fly ? { flyTo: { seq: ++this.flySeq, linkId: selection.links[0], nodeId: selection.links.length === 0 ? selection.nodes[0] : undefined } } : {}),
    });
  }

  hover(hover: EditorState['hover']): void {
    if (hover.linkId === this.state.hover.linkId && hover.nodeId === this.state.hover.nodeId) return;
    this.set({ hover });
  }

  setTool(tool: ToolId): void {
    this.set({ tool, draft: null });
  }

  setDraft(draft: Draft | null): void {
    this.set({ draft });
  }

  setEditMode(editMode: boolean): void {
    this.set({ editMode, tool: 'select', draft: null });
  }

  setLayer(layer: keyof EditorState['layers'], on: boolean): void {
    this.set({ layers: { ...this.state.layers, [layer]: on } });
  }

  setFilters(filters: readonly NetworkCondition[]): void {
    this.set({ filters });
  }
}

function mergeBase(base: NetworkData, nodes: NetworkNode[], links: NetworkLink[]): NetworkData {
  const newNodes = nodes.filter((node) => !base.nodes.has(node.id));
  const newLinks = links.filter((link) => !base.links.has(link.id));
  if (newNodes.length === 0 && newLinks.length === 0) return base;
  const nodeMap = new Map(base.nodes);
  for (const node of newNodes) nodeMap.set(node.id, node);
  const linkMap = new Map(base.links);
  for (const link of newLinks) linkMap.set(link.id, link);
  return { ...base, nodes: nodeMap, links: linkMap };
}
