/**
 * The trajectories query: the segments of `windowRange` that overlap [from, to], kept by the mode filters, grouped
 * by vehicle with a counting sort (stable, so each vehicle's segments stay in the order they ended, i.e. in time
 * order), split into stretches, and written straight into the binary answer (layout in answer.ts). Two passes over
 * the grouped segments — one counts paths and points, one writes — so nothing is allocated per point or per path.
 *
 * Points of a stretch: the first segment's start, then each segment's end; a segment that starts where and when
 * the previous one ended shares that point. A moving segment runs from its link's from-node to its to-node, a
 * stationary one stays at its link's to-node. Segments are not cut at the window's edges: a path's first and last
 * points may lie outside [from, to], which keeps positions inside it exact.
 */
import type { TrajectoriesRequest } from '@corridor/contract';
import { VIS_MESSAGES } from '@corridor/contract';
import { VehicleDataRequestError, type LinkGeometry, type VehicleDataMeta } from './api.ts';
import { writeAnswerHeader, answerBytes } from './answer.ts';
import { modeMask } from './filters.ts';
import { SEGMENT_WORDS, segmentView, startsStretch, vehicleModeView } from './segments.ts';

type Attribute = 'none' | 'mode' | 'relative-speed' | 'absolute-speed';
const ATTRIBUTES = new Set<string>(['mode', 'relative-speed', 'absolute-speed']);

function attributeOf(name: string | undefined): Attribute {
  if (name === undefined) return 'none';
  if (!ATTRIBUTES.has(name)) throw new VehicleDataRequestError(VIS_MESSAGES.unknownAttribute(name));
  return name as Attribute;
}

export function encodeTrajectories(
  segments: Uint8Array,
  request: TrajectoriesRequest,
  data: { meta: VehicleDataMeta; vehicleModes: Uint8Array; links: LinkGeometry },
): Uint8Array {
  const attribute = attributeOf(request.attribute);
  const mask = modeMask(request.filters, data.meta.modes);
  const modes = vehicleModeView(data.vehicleModes);
  const { from, to } = request.timeFilter;
  const { count, vehicle, link, time } = segmentView(segments);
  const vehicles = Math.max(data.meta.vehicles, modes.length);

  // Counting sort of the kept segments by vehicle (which segments are kept is decided once).
  const starts = new Int32Array(vehicles + 1);
  const kept = new Uint8Array(count);
  let keptCount = 0;
  for (let i = 0; i < count; i++) {
    const w = i * SEGMENT_WORDS;
    if (time[w + 2]! > to || time[w + 3]! < from) continue;
    if (mask !== null && mask[modes[vehicle[w]!]!] !== 1) continue;
    kept[i] = 1;
    const v = vehicle[w]! + 1;
    starts[v] = starts[v]! + 1;
    keptCount++;
  }
  for (let v = 0; v < vehicles; v++) starts[v + 1] = starts[v + 1]! + starts[v]!;
  const order = new Int32Array(keptCount);
  const next = starts.slice(0, vehicles);
  for (let i = 0; i < count; i++) if (kept[i] === 1) order[next[vehicle[i * SEGMENT_WORDS]!]!++] = i;

  const walk = new StretchWalk(order, { vehicle, link, time }, data.links, attribute, modes);
  const size = walk.run(null);
  const bytes = answerBytes(size.paths, size.points);
  walk.run(writeAnswerHeader(bytes, size.paths));
  return bytes;
}

interface Output {
  vehicle: Int32Array;
  pointCount: Int32Array;
  points: Float32Array;
}

/** Walks the grouped segments path by path; with an output it writes, without it only counts. */
class StretchWalk {
  constructor(
    private readonly order: Int32Array,
    private readonly segment: { vehicle: Uint32Array; link: Int32Array; time: Float32Array },
    private readonly links: LinkGeometry,
    private readonly attribute: Attribute,
    private readonly modes: Uint16Array,
  ) {}

  run(out: Output | null): { paths: number; points: number } {
    const { order, links, segment } = this;
    const coords = links.coords;
    let paths = 0;
    let points = 0;
    let pathStart = 0;
    let prevVehicle = -1;
    let prevT1 = NaN;
    let prevX = NaN;
    let prevY = NaN;
    const point = (x: number, y: number, t: number, value: number) => {
      if (out !== null) {
        const at = points * 4;
        out.points[at] = x;
        out.points[at + 1] = y;
        out.points[at + 2] = t;
        out.points[at + 3] = value;
      }
      points++;
    };
    const endPath = () => {
      if (out !== null && paths > 0) out.pointCount[paths - 1] = points - pathStart;
    };
    for (let k = 0; k < order.length; k++) {
      const w = order[k]! * SEGMENT_WORDS;
      const v = segment.vehicle[w]!;
      const word = segment.link[w + 1]!;
      const t0 = segment.time[w + 2]!;
      const t1 = segment.time[w + 3]!;
      const index = word < 0 ? ~word : word;
      const toX = coords[4 * index + 2]!;
      const toY = coords[4 * index + 3]!;
      const fromX = word < 0 ? toX : coords[4 * index]!;
      const fromY = word < 0 ? toY : coords[4 * index + 1]!;
      // Counting needs no values.
      const value = out === null ? 0 : this.value(v, word, index, t0, t1);
      if (v !== prevVehicle || startsStretch(word, t0, prevT1)) {
        endPath();
        if (out !== null) out.vehicle[paths] = v;
        paths++;
        pathStart = points;
        point(fromX, fromY, t0, value);
      } else if (fromX !== prevX || fromY !== prevY) {
        point(fromX, fromY, t0, value);
      } else if (out !== null) {
        // The shared point starts this segment: it takes this segment's value.
        out.points[(points - 1) * 4 + 3] = value;
      }
      point(toX, toY, t1, value);
      prevVehicle = v;
      prevT1 = t1;
      prevX = toX;
      prevY = toY;
    }
    endPath();
    return { paths, points };
  }

  private value(vehicle: number, word: number, index: number, t0: number, t1: number): number {
    switch (this.attribute) {
      case 'none':
        return NaN;
      case 'mode':
        return this.modes[vehicle] ?? NaN;
      default: {
        if (word < 0) return 0;
        const duration = t1 - t0;
        if (!(duration > 0)) return NaN;
        const speed = this.links.length[index]! / duration;
        return this.attribute === 'absolute-speed' ? speed : speed / this.links.freespeed[index]!;
      }
    }
  }
}
