/** Test helper: a small line network (link i runs from node i to node i+1) as link geometry. */
import type { LinkGeometry } from '../api.ts';

export function lineNetwork(ids: readonly string[], linkLength = 100, freespeed = 10): LinkGeometry & { ids: readonly string[]; coordsOf(id: string): [number, number, number, number] } {
  const coords = new Float64Array(ids.length * 4);
  ids.forEach((_, i) => coords.set([i * linkLength, i, (i + 1) * linkLength, i + 1], 4 * i));
  return {
    ids,
    coords,
    length: new Float64Array(ids.length).fill(linkLength),
    freespeed: new Float64Array(ids.length).fill(freespeed),
    coordsOf(id) {
      const i = ids.indexOf(id);
      return [coords[4 * i]!, coords[4 * i + 1]!, coords[4 * i + 2]!, coords[4 * i + 3]!];
    },
  };
}
