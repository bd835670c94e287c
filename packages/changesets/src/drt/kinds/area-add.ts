import type { DrtModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { areaEntity, areaKey, DRT_AREA } from '../entities.ts';
import { areaRefusal } from '../rules.ts';

type AddArea = Extract<DrtModification, { type: 'drt/addServiceArea' }>;

/** Adds a service area feature (drawn and closed on the map); its id must be new and its rings closed. */
export const addDrtArea: EditKind<AddArea> = {
  type: 'drt/addServiceArea',
  disabled: (graph, mod) => (graph.has(DRT_AREA, areaKey(mod.area.id)) ? refusal('drtAreaExists', { id: areaKey(mod.area.id) }) : areaRefusal(mod.area)),
  apply: (draft, mod) => draft.put(DRT_AREA, areaEntity(mod.area)),
};
