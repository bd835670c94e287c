import { networkGraph } from '@corridor/changesets';
import { transitTestGraph } from '@corridor/changesets/testing';
import { describe, expect, it } from 'vitest';
import { addLinkHandler } from '../canvas/handlers/addLink.ts';
import { selectHandler } from '../canvas/handlers/select.ts';
import type { Handler } from '../state/handler.ts';
import { EditorStore } from '../state/store.ts';
import type { EditorState, Selection, ToolId } from '../state/types.ts';
import { changeSummary } from '../sidebar/changeSummary.ts';
import type { KeyPress } from '../toolbar/keys.ts';
import { groupTools, modeTools, toolForKey } from '../toolbar/tools.ts';
import { EDITOR_GROUPS } from './index.ts';
import { NETWORK_GROUP } from './network/index.ts';
import { TRANSIT_GROUP } from './transit/index.ts';
import { GroupRegistry, type EditGroup, type GroupTool } from './registry.ts';

// A second group registered beside the network without touching network code (transit and DRT will plug in so).
// Its ids are not in the editor's types (a real group augments them), hence the casts.
const id = (value: string) => value as ToolId;
const handler = (tool: string, category: Handler['category']): Handler => ({ tool: id(tool), category });
const tool = (value: string, key: string, changesData: boolean): GroupTool => ({
  id: id(value),
  label: 'toolbar.tools.select',
  keys: [key],
  changesData,
  handler: handler(value, 'transit'),
  cursor: () => 'copy',
});

/** Per-group edit modes of the test (the editor has one edit mode today): absent means on. */
type Modes = { readonly transitMode?: boolean; readonly networkMode?: boolean };
const modeOn = (state: EditorState, mode: keyof Modes) => state.editMode && (state as EditorState & Modes)[mode] !== false;

const FAKE: EditGroup = {
  id: 'transit',
  category: 'transit',
  label: 'toolbar.groups.network',
  keys: ['Shift+T'],
  available: (state) => modeOn(state, 'transitMode'),
  tools: [tool('transit/select', 'V', false), tool('transit/addStop', 'S', true)],
  selectTool: id('transit/select'),
  selections: [{ type: 'transit-stop' as 'network-links-and-nodes', tool: id('transit/select'), entities: (selection) => [['stop', (selection as unknown as { id: string }).id]] }],
  modificationPrefixes: ['transit/'],
  summary: [{ id: 'transit', kinds: ['stop'] }],
};
/** The plain select of category none, belonging to no group. */
const PLAIN: GroupTool = { id: id('plain'), label: 'toolbar.tools.select', keys: [], changesData: false, handler: handler('plain', 'none'), cursor: () => 'default' };

const registry = new GroupRegistry([NETWORK_GROUP, FAKE], { plainSelect: PLAIN });
const stop = { type: 'transit-stop', id: 's1' } as unknown as Selection;
const network: Selection = { type: 'network-links-and-nodes', links: ['l1'], nodes: [] };

const state = (patch: Partial<EditorState> = {}): EditorState => ({ ...new EditorStore().getState(), ...patch });
const press = (key: string, shiftKey = false): KeyPress => ({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false });

