/**
 * The interface of @corridor/trajectories, fixed first so the server module and this package are built side by side.
 * Pure: no Node APIs (the web app decodes answers with it), no I/O; files are read and written by the caller.
 *
 * Vehicle data of a run, built once from its events (time-ordered, as MATSim writes them):
 * - A SEGMENT is one vehicle on one link: 16 bytes, little-endian: Uint32 vehicle index, Int32 link index (the
 *   link's position in the network binary's `linkIds`; `~index` (negative) for a STATIONARY segment: the vehicle
 *   waiting at the end of its departure link between `vehicle enters traffic` and `left link`), Float32 t0, Float32 t1.
 *   A moving segment runs from the link's from-node at t0 to its to-node at t1 (`entered link` → `left link` or
 *   `vehicle leaves traffic`). A stationary one stays at the to-node. Each stretch in traffic (enters → leaves
 *   traffic) starts with a stationary segment, which is how stretches are told apart.
 * - Segments are stored in the order they end (t1 non-decreasing), cut into WINDOWS of `windowSeconds` (300) by t1;
 *   each window records its byte range, count, earliest t0 and latest t1, so the segments overlapping [from, to] are
 *   one contiguous byte range (`windowRange`).
 * - Link volumes: `entered link` events counted per (hour of the event, vehicle mode, link), stored sparse by hour.
 */
import type { FlowBundleAnswer, LinkVolumeAnswer, TrajectoriesRequest, VisFilter } from '@corridor/contract';

export const SEGMENT_BYTES = 16;

/** The events a build reads (readers can skip every other type without building it). */
export const VEHICLE_EVENT_TYPES = ['vehicle enters traffic', 'left link', 'entered link', 'vehicle leaves traffic', 'vehicle aborts'] as const;

/** A request the vehicle data cannot answer (a filter or attribute it does not know): the caller's mistake, a 400. */
export class VehicleDataRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VehicleDataRequestError';
  }
}
export const WINDOW_SECONDS = 300;

/** What a build needs of the network: link ids (index = position) and per-link length/freespeed for speeds. */
export interface NetworkLinks {
  linkIds: readonly string[];
}

/** The small JSON file beside the binary ones (`vehicles/meta.json`). */
export interface VehicleDataMeta {
  version: 1;
  windowSeconds: number;
  /** Window w covers t1 in [w * windowSeconds, (w + 1) * windowSeconds); empty windows are listed too. */
  windows: { offset: number; count: number; minT0: number; maxT1: number }[];
  segments: number;
  vehicles: number;
  /** Mode names; a vehicle's mode is an index into these (`vehicles.bin`). */
  modes: string[];
  totalEvents: number;
  firstEventTime: number | null;
  lastEventTime: number | null;
  /** Link events naming a link the network does not have (skipped). */
  unknownLinks: number;
  /** Hours covered by the volumes (hour h = [h*3600, (h+1)*3600)). */
  hours: number;
}

/** Where a build writes its files; the caller streams them to disk. Chunks may be reused after the call returns. */
export interface VehicleDataSink {
  segments(chunk: Uint8Array): void;
}

/** What a finished build hands back besides the streamed segments. */
export interface BuiltVehicleData {
  meta: VehicleDataMeta;
  /** Uint16 mode index per vehicle (`vehicles.bin`). */
  vehicleModes: Uint8Array;
  /** Vehicle ids by index (`vehicle-ids.json`). */
  vehicleIds: string[];
  /** The sparse hourly volumes (`volumes.bin`; layout in volumes.ts). */
  volumes: Uint8Array;
}

/**
 * An event as `@corridor/matsim`'s reader builds it (its typed events have no index signature, hence the union);
 * the builder reads `vehicle`, `link` and `networkMode` when they are strings.
 */
export type VehicleDataEvent = { type: string; time: number } | { type: string; time: number; [key: string]: unknown };

/** Streams events in; `event` takes MATSim event objects as `@corridor/matsim`'s reader builds them. */
export interface VehicleDataBuilder {
  event(event: VehicleDataEvent): void;
  /** Ends the stretches still open at the last event time and returns the rest. */
  finish(): BuiltVehicleData;
}

/** The links' geometry and speeds a query needs, by link index (network binary order). */
export interface LinkGeometry {
  /** 4 per link: from lon, from lat, to lon, to lat (WGS 84). */
  coords: Float64Array | Float32Array;
  /** Metres and m/s (NaN when unknown: speeds come out NaN). */
  length: Float64Array | Float32Array;
  freespeed: Float64Array | Float32Array;
}

export interface VehicleDataApi {
  createVehicleDataBuilder(network: NetworkLinks, sink: VehicleDataSink, options?: { windowSeconds?: number }): VehicleDataBuilder;
  /** The byte range [start, end) of `segments.bin` holding every segment that overlaps [from, to]. */
  windowRange(meta: VehicleDataMeta, from: number, to: number): { start: number; end: number };
  /**
   * The binary trajectories answer (contract `visualizer.ts`) from the segment bytes of `windowRange`: segments
   * overlapping the request's window, grouped by vehicle into stretches, points in time order.
   */
  encodeTrajectories(
    segments: Uint8Array,
    request: TrajectoriesRequest,
    data: { meta: VehicleDataMeta; vehicleModes: Uint8Array; links: LinkGeometry },
  ): Uint8Array;
  /** The answer decoded into typed arrays (the web app draws from these). */
  decodeTrajectories(bytes: ArrayBuffer | Uint8Array): DecodedTrajectories;
  linkVolumes(volumes: Uint8Array, meta: VehicleDataMeta, linkIds: readonly string[], request: { timeFilter?: { from: number; to: number }; filters?: VisFilter[] }): LinkVolumeAnswer;
  flowBundle(
    segments: Uint8Array,
    data: { meta: VehicleDataMeta; vehicleModes: Uint8Array; linkIds: readonly string[]; linkIndex: ReadonlyMap<string, number> },
    request: { ids: string[]; timeFilter?: { from: number; to: number }; filters?: VisFilter[] },
  ): FlowBundleAnswer;
}

export interface DecodedTrajectories {
  paths: number;
  vehicle: Int32Array;
  /** Index of each path's first point, plus the total at the end (length paths + 1). */
  startIndices: Int32Array;
  /** 4 per point: lon, lat, time, value. */
  points: Float32Array;
}
