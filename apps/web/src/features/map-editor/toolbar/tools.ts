/**
 * The toolbar's tools and commands (spec 2 §2 "Toolbar"), as objects shared by the buttons and the keyboard
 * shortcuts (style habit 4): `available` says whether it is offered at all, `disabled` answers the reason (a
 * catalogue key under `editor:`) why it cannot run now, `perform` runs it. Texts are catalogue keys. The groups and
 * their tools are built from the edit groups' registry (groups/), so a new group's tools appear without edits here.
 */
import { canRedo, canUndo } from '@corridor/changesets';
import { handlerFor } from '../canvas/handlers/index.ts';
import { EDITOR_GROUPS } from '../groups/index.ts';
import type { EditGroup, EditorText, GroupId, GroupRegistry } from '../groups/registry.ts';
import type { EditorStore } from '../state/store.ts';
import type { EditorState, ToolId } from '../state/types.ts';
import { matchesKey, type KeyPress } from './keys.ts';

export type { EditorText, GroupId } from '../groups/registry.ts';

export interface Tool {
  readonly id: string;
  /** Catalogue key of the label; the button's accessible name and tooltip. */
  readonly label: EditorText;
  /** Key combinations (see keys.ts); the first is shown in the tooltip. */
  readonly keys: readonly string[];
  available(state: EditorState): boolean;
  /** Catalogue key of the reason it cannot run now, or undefined. */
  disabled(state: EditorState): EditorText | undefined;
  perform(store: EditorStore): void;
}

/** A tool that is a map mode (one handler): its button shows pressed while it is the active tool. */
export interface ModeTool extends Tool {
  readonly id: ToolId;
}

/** An edit group of the group selector (groups/): Network now, Public Transport and DRT once registered. */
export interface GroupTool extends Tool {
  readonly id: GroupId;
}

const VIEW_MODE: EditorText = 'toolbar.reasons.viewMode';
const always = () => true;
const never = () => undefined;
/** Tools and commands that change data are off in view mode (spec 2 §2: view mode has no such tools). */
const needsEditMode = (state: EditorState) => (state.editMode ? undefined : VIEW_MODE);

/** The group whose tools the toolbar shows: the active tool's (groups/registry.ts). */
export function activeGroup(state: EditorState, registry: GroupRegistry = EDITOR_GROUPS): GroupId | undefined {
  return registry.activeGroup(state)?.id;
}

/** The group selector's entries: each offered while its edit mode is on; choosing one starts in its select handler. */
export function groupTools(registry: GroupRegistry = EDITOR_GROUPS): GroupTool[] {
  return registry.groups.map((group) => ({
    id: group.id,
    label: group.label,
    keys: group.keys,
    available: (state) => group.available(state),
    disabled: never,
    perform: (store) => store.setTool(registry.toolForGroup(group.id)),
  }));
}

/** A group's tools in toolbar order, offered while the group is the active one; those that change data need edit mode. */
export function modeTools(group: EditGroup, registry: GroupRegistry = EDITOR_GROUPS): ModeTool[] {
  return group.tools.filter((tool) => tool.toolbar !== false).map((tool) => ({
    id: tool.id,
    label: tool.label,
    keys: tool.keys,
    available: (state) => registry.activeGroup(state) === group,
    disabled: tool.changesData ? needsEditMode : never,
    perform: (store) => store.setTool(tool.id),
  }));
}

export const GROUPS: readonly GroupTool[] = groupTools();

/** Every group's tools, by group (the toolbar shows the active group's). */
export const GROUP_MODE_TOOLS: ReadonlyMap<GroupId, readonly ModeTool[]> = new Map(EDITOR_GROUPS.groups.map((group) => [group.id, modeTools(group)]));

/** Network tools in toolbar order (spec 2 §2). Select and Lasso only select, so they work in view mode too. */
export const NETWORK_TOOLS: readonly ModeTool[] = GROUP_MODE_TOOLS.get('network') ?? [];

export const UNDO: Tool = {
  id: 'undo',
  label: 'toolbar.commands.undo',
  keys: ['Mod+Z'],
  available: always,
  disabled: (state) => needsEditMode(state) ?? (canUndo(state.history) ? undefined : 'toolbar.reasons.nothingToUndo'),
  perform: (store) => store.undo(),
};

export const REDO: Tool = {
  id: 'redo',
  label: 'toolbar.commands.redo',
  keys: ['Shift+Mod+Z'],
  available: always,
  disabled: (state) => needsEditMode(state) ?? (canRedo(state.history) ? undefined : 'toolbar.reasons.nothingToRedo'),
  perform: (store) => store.redo(),
};

/** Backspace on the map runs the active handler's delete (spec 2 §2); Delete does the same for PC keyboards. */
export const DELETE: Tool = {
  id: 'delete',
  label: 'toolbar.commands.delete',
  keys: ['Backspace', 'Delete'],
  available: (state) => handlerFor(state.tool).delete !== undefined,
  disabled: needsEditMode,
  perform: (store) => handlerFor(store.getState().tool).delete?.(store),
};

/** Escape drops what the active handler is drawing and returns to Select (spec 2 §2). */
export const CANCEL: Tool = {
  id: 'cancel',
  label: 'toolbar.commands.cancel',
  keys: ['Escape'],
  available: always,
  disabled: never,
  perform: (store) => {
    const { tool } = store.getState();
    handlerFor(tool).cancel?.(store);
    store.setTool(EDITOR_GROUPS.selectToolOf(tool));
  },
};

/** Done: finishes what the active tool draws, when it says so (the network's Add Link once the link has a point). */
export const DONE: Tool = {
  id: 'done',
  label: 'toolbar.commands.done',
  keys: [],
  available: (state) => EDITOR_GROUPS.tool(state.tool)?.offersDone?.(state) ?? false,
  disabled: needsEditMode,
  perform: (store) => handlerFor(store.getState().tool).done?.(store),
};

/** Reset: starts over what the active tool draws, when it says so (the network's Lasso while drawn). */
export const RESET: Tool = {
  id: 'reset',
  label: 'toolbar.commands.reset',
  keys: [],
  available: (state) => EDITOR_GROUPS.tool(state.tool)?.offersReset?.(state) ?? false,
  disabled: never,
  perform: (store) => handlerFor(store.getState().tool).reset?.(store),
};

/** Everything a key can run, in matching order. */
export const SHORTCUT_TOOLS: readonly Tool[] = [...GROUPS, ...[...GROUP_MODE_TOOLS.values()].flat(), UNDO, REDO, DELETE, CANCEL, DONE, RESET];

/** The available tool a key press names, if any (it may still be disabled). */
export function toolForKey(press: KeyPress, state: EditorState, mac: boolean, tools: readonly Tool[] = SHORTCUT_TOOLS): Tool | undefined {
  return tools.find((tool) => tool.keys.some((combo) => matchesKey(press, combo, mac)) && tool.available(state));
}