describe('the editor’s groups', () => {
  it('are the network, public transport and DRT, with their tools, handlers, cursors and category', () => {
    expect(EDITOR_GROUPS.groups.map((group) => group.id)).toEqual(['network', 'transit', 'drt']);
    expect(TRANSIT_GROUP.tools.map((entry) => [entry.id, entry.keys, entry.changesData])).toEqual([
      ['transit/select', ['V'], false],
      ['transit/addStop', ['S'], true],
      ['transit/moveStop', ['M'], true],
      ['transit/edit', [], true],
    ]);
    expect(TRANSIT_GROUP.keys).toEqual(['Shift+T']);
    expect(EDITOR_GROUPS.categoryOf('transit/moveStop')).toBe('transit');
    expect(NETWORK_GROUP.tools.map((entry) => [entry.id, entry.keys, entry.changesData])).toEqual([
      ['select', ['V'], false],
      ['addNode', ['N'], true],
      ['addLink', ['L'], true],
      ['moveNode', ['M'], true],
      ['lasso', ['O'], false],
    ]);
    expect(EDITOR_GROUPS.handlerFor('select')).toBe(selectHandler);
    expect(EDITOR_GROUPS.handlerFor('addLink')).toBe(addLinkHandler);
    expect(EDITOR_GROUPS.categoryOf('lasso')).toBe('network');
    expect(EDITOR_GROUPS.groupOfTool('moveNode')).toBe(NETWORK_GROUP);
    expect(EDITOR_GROUPS.plainSelect).toBe('select');
    expect(['addNode', 'addLink', 'lasso'].map((tool) => EDITOR_GROUPS.cursorFor(id(tool), {}))).toEqual(['crosshair', 'crosshair', 'crosshair']);
    expect([EDITOR_GROUPS.cursorFor('moveNode', {}), EDITOR_GROUPS.cursorFor('moveNode', { nodeId: 'a' })]).toEqual(['', 'move']);
    expect([EDITOR_GROUPS.cursorFor('select', {}), EDITOR_GROUPS.cursorFor('select', { linkId: 'l' })]).toEqual(['', 'pointer']);
  });

  it('know the network’s selection type, its entities and fly target, its modifications and its summary row', () => {
    expect(EDITOR_GROUPS.selectionType('network-links-and-nodes')?.tool).toBe('select');
    expect(EDITOR_GROUPS.selectionType('none')).toBeUndefined();
    const selection: Selection = { type: 'network-links-and-nodes', links: ['l1'], nodes: ['n1'] };
    expect([...EDITOR_GROUPS.selectedEntities(selection)]).toEqual([
      ['link', 'l1'],
      ['node', 'n1'],
    ]);
    const graph = transitTestGraph();
    expect(EDITOR_GROUPS.flyTarget(selection, graph)).toEqual({ linkId: 'l1', nodeId: undefined });
    expect(EDITOR_GROUPS.flyTarget({ type: 'network-links-and-nodes', links: [], nodes: ['n1'] }, graph)).toEqual({ linkId: undefined, nodeId: 'n1' });
    // Spec 2 §9: a transit stop at zoom 14; a route to the extent of its stops.
    expect(EDITOR_GROUPS.flyTarget({ type: 'transit-stop', stops: ['s1'] }, graph)).toEqual({ point: [13, 52], zoom: 14 });
    expect(EDITOR_GROUPS.flyTarget({ type: 'transit-route', lineId: 'L1', routeId: 'R1' }, graph)).toEqual({ bounds: [[13, 52], [13, 52]] });
    expect(EDITOR_GROUPS.groupOfModification('route/addStop')).toBe(TRANSIT_GROUP);
    expect(EDITOR_GROUPS.groupOfModification('transitStop/delete')).toBe(TRANSIT_GROUP);
    expect(EDITOR_GROUPS.groupOfModification('network/updateLink')).toBe(NETWORK_GROUP);
    expect(EDITOR_GROUPS.groupOfModification('transit/addStop')).toBeUndefined();
    expect(EDITOR_GROUPS.summaryGroups().map((row) => row.id)).toEqual(['network', 'transit', 'drtVehicles', 'drtStops', 'drtServiceArea']);
  });

  it('refuse a tool or selection type registered twice, a select tool that is not the group’s, a handler of another category', () => {
    expect(() => new GroupRegistry([NETWORK_GROUP, { ...FAKE, tools: [...FAKE.tools, NETWORK_GROUP.tools[1]!] }], { plainSelect: PLAIN })).toThrow(/addNode registered twice/);
    expect(() => new GroupRegistry([NETWORK_GROUP, { ...FAKE, selections: NETWORK_GROUP.selections }], { plainSelect: PLAIN })).toThrow(/network-links-and-nodes registered twice/);
    expect(() => new GroupRegistry([{ ...FAKE, selections: NETWORK_GROUP.selections }], { plainSelect: PLAIN })).toThrow(/tool select is not a tool of transit/);
    expect(() => new GroupRegistry([{ ...FAKE, selectTool: id('select') }], { plainSelect: PLAIN })).toThrow(/select tool select/);
    expect(() => new GroupRegistry([{ ...FAKE, tools: [...FAKE.tools, { ...PLAIN, id: id('transit/x') }] }], { plainSelect: PLAIN })).toThrow(/category none, not transit/);
  });
});

