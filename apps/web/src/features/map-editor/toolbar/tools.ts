/**
 * The toolbar's tools and commands (spec 2 §2 "Toolbar"), as objects shared by the buttons and the keyboard
 * shortcuts (style habit 4): `available` says whether it is offered at all, `disabled` answers the reason (a
 * catalogue key under `editor:`) why it cannot run now, `perform` runs it. Texts are catalogue keys so this file
 * stays free of React and i18next.
 */
import { canRedo, canUndo } from '@corridor/changesets';
import type { ParseKeys } from 'i18next';
import { handlerFor } from '../canvas/handlers/index.ts';
import type { EditorStore } from '../state/store.ts';
import type { EditorState, ToolId } from '../state/types.ts';
import { matchesKey, type KeyPress } from './keys.ts';

/** A key of the editor's catalogue (checked by the compiler). */
export type EditorText = ParseKeys<'editor'>;

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

/**
 * The edit groups of the group selector. Only Network exists today; Public Transport (Shift+T) and DRT (Shift+D)
 * join this list with their tools, each offered only while its edit mode is on.
 */
export type GroupId = 'network';

export interface GroupTool extends Tool {
  readonly id: GroupId;
}

const VIEW_MODE: EditorText = 'toolbar.reasons.viewMode';
const always = () => true;
const never = () => undefined;
/** Tools and commands that change data are off in view mode (spec 2 §2: view mode has no such tools). */
const needsEditMode = (state: EditorState) => (state.editMode ? undefined : VIEW_MODE);

/** The group whose tools the toolbar shows: every tool today is a network tool. */
export function activeGroup(_state: EditorState): GroupId {
  return 'network';
}

export const GROUPS: readonly GroupTool[] = [
  {
    id: 'network',
    label: 'toolbar.groups.network',
    keys: ['Shift+N'],
    available: (state) => state.editMode,
    disabled: never,
    // A group's default handler is its select (spec 2 §2 "Map handlers").
    perform: (store) => store.setTool('select'),
  },
];

function modeTool(id: ToolId, key: string, changesData: boolean): ModeTool {
  return {
    id,
    label: `toolbar.tools.${id}`,
    keys: [key],
    available: (state) => activeGroup(state) === 'network',
    disabled: changesData ? needsEditMode : never,
    perform: (store) => store.setTool(id),
  };
}

/** Network tools in toolbar order (spec 2 §2). Select and Lasso only select, so they work in view mode too. */
export const NETWORK_TOOLS: readonly ModeTool[] = [
  modeTool('select', 'V', false),
  modeTool('addNode', 'N', true),
  modeTool('addLink', 'L', true),
  modeTool('moveNode', 'M', true),
  modeTool('lasso', 'O', false),
];

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
    handlerFor(store.getState().tool).cancel?.(store);
    store.setTool('select');
  },
};

/** Done: finishes the link being drawn (shown once it has a point). */
export const DONE: Tool = {
  id: 'done',
  label: 'toolbar.commands.done',
  keys: [],
  available: (state) => state.tool === 'addLink' && (state.draft?.points.length ?? 0) >= 1,
  disabled: needsEditMode,
  perform: (store) => handlerFor('addLink').done?.(store),
};

/** Reset: starts the lasso being drawn over. */
export const RESET: Tool = {
  id: 'reset',
  label: 'toolbar.commands.reset',
  keys: [],
  available: (state) => state.tool === 'lasso' && state.draft !== null,
  disabled: never,
  perform: (store) => handlerFor('lasso').reset?.(store),
};

/** Everything a key can run, in matching order. */
export const SHORTCUT_TOOLS: readonly Tool[] = [...GROUPS, ...NETWORK_TOOLS, UNDO, REDO, DELETE, CANCEL, DONE, RESET];

/** The available tool a key press names, if any (it may still be disabled). */
export function toolForKey(press: KeyPress, state: EditorState, mac: boolean, tools: readonly Tool[] = SHORTCUT_TOOLS): Tool | undefined {
  return tools.find((tool) => tool.keys.some((combo) => matchesKey(press, combo, mac)) && tool.available(state));
}
