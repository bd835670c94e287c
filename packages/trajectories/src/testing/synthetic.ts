/**
 * A synthetic, time-ordered MATSim events stream of any length, generated on the fly (nothing is held but one
 * small state per vehicle): car trips with their person events, over a network of `links` links named `l0` … .
 * Vehicle v first departs at 06:00 + (v·7 mod 3600) s, drives 5–20 links of 5–40 s each, stays 10–60 minutes,
 * and drives again. Deterministic. Used by the memory test and `bench/trajectories.ts`.
 */
export interface SyntheticOptions {
  vehicles?: number;
  links?: number;
}

type Emit = (event: { type: string; time: number; [key: string]: unknown }) => void;

const RING = 4096;

export function syntheticLinkIds(links: number): string[] {
  return Array.from({ length: links }, (_, i) => `l${i}`);
}

/** Emits `total` events (a few more, to end the step) in time order; returns how many it emitted. */
export function syntheticEvents(total: number, emit: Emit, options: SyntheticOptions = {}): number {
  const vehicles = options.vehicles ?? 50_000;
  const links = options.links ?? 10_000;
  const ids = Array.from({ length: vehicles }, (_, v) => `veh${v}`);
  const linkIds = syntheticLinkIds(links);
  const step = new Int32Array(vehicles); // 0: at an activity; k ≥ 1: on the k-th link of the trip
  const trips = new Int32Array(vehicles);
  const ring: number[][] = Array.from({ length: RING }, () => []);
  const start = 6 * 3600;
  for (let v = 0; v < vehicles; v++) ring[(start + ((v * 7) % 3600)) % RING]!.push(v);
  const tripLinks = (v: number) => 5 + ((v * 13 + trips[v]! * 7) % 16);
  const linkOf = (v: number, k: number) => linkIds[(v * 31 + trips[v]! * 101 + k * 17) % links]!;
  const linkSeconds = (v: number, k: number) => 5 + ((v + k * 3) % 36);
  let emitted = 0;
  for (let t = start; emitted < total; t++) {
    const bucket = ring[t % RING]!;
    ring[t % RING] = [];
    for (const v of bucket) {
      const vehicle = ids[v]!;
      const person = vehicle;
      const k = step[v]!;
      let next: number;
      if (k === 0) {
        const link = linkOf(v, 0);
        emit({ type: 'actend', time: t, person, link, actType: 'home' });
        emit({ type: 'departure', time: t, person, link, legMode: 'car', computationalRoutingMode: 'car' });
        emit({ type: 'PersonEntersVehicle', time: t, person, vehicle });
        emit({ type: 'vehicle enters traffic', time: t, person, link, vehicle, networkMode: v % 10 === 0 ? 'truck' : 'car', relativePosition: 1 });
        emitted += 4;
        step[v] = 1;
        next = t + 1;
      } else if (k < tripLinks(v)) {
        emit({ type: 'left link', time: t, link: linkOf(v, k - 1), vehicle });
        emit({ type: 'entered link', time: t, link: linkOf(v, k), vehicle });
        emitted += 2;
        next = t + linkSeconds(v, k);
        step[v] = k + 1;
      } else {
        const link = linkOf(v, k - 1);
        emit({ type: 'vehicle leaves traffic', time: t, person, link, vehicle, networkMode: 'car', relativePosition: 1 });
        emit({ type: 'PersonLeavesVehicle', time: t, person, vehicle });
        emit({ type: 'arrival', time: t, person, link, legMode: 'car' });
        emit({ type: 'actstart', time: t, person, link, actType: 'work' });
        emitted += 4;
        step[v] = 0;
        trips[v] = trips[v]! + 1;
        next = t + 600 + ((v * 37 + trips[v]! * 11) % 3000);
      }
      ring[next % RING]!.push(v);
    }
  }
  return emitted;
}

/** Link geometry for the synthetic links: a 100 × (links/100) grid of 100 m links at 13.9 m/s. */
export function syntheticGeometry(links: number): { coords: Float64Array; length: Float64Array; freespeed: Float64Array } {
  const coords = new Float64Array(links * 4);
  for (let i = 0; i < links; i++) {
    const x = (i % 100) * 100;
    const y = Math.floor(i / 100) * 100;
    coords.set([x, y, x + 100, y], 4 * i);
  }
  return { coords, length: new Float64Array(links).fill(100), freespeed: new Float64Array(links).fill(13.9) };
}
