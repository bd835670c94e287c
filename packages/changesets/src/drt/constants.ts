/** Spec 2 §2, §5 and §9 constants of DRT editing, and the pure rules the map and the panels draw by. */

/** §9 default DRT generation forms: vehicles (count, seats, operating seconds of day) and stops (count, mode). */
export const DRT_DEFAULTS = Object.freeze({ vehicleCount: 10, seats: 4, startTime: 0, endTime: 86_400, stopCount: 10, mode: 'car' });
/** §3: a vehicle's capacity when none is given (a text). */
export const DRT_DEFAULT_CAPACITY = '1';
/** §5: vehicle count, capacity and number of stops are at least this. */
export const DRT_MIN_COUNT = 1;
/** §9: more than this many selected vehicles collapse into one summary card (with Delete All). */
export const DRT_SUMMARY_THRESHOLD = 9;
/** §5: lasso and polygon drawing close within this many screen pixels (zoom-scaled) of the first point. */
export const POLYGON_CLOSE_PIXELS = 20;
/** §2: the DRT stop preview shows coordinates to this many decimals. */
export const DRT_COORDINATE_DECIMALS = 5;
/** §4: a new DRT stop's name is this plus its id. */
export const NEW_DRT_STOP_NAME_PREFIX = 'Stop ';

/** Whether this many selected vehicles are shown as the summary card rather than one by one (§2, §9). */
export const showsVehicleSummary = (count: number): boolean => count > DRT_SUMMARY_THRESHOLD;

/** Where a link's vehicles are drawn: fractions along the link (0 start, 1 end), and whether it is one count marker. */
export interface VehicleMarkers {
  readonly fractions: readonly number[];
  /** True when more vehicles than markers: one marker at the midpoint labelled with the count. */
  readonly countMarker: boolean;
}

const MARKERS: readonly VehicleMarkers[] = [
  { fractions: [], countMarker: false },
  { fractions: [0.5], countMarker: false },
  { fractions: [0, 1], countMarker: false },
  { fractions: [0, 0.5, 1], countMarker: false },
].map((markers) => Object.freeze(markers));
const COUNT_MARKER: VehicleMarkers = Object.freeze({ fractions: [0.5], countMarker: true });

/** §9: 1 vehicle at the midpoint, 2 at both ends, 3 at both ends and the midpoint, more as one count marker at the midpoint. */
export function vehicleMarkerPositions(count: number): VehicleMarkers {
  return MARKERS[Math.max(0, Math.floor(count))] ?? COUNT_MARKER;
}
