import type { DrtModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { DRT_VEHICLE } from '../entities.ts';

type DeleteVehicles = Extract<DrtModification, { type: 'drt/deleteVehicles' }>;

/** Deletes DRT vehicles (one, a link's, or Delete All of the summary). */
export const deleteDrtVehicles: EditKind<DeleteVehicles> = {
  type: 'drt/deleteVehicles',
  disabled: (graph, mod) => {
    const missing = mod.ids.find((id) => !graph.has(DRT_VEHICLE, id));
    return missing === undefined ? undefined : refusal('drtVehicleNotFound', { id: missing });
  },
  apply: (draft, mod) => {
    for (const id of mod.ids) draft.remove(DRT_VEHICLE, id);
  },
};
