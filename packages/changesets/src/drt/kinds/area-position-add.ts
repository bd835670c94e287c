import type { DrtModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { areaEntity, DRT_AREA } from '../entities.ts';
import { withOuterRing } from '../rules.ts';
import { closed, positionRefusal, verticesOf } from './area-ring.ts';

type AddPosition = Extract<DrtModification, { type: 'drt/addServiceAreaPosition' }>;

/**
 * Inserts a vertex before the vertex at `index` of the outer ring (index = vertex count appends it after the last);
 * the ring stays closed (a vertex inserted at 0 becomes the first and the closing position).
 */
export const addDrtAreaPosition: EditKind<AddPosition> = {
  type: 'drt/addServiceAreaPosition',
  disabled: (graph, mod) => positionRefusal(graph, mod, (vertices) => vertices + 1),
  apply: (draft, mod) => {
    const { area, vertices } = verticesOf(draft, mod.areaId);
    vertices.splice(mod.index, 0, [mod.position[0], mod.position[1]]);
    draft.put(DRT_AREA, areaEntity(withOuterRing(area, closed(vertices))));
  },
};
