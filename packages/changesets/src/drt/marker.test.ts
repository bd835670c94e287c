/** DRT change and state markers (spec 2 §3) from the graph diff, on real edits (§4 Diff marking). */
import type { Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { replay } from '../graph/replay.ts';
import { EDIT_KINDS } from '../scenario.ts';
import { DRT_AREA, DRT_STOP, DRT_VEHICLE } from './entities.ts';
import { drtMarker, drtMarkerOf } from './marker.ts';
import { drtTestGraph, testVehicle as vehicle } from './testing.ts';

const savedMods: Modification[] = [
  { type: 'drt/updateVehicles', vehicles: [vehicle('v1', 'l0-1', '2')] },
  { type: 'drt/addVehicles', vehicles: [vehicle('v3'), vehicle('v4')] },
  { type: 'drt/deleteStops', ids: ['s2'] },
];
const unsavedMods: Modification[] = [
  { type: 'drt/addVehicles', vehicles: [vehicle('v5'), vehicle('v6')] },
  { type: 'drt/updateVehicles', vehicles: [vehicle('v3', 'l1-2')] },
  { type: 'drt/deleteVehicles', ids: ['v4', 'v6'] },
  { type: 'drt/updateVehicles', vehicles: [vehicle('v2', 'l0-1')] },
  { type: 'drt/deleteStops', ids: ['s1'] },
  { type: 'drt/moveServiceAreaPosition', areaId: 1, index: 1, position: [2, 0] },
];

describe('DRT markers', () => {
  const base = drtTestGraph();
  const saved = replay(base, savedMods, EDIT_KINDS);
  const current = replay(saved, unsavedMods, EDIT_KINDS);
  const of = (kind: string, id: string) => drtMarkerOf(kind, id, saved, current);

  it('an unchanged item has none', () => {
    expect(drtMarkerOf(DRT_VEHICLE, 'v1', base, base)).toBeUndefined();
    expect(drtMarker(undefined)).toBeUndefined();
    expect(drtMarker({})).toBeUndefined();
  });

  it('added: Saved when the saved changeset added it, Unsaved when added now or changed since the save', () => {
    expect(of(DRT_VEHICLE, 'v5')).toEqual({ change: 'added', state: 'Unsaved' });
    expect(drtMarkerOf(DRT_VEHICLE, 'v3', saved, saved)).toEqual({ change: 'added', state: 'Saved' });
    expect(of(DRT_VEHICLE, 'v3')).toEqual({ change: 'added', state: 'Unsaved' });
  });

  it('deleting something just added removes it: no marker (saved or unsaved add)', () => {
    expect(of(DRT_VEHICLE, 'v6')).toBeUndefined();
    expect(of(DRT_VEHICLE, 'v4')).toBeUndefined();
  });

  it('modified and deleted base items, Saved or Unsaved; an unsaved change wins over a saved one', () => {
    expect(of(DRT_VEHICLE, 'v1')).toEqual({ change: 'modified', state: 'Saved' });
    expect(of(DRT_VEHICLE, 'v2')).toEqual({ change: 'modified', state: 'Unsaved' });
    expect(of(DRT_STOP, 's2')).toEqual({ change: 'deleted', state: 'Saved' });
    expect(of(DRT_STOP, 's1')).toEqual({ change: 'deleted', state: 'Unsaved' });
    expect(of(DRT_AREA, '1')).toEqual({ change: 'modified', state: 'Unsaved' });
    const deletedNow = replay(saved, [{ type: 'drt/deleteVehicles', ids: ['v1'] }], EDIT_KINDS);
    expect(drtMarkerOf(DRT_VEHICLE, 'v1', saved, deletedNow)).toEqual({ change: 'deleted', state: 'Unsaved' });
    const modifiedAgain = replay(saved, [{ type: 'drt/updateVehicles', vehicles: [vehicle('v1', 'l0-1', '3')] }], EDIT_KINDS);
    expect(drtMarkerOf(DRT_VEHICLE, 'v1', saved, modifiedAgain)).toEqual({ change: 'modified', state: 'Unsaved' });
  });
});
