import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EditorStore } from './store.ts';
import type { EditorState } from './types.ts';

export const EditorContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditorStore outside the map editor');
  return store;
}

/** A slice of the editor state; the component renders again when the slice changes (keep selectors cheap and stable). */
export function useEditor<T>(select: (state: EditorState) => T): T {
  const store = useEditorStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
