import { describe, expect, it } from 'vitest';
import { autosaveDue, changed, initialSaveState, isDirty, saved } from './autosave.ts';

describe('autosave state', () => {
  it('is due after a change on an unlocked board only', () => {
    const state = changed(initialSaveState);
    expect(isDirty(state)).toBe(true);
    expect(autosaveDue(state, false)).toBe(true);
    expect(autosaveDue(state, true)).toBe(false);
    expect(autosaveDue(initialSaveState, false)).toBe(false);
  });

  it('stays dirty when a change came in while saving', () => {
    const at = new Date(2025, 0, 1, 12, 0, 0);
    const first = changed(initialSaveState);
    const during = changed(first);
    const after = saved(during, first.version, 'auto', at);
    expect(isDirty(after)).toBe(true);
    expect(after.autosavedAt).toBe(at);
    expect(isDirty(saved(after, after.version, 'auto', at))).toBe(false);
  });

  it('clears the autosave marker on a manual save', () => {
    const at = new Date();
    const auto = saved(changed(initialSaveState), 1, 'auto', at);
    expect(saved(changed(auto), 2, 'manual', at)).toMatchObject({ autosavedAt: null, savedVersion: 2 });
  });
});
