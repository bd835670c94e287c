/**
 * Builds a run's vehicle data from its events in one pass (rules in README.md). Memory: a few bytes per vehicle
 * (state arrays), the id maps, the hourly volumes and one 64 KiB segment chunk; the segments themselves stream out
 * through the sink as they end.
 */
import type { BuiltVehicleData, NetworkLinks, VehicleDataBuilder, VehicleDataSink } from './api.ts';
import { SEGMENT_BYTES, VEHICLE_EVENT_TYPES } from './api.ts';
import { SegmentWriter } from './segments.ts';
import { VolumeCounter } from './volumes.ts';
import { WindowIndex } from './windows.ts';

/** Where a vehicle is: out of traffic, waiting at the end of its departure link, on a link, or between two links. */
const OUT = 0;
const WAITING = 1;
const ON_LINK = 2;
const BETWEEN = 3;
const NO_MODE = 0xffff;
export const UNKNOWN_MODE = 'unknown';

const LINK_EVENTS = new Set<string>(VEHICLE_EVENT_TYPES);

export function createVehicleDataBuilder(network: NetworkLinks, sink: VehicleDataSink, options: { windowSeconds?: number } = {}): VehicleDataBuilder & { retainedBytes(): number } {
  const linkIndex = new Map<string, number>();
  network.linkIds.forEach((id, i) => linkIndex.set(id, i));
  const vehicleIndex = new Map<string, number>();
  const vehicleIds: string[] = [];
  const modes: string[] = [];
  const modeIndex = new Map<string, number>();
  let state = new Uint8Array(1024);
  let link = new Int32Array(1024);
  let since = new Float64Array(1024);
  let mode = new Uint16Array(1024).fill(NO_MODE);
  const writer = new SegmentWriter((chunk) => sink.segments(chunk));
  const windows = new WindowIndex(options.windowSeconds);
  const volumes = new VolumeCounter(network.linkIds.length);
  let totalEvents = 0;
  let firstEventTime: number | null = null;
  let lastEventTime: number | null = null;
  let unknownLinks = 0;

  const modeOf = (name: string): number => {
    let index = modeIndex.get(name);
    if (index === undefined) {
      index = modes.push(name) - 1;
      if (index >= NO_MODE) throw new Error(`Too many vehicle modes (more than ${NO_MODE}).`);
      modeIndex.set(name, index);
    }
    return index;
  };

  const grow = (size: number) => {
    const capacity = state.length * 2;
    if (size <= state.length) return;
    const next = <T extends Uint8Array | Int32Array | Float64Array | Uint16Array>(old: T, make: (n: number) => T): T => {
      const grown = make(capacity);
      grown.set(old as never);
      return grown;
    };
    state = next(state, (n) => new Uint8Array(n));
    link = next(link, (n) => new Int32Array(n));
    since = next(since, (n) => new Float64Array(n));
    mode = next(mode, (n) => new Uint16Array(n).fill(NO_MODE));
  };

  const vehicleOf = (id: string): number => {
    let index = vehicleIndex.get(id);
    if (index === undefined) {
      index = vehicleIds.push(id) - 1;
      vehicleIndex.set(id, index);
      grow(vehicleIds.length);
    }
    return index;
  };

  const emit = (vehicle: number, linkWord: number, t0: number, t1: number) => {
    const start = Math.fround(t0);
    const end = Math.fround(Math.max(t0, t1));
    windows.add(start, end, writer.written * SEGMENT_BYTES);
    writer.write(vehicle, linkWord, start, end);
  };

  /** Ends what the vehicle is doing at `time` (a segment when it is waiting or on a link) and takes it out of traffic. */
  const close = (vehicle: number, time: number) => {
    const s = state[vehicle];
    if (s === WAITING) emit(vehicle, ~link[vehicle]!, since[vehicle]!, time);
    else if (s === ON_LINK) emit(vehicle, link[vehicle]!, since[vehicle]!, time);
    state[vehicle] = OUT;
  };

  return {
    event(event) {
      totalEvents++;
      const time = event.time;
      if (firstEventTime === null || time < firstEventTime) firstEventTime = time;
      if (lastEventTime === null || time > lastEventTime) lastEventTime = time;
      const type = event.type;
      if (!LINK_EVENTS.has(type)) return;
      const { vehicle: vehicleId, link: linkId, networkMode } = event as { vehicle?: unknown; link?: unknown; networkMode?: unknown };
      if (typeof vehicleId !== 'string' || typeof linkId !== 'string') return;
      const vehicle = vehicleOf(vehicleId);
      if (type === 'vehicle enters traffic' && mode[vehicle] === NO_MODE && typeof networkMode === 'string') {
        mode[vehicle] = modeOf(networkMode);
      }
      const index = linkIndex.get(linkId);
      if (index === undefined) {
        unknownLinks++;
        return;
      }
      switch (type) {
        case 'vehicle enters traffic': {
          close(vehicle, time);
          state[vehicle] = WAITING;
          link[vehicle] = index;
          since[vehicle] = time;
          break;
        }
        case 'left link': {
          close(vehicle, time);
          state[vehicle] = BETWEEN;
          break;
        }
        case 'entered link': {
          if (state[vehicle] === WAITING || state[vehicle] === ON_LINK) close(vehicle, time);
          let m = mode[vehicle]!;
          if (m === NO_MODE) m = modeOf(UNKNOWN_MODE);
          volumes.add(time, index, m);
          state[vehicle] = ON_LINK;
          link[vehicle] = index;
          since[vehicle] = time;
          break;
        }
        default:
          // 'vehicle leaves traffic' (after its arrival link, or a same-link trip while still waiting), 'vehicle aborts'.
          close(vehicle, time);
      }
    },

    finish(): BuiltVehicleData {
      const end = lastEventTime ?? 0;
      for (let vehicle = 0; vehicle < vehicleIds.length; vehicle++) close(vehicle, end);
      writer.end();
      const vehicles = vehicleIds.length;
      const vehicleModes = new Uint16Array(vehicles);
      for (let vehicle = 0; vehicle < vehicles; vehicle++) {
        vehicleModes[vehicle] = mode[vehicle] === NO_MODE ? modeOf(UNKNOWN_MODE) : mode[vehicle]!;
      }
      const built = volumes.finish(modes.length);
      return {
        meta: {
          version: 1,
          windowSeconds: windows.seconds,
          windows: windows.windows,
          segments: writer.written,
          vehicles,
          modes,
          totalEvents,
          firstEventTime,
          lastEventTime,
          unknownLinks,
          hours: built.hours,
        },
        vehicleModes: new Uint8Array(vehicleModes.buffer),
        vehicleIds,
        volumes: built.bytes,
      };
    },

    retainedBytes() {
      return (
        state.byteLength + link.byteLength + since.byteLength + mode.byteLength + volumes.retainedBytes() +
        windows.windows.length * 64 + vehicleIds.length * 120 + network.linkIds.length * 60
      );
    },
  };
}
