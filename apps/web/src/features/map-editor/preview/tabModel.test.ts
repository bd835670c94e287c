import { describe, expect, it } from 'vitest';
import { activateTab, closeTab, initialLayout, moveTab, paneOf, syncLayout, type TabLayout } from './tabModel.ts';

const layout = (left: string[], leftActive: string | null, right: string[] = [], rightActive: string | null = null): TabLayout => ({
  left: { tabs: left, active: leftActive },
  right: { tabs: right, active: rightActive },
});

describe('bottom area tab model', () => {
  it('starts with every tab in the left pane and the first one active', () => {
    expect(initialLayout(['preview', 'line:1'])).toEqual(layout(['preview', 'line:1'], 'preview'));
    expect(initialLayout([])).toEqual(layout([], null));
  });

  it('activates a tab in its own pane only', () => {
    const start = layout(['preview', 'line:1'], 'preview', ['vehicle:7'], 'vehicle:7');
    expect(activateTab(start, 'line:1')).toEqual(layout(['preview', 'line:1'], 'line:1', ['vehicle:7'], 'vehicle:7'));
    expect(activateTab(start, 'preview')).toBe(start);
    expect(activateTab(start, 'unknown')).toBe(start);
  });

  it('moves a tab to the other pane, where it becomes active; the pane it left activates a neighbour', () => {
    const start = layout(['preview', 'line:1', 'line:2'], 'line:1');
    const moved = moveTab(start, 'line:1', 'right');
    expect(moved).toEqual(layout(['preview', 'line:2'], 'line:2', ['line:1'], 'line:1'));
    expect(paneOf(moved, 'line:1')).toBe('right');
    expect(moveTab(moved, 'preview', 'right', 0)).toEqual(layout(['line:2'], 'line:2', ['preview', 'line:1'], 'preview'));
  });

  it('reorders within a pane: an index is the place before the tab that was there', () => {
    const start = layout(['a', 'b', 'c', 'd'], 'a');
    expect(moveTab(start, 'a', 'left', 3).left.tabs).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTab(start, 'a', 'left').left.tabs).toEqual(['b', 'c', 'd', 'a']);
    expect(moveTab(start, 'd', 'left', 0).left.tabs).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTab(start, 'b', 'left', 1).left.tabs).toEqual(['a', 'b', 'c', 'd']);
    expect(moveTab(start, 'c', 'left', 99)).toEqual(layout(['a', 'b', 'd', 'c'], 'c'));
  });

  it('closes a tab: the active one hands over to its right neighbour, else its left one, else none', () => {
    const start = layout(['preview', 'line:1', 'line:2'], 'line:1', ['vehicle:7'], 'vehicle:7');
    expect(closeTab(start, 'line:1').left).toEqual({ tabs: ['preview', 'line:2'], active: 'line:2' });
    expect(closeTab(closeTab(start, 'line:2'), 'line:1').left).toEqual({ tabs: ['preview'], active: 'preview' });
    expect(closeTab(start, 'preview').left.active).toBe('line:1');
    expect(closeTab(start, 'vehicle:7').right).toEqual({ tabs: [], active: null });
    expect(closeTab(start, 'unknown')).toBe(start);
  });

  it('follows the list of tabs: new ones open in the left pane in front, gone ones leave, nothing else changes', () => {
    const start = layout(['preview'], 'preview', ['line:1'], 'line:1');
    expect(syncLayout(start, ['preview', 'line:1'])).toBe(start);
    expect(syncLayout(start, ['preview', 'line:1', 'vehicle:7'])).toEqual(layout(['preview', 'vehicle:7'], 'vehicle:7', ['line:1'], 'line:1'));
    expect(syncLayout(start, ['preview'])).toEqual(layout(['preview'], 'preview', [], null));
  });
});
