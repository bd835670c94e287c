/**
 * The DRT modifications the tools and previews make (spec 2 §3 kinds `drt/*`), built from what is shown. Pure.
 */
import { DRT_DEFAULTS, drtStopOf, drtVehicleOf, type GraphReader } from '@corridor/changesets';
import type { DrtModification, DrtVehicle } from '@corridor/contract';

type Mod<T extends DrtModification['type']> = Extract<DrtModification, { type: T }>;

/** Spec 2 §9: the add-vehicle form starts at 10 vehicles, 4 seats, 00:00 to 24:00. */
export const VEHICLE_FORM_DEFAULTS = { count: DRT_DEFAULTS.vehicleCount, capacity: DRT_DEFAULTS.seats, t0: DRT_DEFAULTS.startTime, t1: DRT_DEFAULTS.endTime } as const;

/** Deleting the live ones among the stops; undefined when none is live. */
export function deleteStopsMod(graph: GraphReader, ids: readonly string[]): Mod<'drt/deleteStops'> | undefined {
  const present = ids.filter((id) => drtStopOf(graph, id));
  return present.length > 0 ? { type: 'drt/deleteStops', ids: present } : undefined;
}

/** Deleting the live ones among the vehicles; undefined when none is live. */
export function deleteVehiclesMod(graph: GraphReader, ids: readonly string[]): Mod<'drt/deleteVehicles'> | undefined {
  const present = ids.filter((id) => drtVehicleOf(graph, id));
  return present.length > 0 ? { type: 'drt/deleteVehicles', ids: present } : undefined;
}

export interface VehicleForm {
  readonly count: number;
  readonly capacity: number;
  readonly t0: number;
  readonly t1: number;
}

/** The vehicles with the fields changed (only the live ones; undefined when nothing changes). */
export function updateVehiclesMod(graph: GraphReader, ids: readonly string[], change: Partial<Pick<DrtVehicle, 'capacity' | 't0' | 't1'>>): Mod<'drt/updateVehicles'> | undefined {
  const vehicles: DrtVehicle[] = [];
  for (const id of ids) {
    const vehicle = drtVehicleOf(graph, id);
    if (!vehicle) continue;
    // Only the contract's fields (the graph's items may carry markers of their own).
    const next: DrtVehicle = { id: vehicle.id, startLinkId: vehicle.startLinkId, capacity: vehicle.capacity, t0: vehicle.t0, t1: vehicle.t1, ...change };
    if (next.capacity !== vehicle.capacity || next.t0 !== vehicle.t0 || next.t1 !== vehicle.t1) vehicles.push(next);
  }
  return vehicles.length > 0 ? { type: 'drt/updateVehicles', vehicles } : undefined;
}
