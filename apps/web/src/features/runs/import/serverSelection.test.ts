import { describe, expect, it } from 'vitest';
import { allSelected, baseName, importRequest, isSelected, selectAll, toggleSelection } from './serverSelection.ts';

const file = (path: string) => ({ path, type: 'file' as const });
const dir = (path: string) => ({ path, type: 'dir' as const });

describe('server file selection', () => {
  it('adds a checked file once, in the order chosen, and removes an unchecked one', () => {
    let selection = toggleSelection([], file('run/b.csv'), true);
    selection = toggleSelection(selection, file('run/a.csv'), true);
    selection = toggleSelection(selection, file('run/b.csv'), true);
    expect(selection).toEqual(['run/a.csv', 'run/b.csv']);
    expect(isSelected(selection, 'run/a.csv')).toBe(true);
    expect(toggleSelection(selection, file('run/a.csv'), false)).toEqual(['run/b.csv']);
  });
  it('selects a folder whole (issue 26): what was selected below it becomes part of it and cannot be changed alone', () => {
    const selection = toggleSelection(['run/a.csv', 'other.csv'], dir('run'), true);
    expect(selection).toEqual(['other.csv', 'run/']);
    expect(isSelected(selection, 'run/ITERS/it.0/0.events.xml.gz')).toBe(true);
    expect(isSelected(selection, 'run', 'dir')).toBe(true);
    expect(isSelected(selection, 'run/sub', 'dir')).toBe(true);
    expect(isSelected(selection, 'runs/a.csv')).toBe(false);
    expect(toggleSelection(selection, file('run/a.csv'), false)).toEqual(selection);
    expect(toggleSelection(selection, dir('run'), false)).toEqual(['other.csv']);
  });
  it('selects all entries of a listed folder, and builds the request with the ITERS/ choice', () => {
    const entries = [dir('run/ITERS'), file('run/a.csv'), file('run/b.csv')];
    const selection = selectAll(['run/b.csv'], entries);
    expect(selection).toEqual(['run/b.csv', 'run/ITERS/', 'run/a.csv']);
    expect(allSelected(selection, entries)).toBe(true);
    expect(allSelected(['run/a.csv'], entries)).toBe(false);
    expect(importRequest(selection, false)).toEqual({ paths: ['run/b.csv', 'run/a.csv'], folders: [{ path: 'run/ITERS', includeIters: false }] });
  });
  it('names a path by its last segment', () => {
    expect(baseName('runs/equil/output_config.xml')).toBe('output_config.xml');
    expect(baseName('C:\\runs\\equil.zip')).toBe('equil.zip');
    expect(baseName('runs/equil/')).toBe('equil');
  });
});
