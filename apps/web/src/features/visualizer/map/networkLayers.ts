/**
 * The network layer drawn by deck.gl from typed arrays (no object per link): a LineLayer whose positions read the
 * network binary (4 floats per link) with a stride, colours and widths from the strategies (../style), and the
 * direction arrows of components/map above zoom 14 when they are ON.
 */
import type { Layer as DeckLayer } from '@deck.gl/core';
import { LineLayer } from '@deck.gl/layers';
import { ARROW_MIN_ZOOM, arrowPlacements, directionArrowLayer, type ArrowPlacements } from '../../../components/map/directionArrows.ts';
import { LINE_WIDTH_MAX_PIXELS } from '../style/presets.ts';
import type { SizeUnit } from '../style/types.ts';

export interface NetworkDrawing {
  id: string;
  visible: boolean;
  coords: Float32Array;
  count: number;
  colors: Uint8Array;
  widths: Float32Array;
  unit: SizeUnit;
  arrows: ArrowPlacements | null;
  zoom: number;
  /** Called with the link index a click picked (flow bundle link picking). */
  onPick?: (index: number) => void;
}

const STRIDE = 16;

export function networkLayers(drawing: NetworkDrawing): DeckLayer[] {
  const { id, visible, coords, count, colors, widths, unit, arrows, zoom, onPick } = drawing;
  const lines = new LineLayer({
    id: `${id}-links`,
    visible,
    data: {
      length: count,
      attributes: {
        getSourcePosition: { value: coords, size: 2, stride: STRIDE, offset: 0 },
        getTargetPosition: { value: coords, size: 2, stride: STRIDE, offset: 8 },
        getColor: { value: colors, size: 4, normalized: true },
        getWidth: { value: widths, size: 1 },
      },
    },
    widthUnits: unit,
    widthMaxPixels: LINE_WIDTH_MAX_PIXELS,
    widthMinPixels: unit === 'meters' ? 1 : 0,
    pickable: !!onPick,
    onClick: onPick ? (info) => (info.index >= 0 ? (onPick(info.index), true) : false) : undefined,
    updateTriggers: { getColor: colors, getWidth: widths },
  });
  if (!arrows || zoom <= ARROW_MIN_ZOOM) return [lines];
  return [lines, directionArrowLayer({ id: `${id}-arrows`, placements: arrows, colors, visible })];
}

/** Arrow placements are made once per network (they depend only on the geometry). */
export function networkArrows(coords: Float32Array, count: number): ArrowPlacements {
  return arrowPlacements(coords.subarray(0, count * 4));
}
