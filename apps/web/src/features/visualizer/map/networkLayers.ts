/**
 * The network layer drawn by deck.gl from typed arrays (no object per link): a LineLayer whose positions read the
 * network binary (4 floats per link) with a stride, colours and widths from the strategies (../style), and the
 * direction arrows of components/map above zoom 14 when they are ON, sized with the line width (5–16 px). Colour
 * and width changes fade over 600 ms (spec 3 §9); the binary data object is made once per change (`networkData`),
 * not per frame, so deck.gl neither uploads it again nor restarts the transition while the clock runs.
 */
import type { Layer as DeckLayer } from '@deck.gl/core';
import { LineLayer } from '@deck.gl/layers';
import { ARROW_MIN_ZOOM, arrowPlacements, arrowSizes, directionArrowLayer, type ArrowPlacements } from '../../../components/map/directionArrows.ts';
import { LINE_WIDTH_MAX_PIXELS } from '../style/presets.ts';
import type { SizeUnit } from '../style/types.ts';

/** Transition of the links' colours and widths (spec 3 §9). */
export const NETWORK_TRANSITION_MS = 600;

/** What the line layer draws: binary attributes over the network binary, the colours and widths. */
export interface NetworkData {
  length: number;
  attributes: Record<string, { value: Float32Array | Uint8Array; size: number; stride?: number; offset?: number; normalized?: boolean }>;
  colors: Uint8Array;
  /** Arrow size per link, from the widths. */
  arrowSizes: Float32Array;
}

const STRIDE = 16;

export function networkData(coords: Float32Array, count: number, colors: Uint8Array, widths: Float32Array, unit: SizeUnit): NetworkData {
  return {
    length: count,
    attributes: {
      getSourcePosition: { value: coords, size: 2, stride: STRIDE, offset: 0 },
      getTargetPosition: { value: coords, size: 2, stride: STRIDE, offset: 8 },
      getColor: { value: colors, size: 4, normalized: true },
      getWidth: { value: widths, size: 1 },
    },
    colors,
    arrowSizes: arrowSizes(widths, unit),
  };
}

export interface NetworkDrawing {
  id: string;
  visible: boolean;
  data: NetworkData;
  unit: SizeUnit;
  arrows: ArrowPlacements | null;
  zoom: number;
  /** Called with the link index a click picked (flow bundle link picking). */
  onPick?: (index: number) => void;
}

export function networkLayers(drawing: NetworkDrawing): DeckLayer[] {
  const { id, visible, data, unit, arrows, zoom, onPick } = drawing;
  const lines = new LineLayer({
    id: `${id}-links`,
    visible,
    data,
    widthUnits: unit,
    widthMaxPixels: LINE_WIDTH_MAX_PIXELS,
    widthMinPixels: unit === 'meters' ? 1 : 0,
    pickable: !!onPick,
    onClick: onPick ? (info) => (info.index >= 0 ? (onPick(info.index), true) : false) : undefined,
    transitions: { getColor: NETWORK_TRANSITION_MS, getWidth: NETWORK_TRANSITION_MS },
  });
  if (!arrows || zoom <= ARROW_MIN_ZOOM) return [lines];
  return [lines, directionArrowLayer({ id: `${id}-arrows`, placements: arrows, colors: data.colors, visible, size: data.arrowSizes, sizeUnits: unit })];
}

/** Arrow placements are made once per network (they depend only on the geometry). */
export function networkArrows(coords: Float32Array, count: number): ArrowPlacements {
  return arrowPlacements(coords.subarray(0, count * 4));
}
