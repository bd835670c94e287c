import type { DrtModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { DRT_VEHICLE } from '../entities.ts';
import { vehicleRefusal } from '../rules.ts';

type UpdateVehicles = Extract<DrtModification, { type: 'drt/updateVehicles' }>;

/** Replaces DRT vehicles by id (start link, capacity, operating hours); the same rules as adding (spec 2 §5). */
export const updateDrtVehicles: EditKind<UpdateVehicles> = {
  type: 'drt/updateVehicles',
  disabled: (graph, mod) => {
    for (const vehicle of mod.vehicles) {
      if (!graph.has(DRT_VEHICLE, vehicle.id)) return refusal('drtVehicleNotFound', { id: vehicle.id });
      const reason = vehicleRefusal(vehicle);
      if (reason) return reason;
    }
    return undefined;
  },
  apply: (draft, mod) => {
    for (const vehicle of mod.vehicles) draft.put(DRT_VEHICLE, { ...vehicle });
  },
};
