/**
 * The cursor says what a click does: each tool declares its own in its edit group (groups/) — the network's drawing
 * tools a crosshair, Select a pointer over what can be picked, Move Node a move cursor over a node.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { EDITOR_GROUPS } from '../groups/index.ts';
import { useEditor } from '../state/context.ts';
import type { EditorState } from '../state/types.ts';

export function cursorFor(tool: EditorState['tool'], hover: EditorState['hover']): string {
  return EDITOR_GROUPS.cursorFor(tool, hover);
}

export function useMapCursor(map: MapLibreMap | undefined): void {
  const tool = useEditor((state) => state.tool);
  const hover = useEditor((state) => state.hover);
  const cursor = cursorFor(tool, hover);
  useEffect(() => {
    if (map) map.getCanvas().style.cursor = cursor;
  }, [map, cursor]);
}
