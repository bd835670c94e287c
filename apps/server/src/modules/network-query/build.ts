/**
 * Builds the binary form (`binary.ts`) and the network info of a network file in one streaming pass. Runs in a
 * worker thread (`workers/tasks.ts`, bounded by `limits.ts`). Coordinates go to WGS 84 from the network's own CRS
 * (its `coordinateReferenceSystem` attribute), else the scenario's (`__crs`); without either they are taken as
 * longitude/latitude. The plausibility check (issue 24): transformed coordinates that are not on Earth (metres in
 * a geographic CRS, no CRS for metres, an unknown CRS) give the info a `problem` the editor and the visualizer
 * show instead of a map (docs/decisions.md).
 */
import { isOnEarth, isPlaneCrs, lngLat, transformer, UnknownCrsError, xy, type LngLat, type XY } from '@corridor/geo';
import { attributeValue, streamNetwork, type Input, type Link } from '@corridor/matsim';
import type { LinkAttributeType, NetworkCrsProblem, NetworkInfo } from '@corridor/contract';
import { encodeNetwork, NO_CODE, type NetworkColumns } from './binary.ts';

/** The fixed link properties, as the editor names them (spec 2 §3), then each link's own attributes. */
const FIXED: [string, (link: Link) => number][] = [
  ['length', (l) => l.length],
  ['capacity', (l) => l.capacity],
  ['lanes', (l) => l.permlanes],
  ['freespeed', (l) => l.freespeed],
];

type Value = string | number;

function customValues(link: Link): [string, Value][] {
  const values: [string, Value][] = [['modes', [...link.modes].join(',')]];
  if (link.type !== undefined) values.push(['type', link.type]);
  if (link.origid !== undefined) values.push(['origid', link.origid]);
  for (const [name, text] of Object.entries(link.extra ?? {})) values.push([name, text]);
  for (const [name, value] of link.attributes ?? []) {
    const typed = attributeValue(value);
    values.push([name, typeof typed === 'boolean' ? String(typed) : typed]);
  }
  return values;
}

class GrowingF64 {
  private data = new Float64Array(1024);
  length = 0;
  push(...values: number[]): void {
    if (this.length + values.length > this.data.length) {
      const next = new Float64Array(Math.max(2 * this.data.length, this.length + values.length));
      next.set(this.data);
      this.data = next;
    }
    for (const v of values) this.data[this.length++] = v;
  }
  done(): Float64Array {
    return this.data.slice(0, this.length);
  }
}

export interface BuiltNetwork {
  binary: Uint8Array;
  info: NetworkInfo;
  crs: string | null;
}

export async function buildNetworkBinary(input: Input, args: { maxBytes: number; crs: string | null }): Promise<BuiltNetwork> {
  const nodeIndex = new Map<string, number>();
  const nodeXy = new GrowingF64();
  const links: { id: string; from: string; to: string; fixed: number[]; custom: [string, Value][] }[] = [];
  const info = await streamNetwork(
    input,
    {
      onNode: (node) => {
        nodeIndex.set(node.id, nodeIndex.size);
        nodeXy.push(node.x, node.y);
      },
      onLink: (link) => void links.push({ id: link.id, from: link.from, to: link.to, fixed: FIXED.map(([, get]) => get(link)), custom: customValues(link) }),
    },
    { maxBytes: args.maxBytes },
  );
  const crs = info.crs ?? args.crs;
  const transform = wgs84Of(crs);
  const { toWgs84 } = transform;
  let { problem } = transform;
  const raw = nodeXy.done();
  const nodeCoords = new Float64Array(raw.length);
  let offEarth = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const point = toWgs84(xy(raw[i]!, raw[i + 1]!));
    if (!isOnEarth(point)) offEarth++;
    nodeCoords[i] = point[0];
    nodeCoords[i + 1] = point[1];
  }
  if (!problem && offEarth > 0) problem = crsProblem(crs ? 'outside' : 'no-crs', crs ?? null);
  const l = links.length;
  const linkFrom = new Uint32Array(l);
  const linkTo = new Uint32Array(l);
  const linkCoords = new Float64Array(4 * l);
  const customs = new Map<string, Value[]>();
  links.forEach((link, i) => {
    const from = nodeIndex.get(link.from);
    const to = nodeIndex.get(link.to);
    if (from === undefined || to === undefined) throw new Error(`Link ${link.id} names a node the network does not have.`);
    linkFrom[i] = from;
    linkTo[i] = to;
    linkCoords.set([nodeCoords[2 * from]!, nodeCoords[2 * from + 1]!, nodeCoords[2 * to]!, nodeCoords[2 * to + 1]!], 4 * i);
    for (const [name, value] of link.custom) {
      let column = customs.get(name);
      if (!column) customs.set(name, (column = new Array<Value>(l)));
      column[i] = value;
    }
  });
  const columns: NetworkColumns = {
    nodeIds: [...nodeIndex.keys()],
    linkIds: links.map((link) => link.id),
    nodeCoords,
    linkCoords,
    linkFrom,
    linkTo,
    numeric: FIXED.map(([name], c) => {
      const values = Float64Array.from(links, (link) => link.fixed[c]!);
      return { meta: { name, type: numericType(values) }, values };
    }),
    categorical: [],
  };
  for (const [name, values] of customs) {
    if (name !== 'modes' && values.every((v) => v === undefined || typeof v === 'number')) {
      const numbers = Float64Array.from(values, (v) => (v === undefined ? Number.NaN : (v as number)));
      columns.numeric.push({ meta: { name, type: numericType(numbers) }, values: numbers });
    } else {
      columns.categorical.push(categorical(name, values));
    }
  }
  const placed = problem ? { centerLat: 0, centerLon: 0, zoom: 3 } : networkInfo(nodeCoords);
  const described: NetworkInfo = { ...placed, crs: crs ?? null, ...(crs && !problem && isPlaneCrs(crs) ? { plane: true } : {}), ...(problem ? { problem } : {}) };
  return { binary: encodeNetwork(columns), info: described, crs: crs ?? null };
}

