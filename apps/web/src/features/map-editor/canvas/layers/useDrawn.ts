/** What the layers draw from (the shown graph, the saved one, whether saved changes are marked), one object per change. */
import { useMemo } from 'react';
import { useEditor } from '../../state/context.ts';
import type { Drawn } from '../../state/types.ts';

export function useDrawn(): Drawn {
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const calculateDiff = useEditor((state) => state.calculateDiff);
  return useMemo(() => ({ graph, saved, calculateDiff }), [graph, saved, calculateDiff]);
}
