/**
 * What a handler remembers between pointer events while it draws (the link chain's last node, the lasso's corners,
 * the dragged node). Kept per store beside the draft it drew, and valid only while that draft is still the
 * store's: anything that clears or replaces the draft (Escape, another tool, New, Open) ends the session too, so
 * no handler acts on a drawing the user no longer sees.
 */
import type { EditorStore } from '../../state/store.ts';
import type { Draft } from '../../state/types.ts';

export class DraftSession<T> {
  private readonly sessions = new WeakMap<EditorStore, { draft: Draft; data: T }>();

  read(store: EditorStore): T | undefined {
    const session = this.sessions.get(store);
    return session && session.draft === store.getState().draft ? session.data : undefined;
  }

  /** Draws the draft and remembers the data with it. */
  write(store: EditorStore, draft: Draft, data: T): void {
    this.sessions.set(store, { draft, data });
    store.setDraft(draft);
  }

  /** Ends the session and clears the drawing (when it is still this session's). */
  end(store: EditorStore): void {
    if (this.read(store) !== undefined) store.setDraft(null);
    this.sessions.delete(store);
  }
}
