import type { DrtModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { areaEntity, DRT_AREA } from '../entities.ts';
import { withOuterRing } from '../rules.ts';
import { closed, positionRefusal, verticesOf } from './area-ring.ts';

type MovePosition = Extract<DrtModification, { type: 'drt/moveServiceAreaPosition' }>;

/** Moves the vertex at `index` of the outer ring; moving the first one moves the closing position with it. */
export const moveDrtAreaPosition: EditKind<MovePosition> = {
  type: 'drt/moveServiceAreaPosition',
  disabled: (graph, mod) => positionRefusal(graph, mod, (vertices) => vertices),
  apply: (draft, mod) => {
    const { area, vertices } = verticesOf(draft, mod.areaId);
    vertices[mod.index] = [mod.position[0], mod.position[1]];
    draft.put(DRT_AREA, areaEntity(withOuterRing(area, closed(vertices))));
  },
};
