/** The cursor says what a click does: a crosshair for the drawing tools, a pointer over what can be picked. */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { useEditor } from '../state/context.ts';
import type { EditorState } from '../state/types.ts';

export function cursorFor(tool: EditorState['tool'], hover: EditorState['hover']): string {
  switch (tool) {
    case 'addNode':
    case 'addLink':
    case 'lasso':
      return 'crosshair';
    case 'moveNode':
      return hover.nodeId ? 'move' : '';
    case 'select':
      return hover.nodeId || hover.linkId ? 'pointer' : '';
  }
}

export function useMapCursor(map: MapLibreMap | undefined): void {
  const tool = useEditor((state) => state.tool);
  const hover = useEditor((state) => state.hover);
  const cursor = cursorFor(tool, hover);
  useEffect(() => {
    if (map) map.getCanvas().style.cursor = cursor;
  }, [map, cursor]);
}
