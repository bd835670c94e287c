/** Replay through the registry: one draft for the whole list, the same result as applying step by step. */
import type { Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { NODE } from '../network/entities.ts';
import { EDIT_KINDS } from '../scenario.ts';
import { gridGraph, networkContents, randomEdits } from '../testing.ts';
import { ModificationError } from './registry.ts';
import { replay, replaySkipping } from './replay.ts';

describe('replay', () => {
  it('replaying N edits equals applying them one by one (every kind, groups)', () => {
    for (const seed of [1, 2, 3]) {
      const base = gridGraph(12);
      const { mods, steps } = randomEdits(base, 300, seed);
      expect(new Set(mods.map((m) => m.type)).size).toBe(7);
      expect(networkContents(replay(base, mods, EDIT_KINDS))).toEqual(networkContents(steps.at(-1)!));
    }
  });

  it('leaves the graph it starts from unchanged, also when a modification cannot apply', () => {
    const base = gridGraph(12);
    const before = networkContents(base);
    const { mods } = randomEdits(base, 100, 7);
    replay(base, mods, EDIT_KINDS);
    expect(() => replay(base, [...mods, { type: 'network/deleteLink', id: 'nope' }], EDIT_KINDS)).toThrow(ModificationError);
    expect(networkContents(base)).toEqual(before);
    expect(base.changedCount).toBe(0);
  });

  it('answers the same graph for a list it applies nothing of (kinds the registry does not know are left out)', () => {
    const base = gridGraph(3);
    expect(replay(base, [], EDIT_KINDS)).toBe(base);
    expect(replay(base, [{ type: 'test/unregistered' }], EDIT_KINDS)).toBe(base);
  });
});

describe('replaySkipping', () => {
  it('leaves out a modification that cannot apply, a group whole, and names why with its position', () => {
    const base = gridGraph(12);
    const { mods: good } = randomEdits(base, 50, 11);
    const halfGood: Modification = {
      type: 'network/group',
      modifications: [
        { type: 'network/addNode', node: { id: 'fresh', lng: 13, lat: 52 } },
        { type: 'network/deleteLink', id: 'nope' },
      ],
    };
    const mods: Modification[] = [...good.slice(0, 25), { type: 'network/deleteLink', id: 'nope' }, halfGood, ...good.slice(25)];
    const { graph, skipped } = replaySkipping(base, mods, EDIT_KINDS);
    expect(skipped).toEqual([
      { index: 25, refusal: { code: 'linkNotFound', params: { id: 'nope' } } },
      { index: 26, refusal: { code: 'linkNotFound', params: { id: 'nope' } } },
    ]);
    expect(graph.has(NODE, 'fresh')).toBe(false);
    expect(networkContents(graph)).toEqual(networkContents(replay(base, good, EDIT_KINDS)));
    expect(base.changedCount).toBe(0);
  });
});
