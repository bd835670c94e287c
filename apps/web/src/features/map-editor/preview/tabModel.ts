/**
 * Which tab sits in which pane of the bottom area (spec 2 §2: two panes, draggable and closable tabs), as pure
 * data: tab ids per pane in order and the active one of each. The tabs themselves (label, content, whether they
 * close) are the caller's list; `syncLayout` follows it when tabs come (transit line, DRT vehicle) or go.
 */

export type PaneId = 'left' | 'right';

export const PANES: readonly PaneId[] = ['left', 'right'];

export interface PaneState {
  readonly tabs: readonly string[];
  readonly active: string | null;
}

export type TabLayout = Readonly<Record<PaneId, PaneState>>;

export const otherPane = (pane: PaneId): PaneId => (pane === 'left' ? 'right' : 'left');

/** Every tab in the left pane, the first one active. */
export function initialLayout(ids: readonly string[]): TabLayout {
  return { left: { tabs: [...ids], active: ids[0] ?? null }, right: { tabs: [], active: null } };
}

export function paneOf(layout: TabLayout, id: string): PaneId | undefined {
  return PANES.find((pane) => layout[pane].tabs.includes(id));
}

/** The pane without `id`; when `id` was active, its right neighbour (else the left one) becomes active. */
function without(state: PaneState, id: string): PaneState {
  const index = state.tabs.indexOf(id);
  if (index < 0) return state;
  const tabs = state.tabs.filter((tab) => tab !== id);
  const active = state.active === id ? (tabs[Math.min(index, tabs.length - 1)] ?? null) : state.active;
  return { tabs, active };
}

export function activateTab(layout: TabLayout, id: string): TabLayout {
  const pane = paneOf(layout, id);
  if (!pane || layout[pane].active === id) return layout;
  return { ...layout, [pane]: { ...layout[pane], active: id } };
}

export function closeTab(layout: TabLayout, id: string): TabLayout {
  const pane = paneOf(layout, id);
  return pane ? { ...layout, [pane]: without(layout[pane], id) } : layout;
}

/**
 * Moves a tab to `index` of pane `to` (the end when absent; an index counts the target's tabs before the move, as
 * a drop before the tab at that place) and makes it active there.
 */
export function moveTab(layout: TabLayout, id: string, to: PaneId, index?: number): TabLayout {
  const from = paneOf(layout, id);
  if (!from) return layout;
  const target = layout[to];
  let at = Math.max(0, Math.min(index ?? target.tabs.length, target.tabs.length));
  if (from === to && target.tabs.indexOf(id) < at) at -= 1;
  const rest = from === to ? target.tabs.filter((tab) => tab !== id) : target.tabs;
  const moved: PaneState = { tabs: [...rest.slice(0, at), id, ...rest.slice(at)], active: id };
  return from === to ? { ...layout, [to]: moved } : { ...layout, [from]: without(layout[from], id), [to]: moved };
}

/**
 * Follows the caller's list of tabs: gone ones leave their pane, new ones join the left pane and come to the front
 * (opening a line shows its tab). Answers the same layout when nothing changed.
 */
export function syncLayout(layout: TabLayout, ids: readonly string[]): TabLayout {
  let next = layout;
  for (const pane of PANES) for (const id of layout[pane].tabs) if (!ids.includes(id)) next = closeTab(next, id);
  for (const id of ids) if (!paneOf(next, id)) next = { ...next, left: { tabs: [...next.left.tabs, id], active: id } };
  return next;
}
