import type { DashboardItem } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { addPanel, applyLayout, duplicatePanel, layoutOf, newPanelPlace, removePanel, toItems, toPanels } from './panels.ts';

const text = (x: number, y: number, width = 4, height = 2): DashboardItem => ({ type: 'text', x, y, width, height, variables: [], data: { text: 't', style: 'p' } });

describe('board panels', () => {
  it('turns items into a grid layout and back', () => {
    const panels = toPanels([text(0, 0), text(4, 0, 6, 4)]);
    const layout = layoutOf(panels, true);
    expect(layout.map(({ x, y, w, h, minW, minH, static: fixed }) => ({ x, y, w, h, minW, minH, fixed }))).toEqual([
      { x: 0, y: 0, w: 4, h: 2, minW: 2, minH: 2, fixed: false },
      { x: 4, y: 0, w: 6, h: 4, minW: 2, minH: 2, fixed: false },
    ]);
    expect(toItems(panels)).toEqual([text(0, 0), text(4, 0, 6, 4)]);
    expect(new Set(layout.map((place) => place.i)).size).toBe(2);
  });

  it('makes a locked board static', () => {
    expect(layoutOf(toPanels([text(0, 0)]), false)[0]!.static).toBe(true);
  });

  it('applies moved places and keeps the same array when nothing moved', () => {
    const panels = toPanels([text(0, 0), text(4, 0)]);
    expect(applyLayout(panels, layoutOf(panels, true))).toBe(panels);
    const moved = layoutOf(panels, true).map((place, index) => (index === 1 ? { ...place, y: 3, w: 8, h: 5 } : place));
    const next = applyLayout(panels, moved);
    expect(next).not.toBe(panels);
    expect(next[0]).toBe(panels[0]);
    expect(next[1]!.item).toMatchObject({ x: 4, y: 3, width: 8, height: 5 });
    expect(next[1]!.key).toBe(panels[1]!.key);
  });

  it('never goes below the minimum panel size', () => {
    const panels = toPanels([text(0, 0)]);
    const next = applyLayout(panels, [{ ...layoutOf(panels, true)[0]!, w: 1, h: 1 }]);
    expect(next[0]!.item).toMatchObject({ width: 2, height: 2 });
  });

  it('places new panels below all others with the spec sizes', () => {
    const panels = toPanels([text(0, 0, 4, 2), text(4, 1, 6, 4)]);
    expect(newPanelPlace(panels, 'text')).toEqual({ x: 0, y: 5, width: 4, height: 2 });
    expect(newPanelPlace(panels, 'chart')).toEqual({ x: 0, y: 5, width: 6, height: 4 });
    expect(newPanelPlace([], 'table')).toEqual({ x: 0, y: 0, width: 6, height: 4 });
  });

  it('duplicates below the others with a new key, and removes by key', () => {
    const panels = toPanels([text(2, 0)]);
    const twice = duplicatePanel(panels, panels[0]!.key);
    expect(twice).toHaveLength(2);
    expect(twice[1]!.key).not.toBe(panels[0]!.key);
    expect(twice[1]!.item).toMatchObject({ x: 2, y: 2 });
    expect(removePanel(twice, panels[0]!.key).map((panel) => panel.key)).toEqual([twice[1]!.key]);
    expect(addPanel([], text(0, 0))).toHaveLength(1);
  });
});
