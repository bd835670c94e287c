import { applyNetwork, networkData } from '@corridor/changesets';
import type { NetworkLink } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { deletedSegments, directedLinks, flaggedNodes, linkSegments, segmentsOf } from './data.ts';

const link = (id: string, fromId: string, toId: string, extra: Partial<NetworkLink> = {}): NetworkLink => ({
  id,
  fromId,
  toId,
  length: 100,
  capacity: 600,
  lanes: 1,
  freespeed: 10,
  modes: ['car'],
  ...extra,
});

const network = networkData(
  [
    { id: 'a', lng: 0, lat: 0 },
    { id: 'b', lng: 1, lat: 0 },
    { id: 'c', lng: 2, lat: 0 },
  ],
  [link('ab', 'a', 'b'), link('ba', 'b', 'a', { capacity: 2000, modes: ['bus'] }), link('bc', 'b', 'c'), link('cx', 'c', 'unknown')],
);

describe('map data', () => {
  it('draws one segment per node pair and only links whose two nodes are known', () => {
    expect(linkSegments(network, [])).toEqual([
      { linkId: 'ab', source: [0, 0], target: [1, 0], flag: undefined },
      { linkId: 'bc', source: [1, 0], target: [2, 0], flag: undefined },
    ]);
    expect(segmentsOf(network, ['ba', 'cx'])).toEqual([{ linkId: 'ba', source: [1, 0], target: [0, 0] }]);
  });

  it('colours a pair by its most telling flag and keeps changed links visible through a filter', () => {
    const edited = applyNetwork(network, { type: 'network/updateLink', id: 'ba', changes: { lanes: 3 } });
    const bus = [{ attribute: 'modes', operator: 'in' as const, values: ['bus'] }];
    expect(linkSegments(edited, [])[0]).toMatchObject({ linkId: 'ab', flag: 'modified' });
    expect(linkSegments(network, bus).map((segment) => segment.linkId)).toEqual(['ba']);
    expect(linkSegments(network, [{ attribute: 'capacity', operator: '>=', value: 1000 }]).map((segment) => segment.linkId)).toEqual(['ba']);
    expect(linkSegments(network, [{ attribute: 'capacity', operator: '>', value: 5000 }])).toEqual([]);
    const added = applyNetwork(network, { type: 'network/addLink', link: link('new', 'a', 'c') });
    expect(linkSegments(added, [{ attribute: 'capacity', operator: '>', value: 5000 }]).map((segment) => segment.flag)).toEqual(['added']);
  });

  it('keeps deleted links and nodes drawable at their places', () => {
    const gone = applyNetwork(network, {
      type: 'network/group',
      modifications: [
        { type: 'network/deleteLink', id: 'bc' },
        { type: 'network/deleteLink', id: 'cx' },
        { type: 'network/deleteNode', id: 'c' },
      ],
    });
    expect(deletedSegments(gone)).toEqual([{ linkId: 'bc', source: [1, 0], target: [2, 0], flag: 'deleted' }]);
    expect(flaggedNodes(gone)).toEqual([{ nodeId: 'c', position: [2, 0], flag: 'deleted' }]);
  });

  it('gives each drawn link its own ends and flag for the direction arrows, both directions of a pair', () => {
    const edited = applyNetwork(network, { type: 'network/updateLink', id: 'ba', changes: { lanes: 3 } });
    const arrows = directedLinks(edited, []);
    expect(Array.from(arrows.ends)).toEqual([0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 2, 0]);
    expect(arrows.flags).toEqual([undefined, 'modified', undefined]);
    const bus = directedLinks(network, [{ attribute: 'modes', operator: 'in', values: ['bus'] }]);
    expect(Array.from(bus.ends)).toEqual([1, 0, 0, 0]);
  });
});
