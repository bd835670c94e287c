import { DASHBOARD_LIMITS, type DashboardItem } from '@corridor/contract';
import type { Layout, LayoutItem } from 'react-grid-layout';

/**
 * A dashboard item with a key that stays while the board is open: items have no id of their own, and keying by
 * position would redraw every chart below a deleted panel.
 */
export interface Panel {
  key: string;
  item: DashboardItem;
}

let nextKey = 0;
const newKey = () => `panel-${++nextKey}`;

export const toPanels = (items: readonly DashboardItem[]): Panel[] => items.map((item) => ({ key: newKey(), item }));
export const toItems = (panels: readonly Panel[]): DashboardItem[] => panels.map((panel) => panel.item);

/** The grid layout of the panels; a locked board is static (no drag, no resize). */
export function layoutOf(panels: readonly Panel[], editable: boolean): Layout {
  return panels.map(
    ({ key, item }): LayoutItem => ({
      i: key,
      x: item.x,
      y: item.y,
      w: item.width,
      h: item.height,
      minW: DASHBOARD_LIMITS.minPanel.w,
      minH: DASHBOARD_LIMITS.minPanel.h,
      static: !editable,
    }),
  );
}

/**
 * The panels placed as the grid says. Returns the same array when nothing moved, so a layout callback that only
 * echoes the current places (the grid reports on mount) is not a change and does not start an autosave.
 */
export function applyLayout(panels: Panel[], layout: Layout): Panel[] {
  const places = new Map(layout.map((place) => [place.i, place]));
  let changed = false;
  const next = panels.map((panel) => {
    const place = places.get(panel.key);
    const { item } = panel;
    if (!place || (place.x === item.x && place.y === item.y && place.w === item.width && place.h === item.height)) return panel;
    changed = true;
    return { ...panel, item: { ...item, x: place.x, y: place.y, width: Math.max(place.w, DASHBOARD_LIMITS.minPanel.w), height: Math.max(place.h, DASHBOARD_LIMITS.minPanel.h) } };
  });
  return changed ? next : panels;
}

/** The first free row: below every panel (the grid compacts upwards afterwards). */
export const bottomOf = (panels: readonly Panel[]) => panels.reduce((bottom, { item }) => Math.max(bottom, item.y + item.height), 0);

export type NewPanelKind = 'text' | 'chart' | 'table';

/** Where a new panel goes and how large it is (spec 3 §9: text 4×2, chart and table 6×4), at the left below all. */
export function newPanelPlace(panels: readonly Panel[], kind: NewPanelKind) {
  const size = kind === 'text' ? DASHBOARD_LIMITS.newText : DASHBOARD_LIMITS.newChart;
  return { x: 0, y: bottomOf(panels), width: size.w, height: size.h };
}

export const addPanel = (panels: Panel[], item: DashboardItem): Panel[] => [...panels, { key: newKey(), item }];

/** A copy of the panel placed below all others. */
export function duplicatePanel(panels: Panel[], key: string): Panel[] {
  const original = panels.find((panel) => panel.key === key);
  if (!original) return panels;
  return addPanel(panels, { ...structuredClone(original.item), x: original.item.x, y: bottomOf(panels) });
}

export const removePanel = (panels: Panel[], key: string): Panel[] => panels.filter((panel) => panel.key !== key);

export const replaceItem = (panels: Panel[], key: string, item: DashboardItem): Panel[] =>
  panels.map((panel) => (panel.key === key ? { ...panel, item } : panel));
