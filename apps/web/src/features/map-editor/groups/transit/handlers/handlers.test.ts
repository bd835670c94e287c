import { EDIT_KINDS, routeOf, stopOf } from '@corridor/changesets';
import { transitTestGraph } from '@corridor/changesets/testing';
import { describe, expect, it } from 'vitest';
import { NO_SELECTION } from '../../../state/types.ts';
import { editClick } from './edit.ts';
import { moveStops } from './moveStop.ts';
import { deleteStops, toggledStops } from './select.ts';

describe('transit Select', () => {
  it('Shift-click adds a stop group to the selection and takes it out again', () => {
    const one = toggledStops(NO_SELECTION, ['s1']);
    const two = toggledStops(one, ['s2', 's3']);
    expect(two).toEqual({ type: 'transit-stop', stops: ['s1', 's2', 's3'] });
    expect(toggledStops(two, ['s2', 's3'])).toEqual({ type: 'transit-stop', stops: ['s1'] });
    expect(toggledStops(one, ['s1'])).toEqual(NO_SELECTION);
  });

  it('Backspace deletes the selected stops as one modification', () => {
    const graph = transitTestGraph();
    expect(deleteStops(graph, ['s1'])).toEqual({ type: 'transitStop/delete', id: 's1' });
    const both = deleteStops(graph, ['s1', 's2', 'gone']);
    expect(both).toEqual({ type: 'transitStop/group', modifications: [{ type: 'transitStop/delete', id: 's1' }, { type: 'transitStop/delete', id: 's2' }] });
    const after = EDIT_KINDS.apply(graph, both!);
    expect(routeOf(after, 'L1', 'R1')!.stops.map((stop) => stop.id)).toEqual(['s3']);
    expect(deleteStops(graph, ['gone'])).toBeUndefined();
  });
});

describe('Move Stop', () => {
  it('moves every stop of the group by the pointer way; a press without movement changes nothing', () => {
    const graph = transitTestGraph();
    expect(moveStops(graph, ['s1'], [13, 52], [13, 52])).toBeUndefined();
    const mod = moveStops(graph, ['s1', 's2'], [13, 52], [13.001, 52.002])!;
    const after = EDIT_KINDS.apply(graph, mod);
    expect(stopOf(after, 's1')!.coordinates[0]).toBeCloseTo(13.001, 9);
    expect(stopOf(after, 's2')!.coordinates[1]).toBeCloseTo(52.002, 9);
    expect(stopOf(after, 's2')!.name).toBe('Stop s2');
  });
});

describe('transit Edit (spec 2 §4 network-route edit)', () => {
  const graph = transitTestGraph();
  it('adds a clicked stop at the end of the route being edited', () => {
    expect(editClick(graph, { type: 'transit-route', lineId: 'L1', routeId: 'R1' }, { stops: ['s4'] })).toEqual({ type: 'route/addStop', lineId: 'L1', routeId: 'R1', stopId: 's4', afterIndex: 2 });
    expect(editClick(graph, NO_SELECTION, { stops: ['s4'] })).toBeUndefined();
  });

  it('in add mode appends a link leaving the end node, puts one entering the start node first, and refuses others', () => {
    const selection = { type: 'transit-network-route', lineId: 'L1', routeId: 'R1', mode: 'add' } as const;
    // R1 runs n0 → n1 → n2 → n5 on the 3×3 grid.
    expect(editClick(graph, selection, { linkId: 'l5-8' })).toMatchObject({ type: 'networkRoute/addLink', linkId: 'l5-8', index: 3 });
    expect(editClick(graph, selection, { linkId: 'l5-2' })).toMatchObject({ type: 'networkRoute/addLink', linkId: 'l5-2', index: 3 });
    expect(editClick(graph, selection, { linkId: 'l3-0' })).toMatchObject({ type: 'networkRoute/addLink', linkId: 'l3-0', index: 0 });
    expect(editClick(graph, selection, { linkId: 'l4-7' })).toBeUndefined();
  });

  it('starts an empty network route with any link, and in delete mode removes a clicked link of the route', () => {
    expect(editClick(graph, { type: 'transit-network-route', lineId: 'L2', routeId: 'R3', mode: 'add' }, { linkId: 'l4-7' })).toMatchObject({ index: 0, linkId: 'l4-7' });
    expect(editClick(graph, { type: 'transit-network-route', lineId: 'L1', routeId: 'R1', mode: 'delete' }, { linkId: 'l1-2' })).toEqual({ type: 'networkRoute/deleteLink', lineId: 'L1', routeId: 'R1', index: 1 });
    expect(editClick(graph, { type: 'transit-network-route', lineId: 'L1', routeId: 'R1', mode: 'none' }, { linkId: 'l5-8' })).toBeUndefined();
  });
});
