/**
 * The DRT vehicle fields of the previews and the add-vehicle form (spec 2 §2, §5, §9): typed as text, checked
 * before anything is saved — counts and capacity whole numbers of at least 1, hours HH:MM:SS with the end not
 * before the start. Pure.
 */
import type { DrtVehicle } from '@corridor/contract';
import type { EditorText } from '../../registry.ts';
import { VEHICLE_FORM_DEFAULTS, type VehicleForm } from '../edits.ts';
import { formatClock, parseClock } from '../time.ts';

export interface VehicleDraft {
  readonly capacity: string;
  readonly t0: string;
  readonly t1: string;
}

export interface AddVehicleDraft extends VehicleDraft {
  readonly count: string;
}

export type DraftErrors = Partial<Record<'count' | 'capacity' | 't0' | 't1', EditorText>>;

export const vehicleDraft = (vehicle: Pick<DrtVehicle, 'capacity' | 't0' | 't1'>): VehicleDraft => ({ capacity: vehicle.capacity, t0: formatClock(vehicle.t0), t1: formatClock(vehicle.t1) });

/** Spec 2 §9: 10 vehicles, 4 seats, 00:00:00 to 24:00:00. */
export const defaultAddVehicleDraft = (): AddVehicleDraft => ({
  count: String(VEHICLE_FORM_DEFAULTS.count),
  capacity: String(VEHICLE_FORM_DEFAULTS.capacity),
  t0: formatClock(VEHICLE_FORM_DEFAULTS.t0),
  t1: formatClock(VEHICLE_FORM_DEFAULTS.t1),
});

const WHOLE = /^\d+$/;
/** The most vehicles one form adds (as the generation call: issue 29's bounds). */
export const MAX_ADDED_VEHICLES = 100_000;

const atLeastOne = (text: string) => WHOLE.test(text.trim()) && Number(text.trim()) >= 1;

/** What is wrong with the fields (catalogue keys), or undefined when they can be saved. */
export function vehicleDraftErrors(draft: VehicleDraft | AddVehicleDraft): DraftErrors | undefined {
  const errors: DraftErrors = {};
  if ('count' in draft && (!atLeastOne(draft.count) || Number(draft.count) > MAX_ADDED_VEHICLES)) errors.count = 'panels.drt.errors.count';
  if (!atLeastOne(draft.capacity)) errors.capacity = 'panels.drt.errors.capacity';
  const t0 = parseClock(draft.t0);
  const t1 = parseClock(draft.t1);
  if (t0 === undefined) errors.t0 = 'panels.drt.errors.time';
  if (t1 === undefined) errors.t1 = 'panels.drt.errors.time';
  else if (t0 !== undefined && t1 < t0) errors.t1 = 'panels.drt.errors.endBeforeStart';
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The fields that differ from the vehicle (a valid draft), or undefined when none does. */
export function vehicleChange(vehicle: Pick<DrtVehicle, 'capacity' | 't0' | 't1'>, draft: VehicleDraft): Partial<Pick<DrtVehicle, 'capacity' | 't0' | 't1'>> | undefined {
  const capacity = String(Number(draft.capacity.trim()));
  const t0 = parseClock(draft.t0)!;
  const t1 = parseClock(draft.t1)!;
  const change = { ...(capacity !== vehicle.capacity ? { capacity } : {}), ...(t0 !== vehicle.t0 ? { t0 } : {}), ...(t1 !== vehicle.t1 ? { t1 } : {}) };
  return Object.keys(change).length > 0 ? change : undefined;
}

/** The add-vehicle form as numbers (a valid draft). */
export function addVehicleForm(draft: AddVehicleDraft): VehicleForm {
  return { count: Number(draft.count.trim()), capacity: Number(draft.capacity.trim()), t0: parseClock(draft.t0)!, t1: parseClock(draft.t1)! };
}
