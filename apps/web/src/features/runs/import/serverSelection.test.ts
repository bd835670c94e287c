import { describe, expect, it } from 'vitest';
import { baseName, isSelected, toggleSelection } from './serverSelection.ts';

const file = (path: string) => ({ path, type: 'file' as const });

describe('server file selection', () => {
  it('adds a checked file once, in the order chosen, and removes an unchecked one', () => {
    let selection = toggleSelection([], file('run/b.csv'), true);
    selection = toggleSelection(selection, file('run/a.csv'), true);
    selection = toggleSelection(selection, file('run/b.csv'), true);
    expect(selection).toEqual(['run/a.csv', 'run/b.csv']);
    expect(isSelected(selection, 'run/a.csv')).toBe(true);
    expect(toggleSelection(selection, file('run/a.csv'), false)).toEqual(['run/b.csv']);
  });
  it('does not select directories', () => {
    expect(toggleSelection(['x'], { path: 'run', type: 'dir' }, true)).toEqual(['x']);
  });
  it('names a path by its last segment', () => {
    expect(baseName('runs/equil/output_config.xml')).toBe('output_config.xml');
    expect(baseName('C:\\runs\\equil.zip')).toBe('equil.zip');
  });
});
