/** The box the map fits when data sources are added: all sources' network boxes together (spec 3 §2.20). */
import type { VisBoundingBox } from '@corridor/contract';

export type LngLatBounds = [[number, number], [number, number]];

export function combinedBounds(boxes: readonly (VisBoundingBox | null | undefined)[]): LngLatBounds | null {
  const present = boxes.filter((box): box is VisBoundingBox => !!box);
  if (present.length === 0) return null;
  const west = Math.min(...present.map((box) => box.xMin));
  const south = Math.min(...present.map((box) => box.yMin));
  const east = Math.max(...present.map((box) => box.xMax));
  const north = Math.max(...present.map((box) => box.yMax));
  return [
    [west, south],
    [east, north],
  ];
}
