/**
 * Autosave timing of a board (spec 3 §4): every change bumps a version; an autosave starts
 * DASHBOARD_LIMITS.autosaveDelayMs after the last change of an unlocked board; a save clears the change only if
 * nothing changed while it was under way. A manual save clears the 'Autosaved at' marker.
 */
export interface SaveState {
  /** Bumped on every change. */
  version: number;
  /** The version the server has. */
  savedVersion: number;
  /** When the last autosave finished; null after a manual save. */
  autosavedAt: Date | null;
}

export const initialSaveState: SaveState = { version: 0, savedVersion: 0, autosavedAt: null };

export const changed = (state: SaveState): SaveState => ({ ...state, version: state.version + 1 });

export const isDirty = (state: SaveState) => state.version !== state.savedVersion;

/** An autosave is due (after the delay) when the board is unlocked and has unsaved changes. */
export const autosaveDue = (state: SaveState, locked: boolean) => !locked && isDirty(state);

/** The state after a save of `version` finished. */
export function saved(state: SaveState, version: number, kind: 'auto' | 'manual', at: Date): SaveState {
  return { ...state, savedVersion: Math.max(state.savedVersion, version), autosavedAt: kind === 'auto' ? at : null };
}
