/** What adding and moving a service area's positions share: the checks and the outer ring's vertices. */
import type { DrtModification } from '@corridor/contract';
import type { GraphReader } from '../../graph/graph.ts';
import { refusal, type Refusal } from '../../refusal.ts';
import { areaKey } from '../entities.ts';
import { drtAreaOf } from '../read.ts';
import { editableRing, vertexCount } from '../rules.ts';

type PositionEdit = Extract<DrtModification, { type: 'drt/addServiceAreaPosition' | 'drt/moveServiceAreaPosition' }>;

/** Why a position edit cannot apply: no such area, an area of several polygons, an index past the ring's vertices. */
export function positionRefusal(graph: GraphReader, mod: PositionEdit, slots: (vertices: number) => number): Refusal | undefined {
  const area = drtAreaOf(graph, mod.areaId);
  if (!area) return refusal('drtAreaNotFound', { id: areaKey(mod.areaId) });
  const editable = editableRing(area);
  if ('refusal' in editable) return editable.refusal;
  return mod.index < slots(vertexCount(editable.ring)) ? undefined : refusal('drtAreaPositionNotFound', { id: areaKey(mod.areaId), index: mod.index });
}

/** The outer ring's vertices without the closing position, as a list to change. */
export function verticesOf(graph: GraphReader, areaId: string | number) {
  const area = drtAreaOf(graph, areaId)!;
  const { ring } = editableRing(area) as { ring: readonly (readonly [number, number])[] };
  return { area, vertices: ring.slice(0, -1).map(([lng, lat]): [number, number] => [lng, lat]) };
}

export const closed = (vertices: [number, number][]): [number, number][] => [...vertices, [...vertices[0]!] as [number, number]];

