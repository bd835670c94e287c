/**
 * DRT vehicles and stops generated inside an area (issue 29, spec 2 §7): runs in the worker pool
 * (`workers/tasks.ts`) on the network's binary form (`network-query/binary.ts`, WGS 84 coordinates and a Flatbush
 * index of the links), so the network's XML is never parsed for it. No HTTP, no database.
 *
 * Rules (docs/decisions.md, "Issue 29 — DRT loading and generation"):
 * - A link is a candidate when its `modes` hold the mode and both its end nodes lie inside the area (a WGS 84
 *   Polygon or MultiPolygon, holes excluded, even-odd rule).
 * - Vehicles are spread over the candidates: each round of `candidates` vehicles takes every candidate once, in an
 *   order drawn anew per round, so no link gets a second vehicle before every candidate has one.
 * - Stops take distinct candidates (drawn without replacement) and sit at the link's to-node: `coord` in the
 *   network's CRS (the WGS 84 position transformed back), `coordinates` in WGS 84.
 * - Ids are 8 hexadecimal characters (spec 2 §9), re-drawn until unique within the answer and unlike `existingIds`.
 * - Everything random comes from one generator seeded by the caller (a hash of the request and the network's blob),
 *   so the same request on the same network gives the same answer.
 */
import type { AreaGeometry, DrtVehicle, GeneratedStop } from '@corridor/contract';
import { transformer, xy } from '@corridor/geo';
import { openInput, type Input } from '@corridor/matsim';
import { decodeNetwork, NO_CODE, type NetworkBinary } from '../network-query/binary.ts';

export interface DrtGenerateArgs {
  maxBytes: number;
  what: 'vehicles' | 'stops';
  area: AreaGeometry;
  mode: string;
  count: number;
  /** Four 32-bit words seeding the generator. */
  seed: [number, number, number, number];
  /** Ids the answer must not use (the editor's current vehicles or stops). */
  existingIds: string[];
  /** Vehicles: seats and operating hours. */
  vehicle?: { seats: number; startTime: number; endTime: number };
  /** Stops: the network's CRS, for `coord` (null: the coordinates are degrees). */
  crs: string | null;
}

/** The answer, or why there is none (the service prefixes "Failed to generate …:"). */
export type DrtGenerated = { vehicles: DrtVehicle[] } | { stops: GeneratedStop[] } | { failure: string };

export async function generateDrt(input: Input, args: DrtGenerateArgs): Promise<DrtGenerated> {
  const parts: Uint8Array[] = [];
  for await (const chunk of openInput(input, { maxBytes: args.maxBytes })) parts.push(chunk);
  const all = Buffer.concat(parts);
  // decodeNetwork needs an 8-aligned start: a fresh copy has one.
  return generateOn(decodeNetwork(new Uint8Array(all.buffer, all.byteOffset, all.byteLength)), args);
}

