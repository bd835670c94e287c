import type { DrtModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { areaKey, DRT_AREA } from '../entities.ts';

type DeleteArea = Extract<DrtModification, { type: 'drt/deleteServiceArea' }>;

export const deleteDrtArea: EditKind<DeleteArea> = {
  type: 'drt/deleteServiceArea',
  disabled: (graph, mod) => (graph.has(DRT_AREA, areaKey(mod.id)) ? undefined : refusal('drtAreaNotFound', { id: areaKey(mod.id) })),
  apply: (draft, mod) => draft.remove(DRT_AREA, areaKey(mod.id)),
};
