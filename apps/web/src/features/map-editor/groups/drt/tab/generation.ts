/**
 * DRT generation forms (spec 2 §2 "DRT tab", §4 "DRT generation", §5, §9): the form state none | vehicles | stops,
 * the fields' defaults (10 vehicles, 4 seats, 00:00:00–24:00:00; 10 stops, mode car), their checks (counts and seats
 * at least 1, times HH:MM:SS within the day), the request of each generation call (§7) and the one modification its
 * answer becomes (stops named "Stop " plus the id, not blocking). Pure, so the rules are tested without React.
 */
import { closeRing, DRT_DEFAULTS, generateId, NEW_DRT_STOP_NAME_PREFIX } from '@corridor/changesets';
import {
  DRT_GENERATE_MAX_SEATS,
  DRT_GENERATE_MAX_STOPS,
  DRT_GENERATE_MAX_VEHICLES,
  type AreaGeometry,
  type DrtStop,
  type GenerateStopsAnswer,
  type GenerateStopsRequest,
  type GenerateVehiclesAnswer,
  type GenerateVehiclesRequest,
  type Modification,
} from '@corridor/contract';
import type { LngLat } from '../../../state/types.ts';

/** Spec 2 §4: which generation form is open. */
export type GenerationForm = 'none' | 'vehicles' | 'stops';

/** Operating hours are shown and typed as HH:MM:SS within one day (spec 2 §9: 00:00 to 24:00). */
export const DAY_SECONDS = 24 * 3600;

/** What the vehicle form holds while typed (text, checked on Generate). */
export interface VehicleFields {
  readonly networkFileId: string | null;
  readonly mode: string;
  readonly count: string;
  readonly seats: string;
  readonly startTime: string;
  readonly endTime: string;
}

export interface StopFields {
  readonly networkFileId: string | null;
  readonly mode: string;
  readonly count: string;
}

/** Spec 2 §9 defaults (packages/changesets DRT_DEFAULTS); the network is the editor's. The vehicles' mode stays empty (its placeholder says car). */
export function defaultVehicleFields(networkFileId: number | null): VehicleFields {
  return {
    networkFileId: networkFileId === null ? null : String(networkFileId),
    mode: '',
    count: String(DRT_DEFAULTS.vehicleCount),
    seats: String(DRT_DEFAULTS.seats),
    startTime: formatClock(DRT_DEFAULTS.startTime),
    endTime: formatClock(DRT_DEFAULTS.endTime),
  };
}

export function defaultStopFields(networkFileId: number | null): StopFields {
  return { networkFileId: networkFileId === null ? null : String(networkFileId), mode: DRT_DEFAULTS.mode, count: String(DRT_DEFAULTS.stopCount) };
}

/** The mode sent when the field is left empty: the placeholder's "car". */
export const DEFAULT_MODE = DRT_DEFAULTS.mode;

const two = (value: number) => String(value).padStart(2, '0');

/** HH:MM:SS of seconds after midnight (whole seconds). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** Seconds of "HH:MM:SS" (or "HH:MM") from 00:00:00 to 24:00:00; undefined for anything else. */
export function parseClock(text: string): number | undefined {
  const match = CLOCK.exec(text.trim());
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (minutes >= 60 || seconds >= 60) return undefined;
  const total = hours * 3600 + minutes * 60 + seconds;
  return total <= DAY_SECONDS ? total : undefined;
}

/** A field's problem: a key under `panels.drt.errors` with its values. */
export interface FieldError {
  readonly key: 'count' | 'seats' | 'time' | 'timeOrder' | 'network' | 'max';
  readonly max?: number;
}

/** A whole number of at least 1 and at most `max`, else the error. */
function countOf(text: string, max: number, key: 'count' | 'seats'): number | FieldError {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) return { key };
  const value = Number(trimmed);
  return value > max ? { key: 'max', max } : value;
}

type Errors<F> = Partial<Record<keyof F, FieldError>>;

export type Checked<F, R> = { readonly ok: true; readonly request: R } | { readonly ok: false; readonly errors: Errors<F> };

const isError = (value: unknown): value is FieldError => typeof value === 'object' && value !== null;

