/** A small property: random DRT edits give the same items step by step, replayed, and through the server's save. */
import type { DrtServiceArea, DrtStop, DrtVehicle, Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import type { ScenarioGraph } from '../graph/graph.ts';
import { replay } from '../graph/replay.ts';
import { EDIT_KINDS } from '../scenario.ts';
import { random } from '../testing.ts';
import { addDrtStopAt, addVehiclesOnLink } from './builders.ts';
import { drtAreas, drtStops, drtVehicles } from './read.ts';
import { applyDrtModifications } from './save.ts';
import { drtTestGraph } from './testing.ts';

function edits(start: ScenarioGraph, count: number, seed: number) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)];
  const id = () => Math.floor(next() * 2 ** 32).toString(16).padStart(8, '0');
  const mods: Modification[] = [];
  let graph = start;
  while (mods.length < count) {
    const vehicle = pick(drtVehicles(graph));
    const stop = pick(drtStops(graph));
    const area = pick(drtAreas(graph));
    const position = (): [number, number] => [next(), next()];
    const candidates: (Modification | undefined)[] = [
      addVehiclesOnLink(graph, { linkId: pick(['l0-1', 'l1-2', 'l4-5'])!, count: 1 + Math.floor(next() * 3), capacity: String(1 + Math.floor(next() * 8)), t0: 0, t1: 3600 * Math.floor(1 + next() * 24) }, id),
      vehicle ? { type: 'drt/updateVehicles', vehicles: [{ ...vehicle, capacity: String(1 + Math.floor(next() * 8)) }] } : undefined,
      vehicle ? { type: 'drt/deleteVehicles', ids: [vehicle.id] } : undefined,
      addDrtStopAt(graph, position(), undefined, id),
      stop ? { type: 'drt/deleteStops', ids: [stop.id] } : undefined,
      area ? { type: 'drt/addServiceAreaPosition', areaId: area.id, index: Math.floor(next() * 4), position: position() } : undefined,
      area ? { type: 'drt/moveServiceAreaPosition', areaId: area.id, index: Math.floor(next() * 4), position: position() } : undefined,
    ];
    const mod = pick(candidates.filter((candidate): candidate is Modification => candidate !== undefined));
    if (!mod || EDIT_KINDS.disabled(graph, mod)) continue;
    mods.push(mod);
    graph = EDIT_KINDS.apply(graph, mod);
  }
  return { mods, graph };
}

describe('DRT edits', () => {
  it.each([1, 2])('step by step, replayed and saved per group give the same items (seed %i, 150 edits)', (seed) => {
    const start = drtTestGraph();
    const { mods, graph } = edits(start, 150, seed);
    const replayed = replay(start, mods, EDIT_KINDS);
    expect(drtVehicles(replayed)).toEqual(drtVehicles(graph));
    expect(drtStops(replayed)).toEqual(drtStops(graph));
    expect(drtAreas(replayed)).toEqual(drtAreas(graph));
    expect(applyDrtModifications('vehicles', drtVehicles(start) as DrtVehicle[], mods)).toEqual(drtVehicles(graph));
    expect(applyDrtModifications('stops', drtStops(start) as DrtStop[], mods)).toEqual(drtStops(graph));
    expect(applyDrtModifications('serviceArea', drtAreas(start) as DrtServiceArea[], mods)).toEqual(drtAreas(graph));
    expect(new Set(mods.map((mod) => mod.type)).size).toBe(7);
  });
});