describe('a second group plugs in', () => {
  it('its tools appear while it is the active group, with their keys; its group key chooses its select', () => {
    const shortcuts = [...groupTools(registry), ...registry.groups.flatMap((group) => modeTools(group, registry))];
    const inTransit = state({ tool: id('transit/addStop') });
    expect(registry.activeGroup(inTransit)).toBe(FAKE);
    expect(modeTools(FAKE, registry).map((entry) => [entry.id, entry.available(inTransit)])).toEqual([
      ['transit/select', true],
      ['transit/addStop', true],
    ]);
    expect(modeTools(NETWORK_GROUP, registry).some((entry) => entry.available(inTransit))).toBe(false);
    expect(toolForKey(press('S'), inTransit, false, shortcuts)?.id).toBe('transit/addStop');
    expect(toolForKey(press('N'), inTransit, false, shortcuts)).toBeUndefined();
    expect(toolForKey(press('N'), state({ tool: 'select' }), false, shortcuts)?.id).toBe('addNode');
    expect(toolForKey(press('V'), inTransit, false, shortcuts)?.id).toBe('transit/select');
    expect(modeTools(FAKE, registry)[1]!.disabled(state({ tool: id('transit/addStop'), editMode: false }))).toBe('toolbar.reasons.viewMode');

    const store = new EditorStore();
    store.setTool('addLink');
    toolForKey(press('T', true), store.getState(), false, shortcuts)!.perform(store);
    expect(store.getState().tool).toBe('transit/select');
    expect(registry.handlerFor(id('transit/addStop')).category).toBe('transit');
    expect(registry.cursorFor(id('transit/addStop'), {})).toBe('copy');
    expect(registry.selectToolOf(id('transit/addStop'))).toBe('transit/select');
  });

  it('selecting a different type of object switches the handler; the group’s own tools keep theirs', () => {
    expect(registry.toolForSelection('addNode', stop)).toBe('transit/select');
    expect(registry.toolForSelection(id('transit/addStop'), network)).toBe('select');
    expect(registry.toolForSelection('addNode', network)).toBe('addNode');
    expect(registry.toolForSelection(id('transit/addStop'), stop)).toBe('transit/addStop');
    expect(registry.toolForSelection(id('plain'), network)).toBe('select');
    expect(registry.toolForSelection('lasso', { type: 'none' })).toBe('lasso');
    expect(registry.toolForSelection('lasso', { type: 'area', polygon: [] })).toBe('lasso');
    expect([...registry.selectedEntities(stop)]).toEqual([['stop', 's1']]);
  });

  it('its summary row is listed after the network’s once it has something to count', () => {
    const graph = networkGraph([{ id: 'a', lng: 0, lat: 0 }], []);
    expect(changeSummary({ graph, saved: graph }, registry).map((row) => row.group)).toEqual(['network']);
    expect(registry.summaryGroups().map((row) => row.id)).toEqual(['network', 'transit']);
    expect(registry.groupOfModification('transit/addStop')).toBe(FAKE);
  });
});

describe('edit modes (spec 2 §2 "Map handlers")', () => {
  // The network too follows a mode of its own here, so that one group can be off while the other is on.
  const NETWORK = { ...NETWORK_GROUP, available: (state: EditorState) => modeOn(state, 'networkMode') };
  const rules = new GroupRegistry([NETWORK, FAKE], { plainSelect: PLAIN });
  const at = (tool: string, modes: Modes & { editMode?: boolean } = {}): EditorState => ({ ...state({ editMode: modes.editMode ?? true }), ...modes, tool: id(tool) });

  it('changing the edit mode returns to the active group’s select handler', () => {
    expect(rules.toolAfterModeChange(at('lasso', { editMode: false }), at('lasso'))).toBe('select');
    expect(rules.toolAfterModeChange(at('transit/addStop'), at('transit/addStop', { networkMode: false }))).toBe('transit/select');
    expect(rules.toolAfterModeChange(at('addLink', { transitMode: false }), at('addLink'))).toBe('select');
  });

  it('turning off an edit mode while in its category switches to the first available group, else the plain select', () => {
    expect(rules.toolAfterModeChange(at('addLink'), at('addLink', { networkMode: false }))).toBe('transit/select');
    expect(rules.toolAfterModeChange(at('transit/addStop'), at('transit/addStop', { transitMode: false }))).toBe('select');
    expect(rules.toolAfterModeChange(at('addLink'), at('addLink', { editMode: false }))).toBe('plain');
    expect(rules.toolAfterModeChange(at('transit/select', { networkMode: false }), at('transit/select', { networkMode: false, transitMode: false }))).toBe('plain');
  });

  it('turning one on from the plain select (category none) selects its default select handler', () => {
    const none = { networkMode: false, transitMode: false };
    expect(rules.categoryOf(id('plain'))).toBe('none');
    expect(rules.toolAfterModeChange(at('plain', none), at('plain', { networkMode: false }))).toBe('transit/select');
    expect(rules.toolAfterModeChange(at('plain', none), at('plain', { transitMode: false }))).toBe('select');
    // Both on at once: the first in the registry's order.
    expect(rules.toolAfterModeChange(at('plain', none), at('plain'))).toBe('select');
    expect(rules.toolAfterModeChange(at('plain', none), at('plain', none))).toBe('plain');
  });

  it('the store follows them: view mode and back return to Select; a network selection keeps the network tool', () => {
    const store = new EditorStore();
    store.setTool('addLink');
    store.setEditMode(false);
    expect(store.getState().tool).toBe('select');
    store.setTool('lasso');
    store.setEditMode(true);
    expect(store.getState().tool).toBe('select');
    store.setTool('lasso');
    store.select(network);
    expect(store.getState().tool).toBe('lasso');
  });
});
