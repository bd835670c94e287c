/** The server's DRT save: a group's base items with that group's modifications applied (spec 2 §4 Saving). */
import type { DrtServiceArea, DrtVehicle, Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { ModificationError } from '../graph/registry.ts';
import { applyDrtModifications } from './save.ts';

const vehicle = (id: string, startLinkId = 'l1', capacity = '4'): DrtVehicle => ({ id, startLinkId, capacity, t0: 0, t1: 86_400 });
const square: DrtServiceArea = { type: 'Feature', id: 7, geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] }, properties: { name: 'centre' } };

describe('applyDrtModifications', () => {
  it('keeps base order with changes in place, leaves deleted ones out, appends added ones; other groups are left out', () => {
    const mods: Modification[] = [
      { type: 'drt/addVehicles', vehicles: [vehicle('new1'), vehicle('new2')] },
      { type: 'drt/deleteVehicles', ids: ['b'] },
      { type: 'drt/updateVehicles', vehicles: [vehicle('c', 'l9', '8')] },
      { type: 'drt/deleteStops', ids: ['not-a-vehicle'] },
      { type: 'network/deleteLink', id: 'l1' },
      { type: 'drt/deleteVehicles', ids: ['new1'] },
    ];
    const out = applyDrtModifications('drtVehicles', [vehicle('a'), vehicle('b'), vehicle('c')], mods);
    expect(out).toEqual([vehicle('a'), vehicle('c', 'l9', '8'), vehicle('new2')]);
    expect(applyDrtModifications('vehicles', [vehicle('a')], mods.slice(0, 1)).map((v) => v.id)).toEqual(['a', 'new1', 'new2']);
  });

  it('edits service areas by feature id (numbers too) and gives the features back with their own ids and properties', () => {
    const out = applyDrtModifications('serviceArea', [square], [{ type: 'drt/moveServiceAreaPosition', areaId: 7, index: 0, position: [-1, -1] }]);
    expect(out).toEqual([{ ...square, geometry: { type: 'Polygon', coordinates: [[[-1, -1], [1, 0], [1, 1], [0, 1], [-1, -1]]] } }]);
    expect(applyDrtModifications('drtServiceArea', [square], [{ type: 'drt/deleteServiceArea', id: '7' }])).toEqual([]);
  });

  it('throws ModificationError naming the item when a modification cannot apply', () => {
    expect(() => applyDrtModifications('drtStops', [], [{ type: 'drt/deleteStops', ids: ['s9'] }])).toThrow(new ModificationError({ code: 'drtStopNotFound', params: { id: 's9' } }));
    expect(() => applyDrtModifications('drtStops', [], [{ type: 'drt/deleteStops', ids: ['s9'] }])).toThrow('DRT stop s9 not found');
    expect(() => applyDrtModifications('drtVehicles', [vehicle('a')], [{ type: 'drt/addVehicles', vehicles: [vehicle('a')] }])).toThrow('DRT vehicle a exists');
  });
});
