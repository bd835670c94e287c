import { NODE } from '@corridor/changesets';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Handler } from '../state/handler.ts';
import { EditorStore } from '../state/store.ts';
import type { ToolId } from '../state/types.ts';
import { formatKey, isMacPlatform, matchesKey, type KeyPress } from './keys.ts';
import { CANCEL, DELETE, DONE, GROUPS, NETWORK_TOOLS, REDO, RESET, UNDO, toolForKey } from './tools.ts';

// The handlers are another area's; here only that the toolbar calls the active one is checked.
const calls: string[] = [];
vi.mock('../canvas/handlers/index.ts', () => ({
  handlerFor: (tool: ToolId): Handler => ({
    tool,
    category: 'network',
    ...(tool === 'select' ? { delete: () => void calls.push(`delete:${tool}`) } : {}),
    cancel: () => void calls.push(`cancel:${tool}`),
    done: () => void calls.push(`done:${tool}`),
    reset: () => void calls.push(`reset:${tool}`),
  }),
}));

const press = (key: string, modifiers: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

const node = { type: 'network/addNode', node: { id: 'n1', lng: 8.5, lat: 47.4 } } as const;

let store: EditorStore;
beforeEach(() => {
  store = new EditorStore();
  calls.length = 0;
});

describe('network tools', () => {
  it('are Select V, Add Node N, Add Link L, Move Node M, Lasso O, each switching the map tool', () => {
    expect(NETWORK_TOOLS.map((tool) => [tool.id, tool.label, tool.keys])).toEqual([
      ['select', 'toolbar.tools.select', ['V']],
      ['addNode', 'toolbar.tools.addNode', ['N']],
      ['addLink', 'toolbar.tools.addLink', ['L']],
      ['moveNode', 'toolbar.tools.moveNode', ['M']],
      ['lasso', 'toolbar.tools.lasso', ['O']],
    ]);
    for (const tool of NETWORK_TOOLS) {
      expect(tool.available(store.getState())).toBe(true);
      tool.perform(store);
      expect(store.getState().tool).toBe(tool.id);
    }
  });

  it('that change data are disabled in view mode with a reason; Select and Lasso stay', () => {
    expect(NETWORK_TOOLS.map((tool) => tool.disabled(store.getState()))).toEqual([undefined, undefined, undefined, undefined, undefined]);
    store.setEditMode(false);
    const reasons = Object.fromEntries(NETWORK_TOOLS.map((tool) => [tool.id, tool.disabled(store.getState())]));
    expect(reasons).toEqual({
      select: undefined,
      addNode: 'toolbar.reasons.viewMode',
      addLink: 'toolbar.reasons.viewMode',
      moveNode: 'toolbar.reasons.viewMode',
      lasso: undefined,
    });
  });
});

describe('groups', () => {
  it('offer Network (Shift+N) only while edit mode is on; choosing it returns to Select', () => {
    const [network] = GROUPS;
    expect(network?.keys).toEqual(['Shift+N']);
    store.setTool('addLink');
    network?.perform(store);
    expect(store.getState().tool).toBe('select');
    store.setEditMode(false);
    expect(network?.available(store.getState())).toBe(false);
  });
});

describe('commands', () => {
  it('undo and redo are disabled without anything to undo or redo, and in view mode', () => {
    expect(UNDO.disabled(store.getState())).toBe('toolbar.reasons.nothingToUndo');
    expect(REDO.disabled(store.getState())).toBe('toolbar.reasons.nothingToRedo');
    expect(store.perform(node)).toBeUndefined();
    expect(UNDO.disabled(store.getState())).toBeUndefined();
    UNDO.perform(store);
    expect(store.getState().graph.has(NODE, 'n1')).toBe(false);
    expect(REDO.disabled(store.getState())).toBeUndefined();
    REDO.perform(store);
    expect(store.getState().graph.has(NODE, 'n1')).toBe(true);
    store.setEditMode(false);
    expect(UNDO.disabled(store.getState())).toBe('toolbar.reasons.viewMode');
  });

  it('Delete runs the active handler’s delete, offered only when the handler has one', () => {
    expect(DELETE.available(store.getState())).toBe(true);
    DELETE.perform(store);
    expect(calls).toEqual(['delete:select']);
    store.setTool('addNode');
    expect(DELETE.available(store.getState())).toBe(false);
    store.setTool('select');
    store.setEditMode(false);
    expect(DELETE.disabled(store.getState())).toBe('toolbar.reasons.viewMode');
  });

  it('Escape cancels the active handler, then returns to Select without a draft', () => {
    store.setTool('addLink');
    store.setDraft({ points: [[8.5, 47.4]] });
    CANCEL.perform(store);
    expect(calls).toEqual(['cancel:addLink']);
    expect(store.getState()).toMatchObject({ tool: 'select', draft: null });
  });

  it('Done is offered while a link being drawn has a point, Reset while a lasso is drawn', () => {
    store.setTool('addLink');
    expect(DONE.available(store.getState())).toBe(false);
    store.setDraft({ points: [] });
    expect(DONE.available(store.getState())).toBe(false);
    store.setDraft({ points: [[8.5, 47.4]] });
    expect(DONE.available(store.getState())).toBe(true);
    expect(RESET.available(store.getState())).toBe(false);
    DONE.perform(store);
    store.setTool('lasso');
    expect(RESET.available(store.getState())).toBe(false);
    store.setDraft({ points: [[8.5, 47.4]] });
    expect(RESET.available(store.getState())).toBe(true);
    expect(DONE.available(store.getState())).toBe(false);
    RESET.perform(store);
    expect(calls).toEqual(['done:addLink', 'reset:lasso']);
  });
});

describe('keys', () => {
  it('match letters case-insensitively and only without other modifiers', () => {
    expect(matchesKey(press('v'), 'V', false)).toBe(true);
    expect(matchesKey(press('V'), 'V', false)).toBe(true);
    expect(matchesKey(press('v', { ctrlKey: true }), 'V', false)).toBe(false);
    expect(matchesKey(press('v', { metaKey: true }), 'V', true)).toBe(false);
    expect(matchesKey(press('v', { altKey: true }), 'V', false)).toBe(false);
    expect(matchesKey(press('N', { shiftKey: true }), 'N', false)).toBe(false);
    expect(matchesKey(press('N', { shiftKey: true }), 'Shift+N', false)).toBe(true);
  });

  it('Mod is Meta on macOS and Ctrl elsewhere', () => {
    expect(matchesKey(press('z', { metaKey: true }), 'Mod+Z', true)).toBe(true);
    expect(matchesKey(press('z', { ctrlKey: true }), 'Mod+Z', true)).toBe(false);
    expect(matchesKey(press('z', { ctrlKey: true }), 'Mod+Z', false)).toBe(true);
    expect(matchesKey(press('z', { metaKey: true }), 'Mod+Z', false)).toBe(false);
    expect(matchesKey(press('z', { ctrlKey: true, metaKey: true }), 'Mod+Z', false)).toBe(false);
  });

  it('find the tool: Shift makes redo, letters pick tools, Shift+N the Network group', () => {
    const state = () => store.getState();
    expect(toolForKey(press('z', { metaKey: true }), state(), true)).toBe(UNDO);
    expect(toolForKey(press('Z', { metaKey: true, shiftKey: true }), state(), true)).toBe(REDO);
    expect(toolForKey(press('Z', { ctrlKey: true, shiftKey: true }), state(), false)).toBe(REDO);
    expect(toolForKey(press('z', { ctrlKey: true }), state(), true)).toBeUndefined();
    expect(toolForKey(press('n'), state(), false)?.id).toBe('addNode');
    expect(toolForKey(press('O'), state(), false)?.id).toBe('lasso');
    expect(toolForKey(press('N', { shiftKey: true }), state(), false)?.id).toBe('network');
    expect(toolForKey(press('Backspace'), state(), false)).toBe(DELETE);
    expect(toolForKey(press('Escape'), state(), false)).toBe(CANCEL);
    expect(toolForKey(press('x'), state(), false)).toBeUndefined();
    store.setEditMode(false);
    expect(toolForKey(press('N', { shiftKey: true }), state(), false)).toBeUndefined();
  });

  it('show as the platform writes them', () => {
    expect(formatKey('Shift+Mod+Z', true)).toBe('⇧⌘Z');
    expect(formatKey('Shift+Mod+Z', false)).toBe('Shift+Ctrl+Z');
    expect(formatKey('V', false)).toBe('V');
  });

  it('know an Apple platform', () => {
    expect(isMacPlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isMacPlatform({ platform: 'iPhone' })).toBe(true);
    expect(isMacPlatform({ platform: 'Win32' })).toBe(false);
    expect(isMacPlatform({ platform: 'Linux x86_64' })).toBe(false);
    expect(isMacPlatform({ platform: '', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)' })).toBe(true);
    expect(isMacPlatform(undefined)).toBe(false);
  });
});
