import { EDIT_KINDS, LINK, networkGraph, NODE, type ScenarioGraph } from '@corridor/changesets';
import type { Modification } from '@corridor/contract';
import type { NetworkLink } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { allNodes, deletedSegments, directedLinks, flaggedNodes, linkSegments, nodesOf, segmentsOf } from './data.ts';

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

const base = networkGraph(
  [
    { id: 'a', lng: 0, lat: 0 },
    { id: 'b', lng: 1, lat: 0 },
    { id: 'c', lng: 2, lat: 0 },
  ],
  [link('ab', 'a', 'b'), link('ba', 'b', 'a', { capacity: 2000, modes: ['bus'] }), link('bc', 'b', 'c'), link('cx', 'c', 'unknown')],
);

/** The base as loaded, nothing saved. */
const network = { graph: base, saved: base };
/** Unsaved edits on the base. */
const applied = (...mods: Modification[]) => ({ graph: mods.reduce((graph: ScenarioGraph, mod) => EDIT_KINDS.apply(graph, mod), base), saved: base });

describe('map data', () => {
  it('draws one segment per node pair and only links whose two nodes are known', () => {
    expect(linkSegments(network, [])).toEqual([
      { linkId: 'ab', source: [0, 0], target: [1, 0], flag: undefined },
      { linkId: 'bc', source: [1, 0], target: [2, 0], flag: undefined },
    ]);
    expect(segmentsOf(network.graph, ['ba', 'cx'])).toEqual([{ linkId: 'ba', source: [1, 0], target: [0, 0] }]);
  });

  it('colours a pair by its most telling flag and keeps changed links visible through a filter', () => {
    const edited = applied({ type: 'network/updateLink', id: 'ba', changes: { lanes: 3 } });
    const bus = [{ attribute: 'modes', operator: 'in' as const, values: ['bus'] }];
    expect(linkSegments(edited, []).find((segment) => segment.linkId === 'ab')).toMatchObject({ linkId: 'ab', flag: 'modified' });
    expect(linkSegments(network, bus).map((segment) => segment.linkId)).toEqual(['ba']);
    expect(linkSegments(network, [{ attribute: 'capacity', operator: '>=', value: 1000 }]).map((segment) => segment.linkId)).toEqual(['ba']);
    expect(linkSegments(network, [{ attribute: 'capacity', operator: '>', value: 5000 }])).toEqual([]);
    const added = applied({ type: 'network/addLink', link: link('new', 'a', 'c') });
    expect(linkSegments(added, [{ attribute: 'capacity', operator: '>', value: 5000 }]).map((segment) => segment.flag)).toEqual(['added']);
  });

  it('keeps deleted links and nodes drawable at their places', () => {
    const gone = applied({
      type: 'network/group',
      modifications: [
        { type: 'network/deleteLink', id: 'bc' },
        { type: 'network/deleteLink', id: 'cx' },
        { type: 'network/deleteNode', id: 'c' },
      ],
    });
    expect(deletedSegments(gone)).toEqual([{ linkId: 'bc', source: [1, 0], target: [2, 0], flag: 'deleted' }]);
    expect(flaggedNodes(gone)).toEqual([{ nodeId: 'c', position: [2, 0], flag: 'deleted' }]);
    expect(allNodes(gone).map((node) => node.nodeId)).toEqual(['a', 'b']);
    // A deleted link is still found where it was (selection, hover).
    expect(segmentsOf(gone.graph, ['bc'])).toEqual([{ linkId: 'bc', source: [1, 0], target: [2, 0] }]);
  });

  it('flags by comparing the shown graph with the saved one: saved edits in their own colours, moved nodes move their links', () => {
    const saved = EDIT_KINDS.apply(base, { type: 'network/updateLink', id: 'bc', changes: { capacity: 1 } });
    const moved = EDIT_KINDS.apply(saved, { type: 'network/updateNode', id: 'c', lng: 3, lat: 1 });
    const shown = { graph: moved, saved };
    expect(linkSegments(shown, [])).toEqual([
      { linkId: 'ab', source: [0, 0], target: [1, 0], flag: undefined },
      { linkId: 'bc', source: [1, 0], target: [3, 1], flag: 'savedModified' },
    ]);
    expect(flaggedNodes(shown)).toEqual([{ nodeId: 'c', position: [3, 1], flag: 'modified' }]);
    expect(nodesOf(shown, ['a', 'c', 'missing'])).toEqual([
      { nodeId: 'a', position: [0, 0], flag: undefined },
      { nodeId: 'c', position: [3, 1], flag: 'modified' },
    ]);
    // An added node joins the drawn nodes after the loaded ones.
    const added = { graph: EDIT_KINDS.apply(moved, { type: 'network/addNode', node: { id: 'n', lng: 5, lat: 5 } }), saved };
    expect(allNodes(added).map((node) => [node.nodeId, node.flag])).toEqual([
      ['a', undefined],
      ['b', undefined],
      ['c', 'modified'],
      ['n', 'added'],
    ]);
  });

  it('with calculateDiff off marks only unsaved edits: saved changes applied but drawn plain, saved deletions not drawn', () => {
    const saved = [
      { type: 'network/updateLink', id: 'bc', changes: { capacity: 1 } },
      { type: 'network/deleteLink', id: 'ba' },
      { type: 'network/addNode', node: { id: 's', lng: 0, lat: 1 } },
      { type: 'network/addLink', link: link('as', 'a', 's') },
    ] satisfies Modification[];
    const savedGraph = saved.reduce((graph: ScenarioGraph, mod) => EDIT_KINDS.apply(graph, mod), base);
    const graph = EDIT_KINDS.apply(EDIT_KINDS.apply(savedGraph, { type: 'network/updateNode', id: 'c', lng: 3, lat: 1 }), { type: 'network/deleteLink', id: 'ab' });
    const flagsOf = (segments: { linkId: string; flag?: string; target: unknown }[]) => segments.map((segment) => [segment.linkId, segment.flag, segment.target]).sort();
    const on = { graph, saved: savedGraph, calculateDiff: true };
    const off = { graph, saved: savedGraph, calculateDiff: false };
    // On: the saved changeset's colours; off: the same network, only the unsaved deletion of ab marked.
    expect(flagsOf(linkSegments(on, []))).toEqual([
      ['as', 'savedAdded', [0, 1]],
      ['bc', 'savedModified', [3, 1]],
    ]);
    expect(flagsOf(linkSegments(off, []))).toEqual([
      ['as', undefined, [0, 1]],
      ['bc', undefined, [3, 1]],
    ]);
    // ba (saved deletion) and ab (unsaved) are one pair: on, the pair shows the unsaved flag; off, only ab is drawn.
    expect(flagsOf(deletedSegments(on))).toEqual([['ba', 'deleted', [1, 0]]]);
    expect(flagsOf(deletedSegments(off))).toEqual([['ab', 'deleted', [1, 0]]]);
    expect(flaggedNodes(on).map((node) => [node.nodeId, node.flag]).sort()).toEqual([
      ['c', 'modified'],
      ['s', 'savedAdded'],
    ]);
    expect(flaggedNodes(off).map((node) => [node.nodeId, node.flag])).toEqual([['c', 'modified']]);
    expect(allNodes(off).map((node) => [node.nodeId, node.flag])).toEqual([
      ['a', undefined],
      ['b', undefined],
      ['c', 'modified'],
      ['s', undefined],
    ]);
    expect(directedLinks(off, []).flags).toEqual([undefined, undefined]);
    // A saved deletion alone: drawn only with calculateDiff.
    const onlySaved = { graph: savedGraph, saved: savedGraph };
    expect(deletedSegments({ ...onlySaved, calculateDiff: true }).map((segment) => [segment.linkId, segment.flag])).toEqual([['ba', 'savedDeleted']]);
    expect(deletedSegments({ ...onlySaved, calculateDiff: false })).toEqual([]);
  });

  it('rebuilds only the node pairs an edit touched, drawing what a build from scratch draws', () => {
    const mods: Modification[] = [
      { type: 'network/updateNode', id: 'b', lng: 1, lat: 1 },
      { type: 'network/deleteLink', id: 'ab' },
      { type: 'network/addLink', link: link('ca', 'c', 'a') },
      { type: 'network/updateLink', id: 'bc', changes: { fromId: 'c', toId: 'b' } },
      { type: 'network/addNode', node: { id: 'd', lng: 3, lat: 3 } },
      { type: 'network/addLink', link: link('dd', 'd', 'd') },
    ];
    let graph: ScenarioGraph = base;
    for (const mod of mods) {
      graph = EDIT_KINDS.apply(graph, mod);
      const fresh = networkGraph(graph.entities(NODE), graph.entities(LINK));
      const drawn = (segments: { linkId: string; source: unknown; target: unknown }[]) =>
        segments.map(({ linkId, source, target }) => JSON.stringify([linkId, source, target])).sort();
      expect(drawn(linkSegments({ graph, saved: base }, []))).toEqual(drawn(linkSegments({ graph: fresh, saved: fresh }, [])));
    }
    // ba only moved with its node b: no flag of its own.
    expect(linkSegments({ graph, saved: base }, []).map((segment) => [segment.linkId, segment.flag]).sort()).toEqual([
      ['ba', undefined],
      ['bc', 'modified'],
      ['ca', 'added'],
      ['dd', 'added'],
    ]);
  });

  it('gives each drawn link its own ends and flag for the direction arrows, both directions of a pair', () => {
    const edited = applied({ type: 'network/updateLink', id: 'ba', changes: { lanes: 3 } });
    const arrows = directedLinks(edited, []);
    expect(Array.from(arrows.ends)).toEqual([0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 2, 0]);
    expect(arrows.flags).toEqual([undefined, 'modified', undefined]);
    const bus = directedLinks(network, [{ attribute: 'modes', operator: 'in', values: ['bus'] }]);
    expect(Array.from(bus.ends)).toEqual([1, 0, 0, 0]);
  });
});
