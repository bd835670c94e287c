/**
 * `replayNetwork` applies a whole list on one draft (each map copied once): it must give exactly what applying the
 * modifications one by one gives, and leave the network it started from as it was.
 */
import type { Modification, NetworkModification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { applyNetwork, disabledNetwork, ModificationError, networkData, replayNetwork, replayNetworkSkipping, type NetworkData } from './index.ts';

const SIDE = 12;

/** A grid of nodes with links both ways between neighbours. */
function grid(): NetworkData {
  const nodes = Array.from({ length: SIDE * SIDE }, (_, i) => ({ id: `n${i}`, lng: 13 + (i % SIDE) * 0.001, lat: 52 + Math.floor(i / SIDE) * 0.001 }));
  const links = [];
  for (let i = 0; i < SIDE * SIDE; i++) {
    for (const j of [i + 1, i + SIDE]) {
      if ((j === i + 1 && j % SIDE === 0) || j >= SIDE * SIDE) continue;
      for (const [from, to] of [[i, j], [j, i]] as const) {
        links.push({ id: `l${from}-${to}`, fromId: `n${from}`, toId: `n${to}`, length: 70, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] });
      }
    }
  }
  return networkData(nodes, links);
}

/** A reproducible random sequence (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` modifications of every network kind (and groups), each valid on the network the ones before give. */
function edits(data: NetworkData, count: number, seed: number): NetworkModification[] {
  const next = random(seed);
  const pick = <T>(items: Iterable<T>): T => {
    const list = [...items];
    return list[Math.floor(next() * list.length)]!;
  };
  const mods: NetworkModification[] = [];
  let current = data;
  let made = 0;
  while (mods.length < count) {
    const nodeIds = [...current.nodes.keys()];
    const linkIds = [...current.links.keys()];
    const id = `new${made++}`;
    const candidates: NetworkModification[] = [
      { type: 'network/addNode', node: { id, lng: 13 + next() * 0.01, lat: 52 + next() * 0.01 } },
      { type: 'network/updateNode', id: pick(nodeIds), lng: 13 + next() * 0.01, lat: 52 + next() * 0.01 },
      { type: 'network/deleteNode', id: pick(nodeIds) },
      { type: 'network/addLink', link: { id, fromId: pick(nodeIds), toId: pick(nodeIds), length: 5, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car'] } },
      { type: 'network/updateLink', id: pick(linkIds), changes: { capacity: Math.round(next() * 2000), attributes: { note: next() < 0.5 ? null : { type: 'string', value: 'x' } } } },
      { type: 'network/deleteLink', id: pick(linkIds) },
      {
        type: 'network/group',
        modifications: [
          { type: 'network/addNode', node: { id: `${id}g`, lng: 13, lat: 52 } },
          { type: 'network/addLink', link: { id: `${id}g`, fromId: `${id}g`, toId: pick(nodeIds), length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] } },
        ],
      },
    ];
    const mod = pick(candidates);
    if (disabledNetwork(current, mod) !== undefined) continue;
    mods.push(mod);
    current = applyNetwork(current, mod, 'saved');
  }
  return mods;
}

/** Everything a network holds, in a form `toEqual` compares fully. */
const contents = (data: NetworkData) => ({
  nodes: [...data.nodes.entries()],
  links: [...data.links.entries()],
  deletedNodes: [...data.deletedNodes.entries()],
  deletedLinks: [...data.deletedLinks.entries()],
});

describe('replayNetwork', () => {
  it('replaying N edits equals applying them one by one (every kind, groups, both stages)', () => {
    for (const seed of [1, 2, 3]) {
      const data = grid();
      const mods = edits(data, 300, seed);
      const kinds = new Set(mods.map((m) => m.type));
      expect(kinds.size).toBe(7);
      for (const stage of ['saved', 'unsaved'] as const) {
        const stepwise = mods.reduce((current, mod) => applyNetwork(current, mod, stage), data);
        expect(contents(replayNetwork(data, mods, stage))).toEqual(contents(stepwise));
      }
    }
  });

  it('leaves the network it starts from unchanged, also when a modification cannot apply', () => {
    const data = grid();
    const before = contents(data);
    const mods: Modification[] = edits(data, 100, 7);
    replayNetwork(data, mods);
    expect(contents(data)).toEqual(before);
    expect(() => replayNetwork(data, [...mods, { type: 'network/deleteLink', id: 'nope' }])).toThrow(ModificationError);
    expect(contents(data)).toEqual(before);
  });

  it('answers the same network for a list without network modifications; replaying on a replay copies again', () => {
    const data = grid();
    expect(replayNetwork(data, [])).toBe(data);
    const once = replayNetwork(data, edits(data, 20, 9));
    const snapshot = contents(once);
    replayNetwork(once, edits(once, 20, 10));
    expect(contents(once)).toEqual(snapshot);
  });
});

describe('replayNetworkSkipping', () => {
  it('leaves out a modification that cannot apply, a group whole, and names why; the rest as replayNetwork gives it', () => {
    const data = grid();
    const good = edits(data, 50, 11);
    const halfGood: Modification = {
      type: 'network/group',
      modifications: [
        { type: 'network/addNode', node: { id: 'fresh', lng: 13, lat: 52 } },
        { type: 'network/deleteLink', id: 'nope' },
      ],
    };
    const mods: Modification[] = [...good.slice(0, 25), { type: 'network/deleteLink', id: 'nope' }, halfGood, ...good.slice(25)];
    const { network, errors } = replayNetworkSkipping(data, mods, 'unsaved');
    expect(errors).toEqual([
      { code: 'linkNotFound', params: { id: 'nope' } },
      { code: 'linkNotFound', params: { id: 'nope' } },
    ]);
    expect(network.nodes.has('fresh')).toBe(false);
    expect(contents(network)).toEqual(contents(replayNetwork(data, good, 'unsaved')));
    expect(contents(data)).toEqual(contents(grid()));
  });
});