/**
 * The transform of a file's coordinates to WGS84: from `crs`, or taken as degrees without one; an unknown CRS gives the
 * problem users see instead (and coordinates taken as degrees). Networks and transit schedules alike.
 */
export function wgs84Of(crs: string | undefined | null): { toWgs84: (point: XY) => LngLat; problem?: NetworkCrsProblem } {
  const asDegrees = (point: XY) => lngLat(point[0], point[1]);
  if (!crs) return { toWgs84: asDegrees };
  try {
    return { toWgs84: transformer(crs) };
  } catch (err) {
    if (!(err instanceof UnknownCrsError)) throw err;
    return { toWgs84: asDegrees, problem: crsProblem('unknown', crs) };
  }
}

/** The message users see (spec of issue 24: "These coordinates do not fit EPSG:n — choose the scenario's coordinate system"). */
export function crsProblem(kind: NetworkCrsProblem['kind'], crs: string | null): NetworkCrsProblem {
  const choose = "choose the scenario's coordinate system";
  const message =
    kind === 'unknown'
      ? `The coordinate system "${crs}" is not one Corridor knows — ${choose}.`
      : kind === 'outside'
        ? `These coordinates do not fit ${crs} — ${choose}.`
        : `These coordinates are not longitude and latitude, and the scenario has no coordinate system — ${choose}.`;
  return { kind, crs, message };
}

const numericType = (values: Float64Array): LinkAttributeType => (values.every((v) => Number.isNaN(v) || Number.isInteger(v)) ? 'numeric' : 'decimal');

function categorical(name: string, values: Value[]): NetworkColumns['categorical'][number] {
  const dictionary = new Map<string, number>();
  const codes = new Uint32Array(values.length).fill(NO_CODE);
  values.forEach((value, i) => {
    if (value === undefined) return;
    const text = String(value);
    let code = dictionary.get(text);
    if (code === undefined) dictionary.set(text, (code = dictionary.size));
    codes[i] = code;
  });
  return { meta: { name, type: 'categorical', dictionary: [...dictionary.keys()] }, codes };
}

/** The centre of the nodes' extent and a zoom that shows it whole on a ~1000 px map (spec 2 §9: initial zoom 3). */
export function networkInfo(nodeCoords: Float64Array): NetworkInfo {
  if (nodeCoords.length === 0) return { centerLat: 0, centerLon: 0, zoom: 3 };
  let [minLon, minLat, maxLon, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < nodeCoords.length; i += 2) {
    minLon = Math.min(minLon, nodeCoords[i]!);
    maxLon = Math.max(maxLon, nodeCoords[i]!);
    minLat = Math.min(minLat, nodeCoords[i + 1]!);
    maxLat = Math.max(maxLat, nodeCoords[i + 1]!);
  }
  const span = Math.max(maxLon - minLon, maxLat - minLat, 1e-6);
  const zoom = Math.max(0, Math.min(18, Math.floor(Math.log2(360 / span)) + 1));
  return { centerLat: (minLat + maxLat) / 2, centerLon: (minLon + maxLon) / 2, zoom };
}
