import type { DrtModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { DRT_VEHICLE } from '../entities.ts';
import { vehicleRefusal } from '../rules.ts';

type AddVehicles = Extract<DrtModification, { type: 'drt/addVehicles' }>;

/**
 * Adds DRT vehicles (on the selected link, or generated in an area). Ids must be new, also within the list; each
 * vehicle needs a start link, a capacity of at least 1 and t0 <= t1 (spec 2 §5). The start link is not looked up:
 * the editor holds only the loaded part of the network and the server's file save holds none.
 */
export const addDrtVehicles: EditKind<AddVehicles> = {
  type: 'drt/addVehicles',
  disabled: (graph, mod) => {
    const seen = new Set<string>();
    for (const vehicle of mod.vehicles) {
      if (seen.has(vehicle.id) || graph.has(DRT_VEHICLE, vehicle.id)) return refusal('drtVehicleExists', { id: vehicle.id });
      seen.add(vehicle.id);
      const reason = vehicleRefusal(vehicle);
      if (reason) return reason;
    }
    return undefined;
  },
  apply: (draft, mod) => {
    for (const vehicle of mod.vehicles) draft.put(DRT_VEHICLE, { ...vehicle });
  },
};