/** The vehicle request for the drawn area, or each field's problem (spec 2 §5: count and capacity at least 1). */
export function checkVehicleFields(fields: VehicleFields, area: AreaGeometry): Checked<VehicleFields, GenerateVehiclesRequest> {
  const errors: Errors<VehicleFields> = {};
  const count = countOf(fields.count, DRT_GENERATE_MAX_VEHICLES, 'count');
  const seats = countOf(fields.seats, DRT_GENERATE_MAX_SEATS, 'seats');
  const start = parseClock(fields.startTime);
  const end = parseClock(fields.endTime);
  if (fields.networkFileId === null) errors.networkFileId = { key: 'network' };
  if (isError(count)) errors.count = count;
  if (isError(seats)) errors.seats = seats;
  if (start === undefined) errors.startTime = { key: 'time' };
  if (end === undefined) errors.endTime = { key: 'time' };
  else if (start !== undefined && end < start) errors.endTime = { key: 'timeOrder' };
  if (Object.keys(errors).length > 0 || isError(count) || isError(seats) || start === undefined || end === undefined) return { ok: false, errors };
  return {
    ok: true,
    request: { networkFileId: Number(fields.networkFileId), area, vehicleCount: count, seats, mode: fields.mode.trim() || DEFAULT_MODE, startTime: start, endTime: end },
  };
}

/** The stop request for the drawn area, or each field's problem (spec 2 §5: number of stops at least 1). */
export function checkStopFields(fields: StopFields, area: AreaGeometry): Checked<StopFields, GenerateStopsRequest> {
  const errors: Errors<StopFields> = {};
  const count = countOf(fields.count, DRT_GENERATE_MAX_STOPS, 'count');
  if (fields.networkFileId === null) errors.networkFileId = { key: 'network' };
  if (isError(count)) errors.count = count;
  if (Object.keys(errors).length > 0 || isError(count)) return { ok: false, errors };
  return { ok: true, request: { networkFileId: Number(fields.networkFileId), area, count, mode: fields.mode.trim() || DEFAULT_MODE } };
}

/** The drawn corners as a closed ring (the first corner repeated last). */
export const closedRing = (corners: readonly LngLat[]): [number, number][] => closeRing(corners);

/** The drawn corners as a closed GeoJSON polygon. */
export function areaOfCorners(corners: readonly LngLat[]): AreaGeometry {
  return { type: 'Polygon', coordinates: [closedRing(corners)] };
}

/** Whether an id is in use: a loaded or changed item of the kind (state/network.ts `idTaken`). */
export type IdTaken = (id: string) => boolean;

/**
 * The server's ids where they are free, else fresh ones (spec 2 §9: re-drawn until unique). A generation is
 * deterministic for the same input, so generating twice in one area would otherwise repeat the first ids.
 */
function freeIds<T extends { id: string }>(items: readonly T[], taken: IdTaken, random?: () => string): T[] {
  // A fresh id avoids the answer's own ids too, so it never takes the id a later item keeps.
  const answered = new Set(items.map((item) => item.id));
  const given = new Set<string>();
  return items.map((item) => {
    const id = taken(item.id) || given.has(item.id) ? generateId((candidate) => taken(candidate) || given.has(candidate) || answered.has(candidate), random) : item.id;
    given.add(id);
    return id === item.id ? item : { ...item, id };
  });
}

/** The generated fleet as one modification (spec 2 §4), each vehicle under a free id. */
export function vehiclesModification(answer: GenerateVehiclesAnswer, taken: IdTaken = () => false, random?: () => string): Modification {
  return { type: 'drt/addVehicles', vehicles: freeIds(answer.vehicles, taken, random) };
}

/** Spec 2 §4: a new DRT stop is named "Stop " plus its id and is not blocking. */
export function generatedStop(stop: GenerateStopsAnswer[number]): DrtStop {
  return { id: stop.id, name: `${NEW_DRT_STOP_NAME_PREFIX}${stop.id}`, coordinates: [stop.coordinates[0], stop.coordinates[1]], linkId: stop.linkId, isBlocking: false };
}

/** The generated stops as one modification, each under a free id (and named after it). */
export function stopsModification(answer: GenerateStopsAnswer, taken: IdTaken = () => false, random?: () => string): Modification {
  return { type: 'drt/addStops', stops: freeIds(answer, taken, random).map(generatedStop) };
}

/** The server's reason of a failed call, without the "Failed to generate …:" prefix it may carry already. */
export function failureReason(message: string, prefix: string): string {
  const trimmed = message.trim();
  return trimmed.startsWith(prefix) ? trimmed.slice(prefix.length).trim() : trimmed;
}