export function generateOn(net: NetworkBinary, args: DrtGenerateArgs): DrtGenerated {
  const candidates = linksInside(net, args.area, args.mode);
  const random = sfc32(args.seed);
  const used = new Set(args.existingIds);
  const nextId = () => {
    for (;;) {
      const id = (random() >>> 0).toString(16).padStart(8, '0');
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
  const mode = JSON.stringify(args.mode);
  if (candidates.length === 0) {
    const ofMode = linksOfMode(net, args.mode).length;
    return {
      failure:
        ofMode === 0
          ? `no link of the network allows mode ${mode}.`
          : `no link allowing mode ${mode} lies inside the area (the network has ${ofMode} such links; a link counts when both its end nodes are inside).`,
    };
  }
  if (args.what === 'vehicles') {
    const { seats, startTime, endTime } = args.vehicle!;
    const vehicles: DrtVehicle[] = [];
    const order = Uint32Array.from(candidates);
    for (let i = 0; i < args.count; i++) {
      const k = i % order.length;
      if (k === 0) shuffle(order, random, order.length);
      vehicles.push({ id: nextId(), startLinkId: net.linkIds[order[k]!]!, capacity: String(seats), t0: startTime, t1: endTime });
    }
    return { vehicles };
  }
  if (args.count > candidates.length) {
    const links = candidates.length === 1 ? '1 link allows' : `${candidates.length} links allow`;
    return { failure: `only ${links} mode ${mode} inside the area, ${args.count} stops were asked for (one stop per link).` };
  }
  const order = Uint32Array.from(candidates);
  shuffle(order, random, args.count);
  const back = args.crs ? transformer('EPSG:4326', args.crs) : null;
  const stops: GeneratedStop[] = [];
  for (let i = 0; i < args.count; i++) {
    const link = order[i]!;
    const to = net.linkTo[link]!;
    const lng = net.nodeCoords[2 * to]!;
    const lat = net.nodeCoords[2 * to + 1]!;
    const [x, y] = back ? back(xy(lng, lat)) : [lng, lat];
    stops.push({ id: nextId(), linkId: net.linkIds[link]!, coord: { x: round(x), y: round(y) }, coordinates: [lng, lat] });
  }
  return { stops };
}

/** 7 decimals: below a centimetre in degrees, and the transform's rounding noise gone in metres. */
const round = (v: number) => Math.round(v * 1e7) / 1e7;

/** The links whose `modes` hold `mode`, in file order. */
export function linksOfMode(net: NetworkBinary, mode: string): number[] {
  const { codes, allowed } = modesColumn(net, mode);
  const out: number[] = [];
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code !== NO_CODE && allowed.has(code)) out.push(i);
  }
  return out;
}

/** The links' `modes` codes and the codes whose mode list holds `mode`. */
function modesColumn(net: NetworkBinary, mode: string): { codes: Uint32Array; allowed: Set<number> } {
  const column = net.categorical.find((c) => c.meta.name === 'modes');
  const allowed = new Set<number>();
  column?.meta.dictionary.forEach((modes, code) => {
    if (modes.split(',').some((m) => m.trim() === mode)) allowed.add(code);
  });
  return { codes: column?.codes ?? new Uint32Array(0), allowed };
}

/** The links of `mode` with both end nodes inside the area, in file order. */
export function linksInside(net: NetworkBinary, area: AreaGeometry, mode: string): number[] {
  const polygons = area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
  const { codes, allowed } = modesColumn(net, mode);
  if (allowed.size === 0 || net.linkIds.length === 0) return [];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    for (const [x, y] of polygon[0] ?? []) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const nodeInside = new Map<number, boolean>();
  const inside = (node: number) => {
    let known = nodeInside.get(node);
    if (known === undefined) {
      const x = net.nodeCoords[2 * node]!;
      const y = net.nodeCoords[2 * node + 1]!;
      known = polygons.some((polygon) => inPolygon(polygon, x, y));
      nodeInside.set(node, known);
    }
    return known;
  };
  const found = net.index.search(minX, minY, maxX, maxY).sort((a, b) => a - b);
  return found.filter((i) => allowed.has(codes[i]!) && inside(net.linkFrom[i]!) && inside(net.linkTo[i]!));
}

/** Even-odd rule over the outer ring and its holes. */
function inPolygon(rings: [number, number][][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The first `n` places of `items` drawn at random from all of them (Fisher–Yates, stopped early). */
function shuffle(items: Uint32Array, random: () => number, n: number): void {
  for (let i = 0; i < n && i < items.length - 1; i++) {
    const j = i + Math.floor((random() / 2 ** 32) * (items.length - i));
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
}

/** sfc32: a small, fast generator of 32-bit words from a 128-bit seed. */
function sfc32([seedA, seedB, seedC, seedD]: [number, number, number, number]): () => number {
  let a = seedA >>> 0;
  let b = seedB >>> 0;
  let c = seedC >>> 0;
  let d = seedD >>> 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}
