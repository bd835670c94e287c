/**
 * The DRT modifications the tools and previews make (spec 2 §3 kinds `drt/*`), built from what is shown. Pure.
 */
import { generateId, type GraphReader } from '@corridor/changesets';
import type { DrtModification, DrtStop, DrtVehicle } from '@corridor/contract';
import { idTaken } from '../../state/network.ts';
import type { LngLat } from '../../state/types.ts';
import { DRT_STOP, DRT_VEHICLE } from './kinds.ts';
import { drtStopOf, drtVehicleOf } from './read.ts';

type Mod<T extends DrtModification['type']> = Extract<DrtModification, { type: T }>;

/** Spec 2 §9: the add-vehicle form starts at 10 vehicles, 4 seats, 00:00 to 24:00. */
export const VEHICLE_FORM_DEFAULTS = { count: 10, capacity: 4, t0: 0, t1: 86_400 } as const;

/** Spec 2 §9: more than 9 selected vehicles show as one summary. */
export const VEHICLE_SUMMARY_THRESHOLD = 9;

/** A new stop where the user clicked (spec 2 §4): "Stop " plus its id, not blocking, on the link picked there if any. */
export function newDrtStop(graph: GraphReader, at: LngLat, linkId?: string): Mod<'drt/addStops'> {
  const taken = idTaken(graph, DRT_STOP);
  const id = generateId(taken);
  const stop: DrtStop = { id, name: `Stop ${id}`, coordinates: [at[0], at[1]], isBlocking: false, ...(linkId !== undefined ? { linkId } : {}) };
  return { type: 'drt/addStops', stops: [stop] };
}

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

/** `count` new vehicles on the link (spec 2 §2 add-vehicle form), each with a fresh 8-character id (spec 2 §9). */
export function addVehiclesMod(graph: GraphReader, linkId: string, form: VehicleForm): Mod<'drt/addVehicles'> {
  const taken = idTaken(graph, DRT_VEHICLE);
  const given = new Set<string>();
  const vehicles: DrtVehicle[] = [];
  for (let i = 0; i < form.count; i++) {
    const id = generateId((candidate) => taken(candidate) || given.has(candidate));
    given.add(id);
    vehicles.push({ id, startLinkId: linkId, capacity: String(form.capacity), t0: form.t0, t1: form.t1 });
  }
  return { type: 'drt/addVehicles', vehicles };
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

/** One field's common value over the vehicles, or "mixed" (spec 2 §2 summary card). */
export function commonValue<T>(values: readonly T[]): { value: T } | 'mixed' | undefined {
  if (values.length === 0) return undefined;
  return values.every((value) => value === values[0]) ? { value: values[0]! } : 'mixed';
}
