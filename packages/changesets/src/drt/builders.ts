/**
 * What the DRT tools and panels build (spec 2 §4, §9): new stops and vehicles with generated ids, the add-vehicle
 * form's modification, and the summary card's common values.
 */
import type { DrtModification, DrtServiceArea, DrtStop, DrtVehicle } from '@corridor/contract';
import { generateId } from '../constants.ts';
import type { GraphReader } from '../graph/graph.ts';
import { NEW_DRT_STOP_NAME_PREFIX } from './constants.ts';
import { DRT_AREA, DRT_STOP, DRT_VEHICLE, type DrtAreaEntity } from './entities.ts';

type Mod<T extends DrtModification['type']> = Extract<DrtModification, { type: T }>;

/** §4: a new DRT stop is named "Stop " plus its id, not blocking. */
export function newDrtStop(id: string, coordinates: readonly [number, number], linkId?: string): DrtStop {
  return { id, name: `${NEW_DRT_STOP_NAME_PREFIX}${id}`, coordinates: [coordinates[0], coordinates[1]], ...(linkId ? { linkId } : {}), isBlocking: false };
}

/** §9: the first 8 characters of a random id, re-drawn while `taken` says so (`random` gives ids; tests pass a fixed sequence). */
export const newDrtVehicleId = (taken: (id: string) => boolean, random?: () => string): string => generateId(taken, random);
export const newDrtStopId = (taken: (id: string) => boolean, random?: () => string): string => generateId(taken, random);

/** The Add Stop tool: a stop at the clicked point (on a link when one was picked), with an id unused in the graph. */
export function addDrtStopAt(graph: GraphReader, coordinates: readonly [number, number], linkId?: string, random?: () => string): Mod<'drt/addStops'> {
  const id = newDrtStopId((candidate) => graph.has(DRT_STOP, candidate), random);
  return { type: 'drt/addStops', stops: [newDrtStop(id, coordinates, linkId)] };
}

export interface NewVehiclesForm {
  readonly linkId: string;
  readonly count: number;
  /** Seats, as the vehicle's capacity text. */
  readonly capacity: string;
  readonly t0: number;
  readonly t1: number;
}

/**
 * The add-vehicle form's modification: `count` vehicles starting on the link, each with an id unused in the graph
 * and among the new ones. Undefined when no link is selected or the count is below 1 — §5: "Adding vehicles to a link
 * is ignored when no link is selected" (the kind itself refuses a vehicle without a start link).
 */
export function addVehiclesOnLink(graph: GraphReader, form: NewVehiclesForm, random?: () => string): Mod<'drt/addVehicles'> | undefined {
  if (!form.linkId || !(form.count >= 1)) return undefined;
  const made = new Set<string>();
  const vehicles: DrtVehicle[] = [];
  for (let i = 0; i < Math.floor(form.count); i++) {
    const id = newDrtVehicleId((candidate) => made.has(candidate) || graph.has(DRT_VEHICLE, candidate), random);
    made.add(id);
    vehicles.push({ id, startLinkId: form.linkId, capacity: form.capacity, t0: form.t0, t1: form.t1 });
  }
  return { type: 'drt/addVehicles', vehicles };
}

/** A value the summarised vehicles share, or mixed when they differ (the card says "Mixed" in the user's language). */
export type Common<T> = { readonly mixed: false; readonly value: T } | { readonly mixed: true };

export interface VehicleSummary {
  readonly count: number;
  readonly startLink: Common<string>;
  readonly capacity: Common<string>;
  readonly operatingHours: Common<{ readonly t0: number; readonly t1: number }>;
}

function common<T>(values: readonly T[], same: (a: T, b: T) => boolean): Common<T> {
  const first = values[0]!;
  return values.every((value) => same(value, first)) ? { mixed: false, value: first } : { mixed: true };
}

/** §2: the summary card of more than 9 selected vehicles: Start Link, Capacity and Operating Hours, each common or mixed. */
export function vehicleSummary(vehicles: readonly DrtVehicle[]): VehicleSummary | undefined {
  if (vehicles.length === 0) return undefined;
  const equal = <T>(a: T, b: T) => a === b;
  return {
    count: vehicles.length,
    startLink: common(vehicles.map((v) => v.startLinkId), equal),
    capacity: common(vehicles.map((v) => v.capacity), equal),
    operatingHours: common(vehicles.map((v) => ({ t0: v.t0, t1: v.t1 })), (a, b) => a.t0 === b.t0 && a.t1 === b.t1),
  };
}

/** §2: selected vehicles grouped by their start link, links in the order first met, vehicles in their order. */
export function vehiclesByLink(vehicles: readonly DrtVehicle[]): Map<string, DrtVehicle[]> {
  const groups = new Map<string, DrtVehicle[]>();
  for (const vehicle of vehicles) {
    const group = groups.get(vehicle.startLinkId);
    if (group) group.push(vehicle);
    else groups.set(vehicle.startLinkId, [vehicle]);
  }
  return groups;
}

/** A drawn ring closed: the first point repeated at the end (kept as it is when already closed). */
export function closeRing(points: readonly (readonly [number, number])[]): [number, number][] {
  const ring = points.map(([lng, lat]): [number, number] => [lng, lat]);
  const first = ring[0];
  const last = ring.at(-1);
  if (first && last && (ring.length === 1 || first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
}

/**
 * The next service-area feature id: one above the largest whole-number id in the graph (GeoPackage and shapefile
 * features are numbered), 1 when there is none.
 */
export function newDrtAreaId(graph: GraphReader): number {
  let largest = 0;
  for (const { area } of graph.entities<DrtAreaEntity>(DRT_AREA)) {
    const id = typeof area.id === 'number' ? area.id : /^\d+$/.test(area.id) ? Number(area.id) : 0;
    if (Number.isSafeInteger(id) && id > largest) largest = id;
  }
  return largest + 1;
}

/** The Draw area tool's modification: the drawn polygon (closed on its first point) as a new feature without properties. */
export function addDrtAreaOf(graph: GraphReader, points: readonly (readonly [number, number])[]): Mod<'drt/addServiceArea'> {
  const area: DrtServiceArea = { type: 'Feature', id: newDrtAreaId(graph), geometry: { type: 'Polygon', coordinates: [closeRing(points)] }, properties: {} };
  return { type: 'drt/addServiceArea', area };
}
