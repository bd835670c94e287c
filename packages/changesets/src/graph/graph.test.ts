/** The scenario graph (issue 27): versions share what they did not change; indexes follow edits and loads. */
import type { NetworkLink, NetworkNode } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { LINK, LINKS_OF_NODE, NODE } from '../network/entities.ts';
import { scenarioBase } from '../scenario.ts';
import { gridGraph } from '../testing.ts';
import { ScenarioGraph } from './graph.ts';

const link = (id: string, fromId: string, toId: string, capacity = 1000): NetworkLink => ({ id, fromId, toId, length: 1, capacity, lanes: 1, freespeed: 1, modes: ['car'] });
const nodes: NetworkNode[] = [{ id: 'a', lng: 0, lat: 0 }, { id: 'b', lng: 1, lat: 0 }, { id: 'c', lng: 2, lat: 0 }];

function small(): ScenarioGraph {
  const base = scenarioBase();
  base.add(NODE, nodes);
  base.add(LINK, [link('ab', 'a', 'b'), link('ba', 'b', 'a', 900)]);
  return ScenarioGraph.of(base);
}
const linksOf = (graph: { referrers(index: string, key: string): readonly string[] }, node: string) => [...graph.referrers(LINKS_OF_NODE.name, node)].sort();

describe('the scenario graph', () => {
  it('index lists appended to within one edit stay as they were in earlier versions, views and failed attempts', () => {
    const g0 = small();
    const g1 = g0.edit((d) => {
      d.put(LINK, link('ac1', 'a', 'c'));
      d.put(LINK, link('ac2', 'a', 'c'));
    });
    let view: ScenarioGraph | undefined;
    const g2 = g1.edit((d) => {
      d.put(LINK, link('ac3', 'a', 'c'));
      view = d.view();
      d.put(LINK, link('ac4', 'a', 'c'));
      d.attempt(() => {
        d.put(LINK, link('ac5', 'a', 'c'));
        throw new Error('refused');
      });
    });
    expect(linksOf(g0, 'c')).toEqual([]);
    expect(linksOf(g1, 'c')).toEqual(['ac1', 'ac2']);
    expect(linksOf(view!, 'c')).toEqual(['ac1', 'ac2', 'ac3']);
    expect(linksOf(g2, 'c')).toEqual(['ac1', 'ac2', 'ac3', 'ac4']);
    expect(linksOf(g2, 'a')).toEqual(['ab', 'ac1', 'ac2', 'ac3', 'ac4', 'ba']);
  });

  it('an edit makes a new version; the previous one is unchanged and unchanged entities are shared by identity', () => {
    const g0 = small();
    const g1 = g0.edit((d) => d.put(LINK, { ...d.get<NetworkLink>(LINK, 'ab')!, capacity: 600 }));
    expect(g0.get<NetworkLink>(LINK, 'ab')!.capacity).toBe(1000);
    expect(g1.get<NetworkLink>(LINK, 'ab')!.capacity).toBe(600);
    expect(g1.get(LINK, 'ba')).toBe(g0.get(LINK, 'ba'));
    expect(g1.get(NODE, 'a')).toBe(nodes[0]);
    expect(g1.base).toBe(g0.base);
    expect([g0.changedCount, g1.changedCount]).toEqual([0, 1]);
    expect([g0.changed(LINK, 'ab'), g1.changed(LINK, 'ab'), g1.changed(LINK, 'ba')]).toEqual([false, true, false]);
  });

  it('on a large graph, each of many versions shares every entity it did not change with the one before', () => {
    let graph = gridGraph(60); // 14,160 links
    const versions = [graph];
    for (let i = 0; i < 200; i++) {
      graph = graph.edit((d) => d.put(LINK, { ...d.get<NetworkLink>(LINK, `l${i}-${i + 1}`)!, capacity: i }));
      versions.push(graph);
    }
    for (let i = 0; i < 200; i += 37) {
      const [before, after] = [versions[i]!, versions[i + 1]!];
      expect(after.get<NetworkLink>(LINK, `l${i}-${i + 1}`)!.capacity).toBe(i);
      expect(before.get<NetworkLink>(LINK, `l${i}-${i + 1}`)!.capacity).toBe(600);
      for (const id of ['l0-1', 'l1-0', `l${i + 1}-${i + 2}`, 'l100-160']) if (id !== `l${i}-${i + 1}`) expect(after.get(LINK, id)).toBe(before.get(LINK, id));
      expect(after.changedCount).toBe(before.changedCount + 1);
    }
  });

  it('keeps the node → links index for added, moved and deleted links, without changing the base index', () => {
    const g0 = small();
    expect(linksOf(g0, 'a')).toEqual(['ab', 'ba']);
    const g1 = g0.edit((d) => {
      d.put(LINK, link('bc', 'b', 'c'));
      d.put(LINK, { ...d.get<NetworkLink>(LINK, 'ba')!, toId: 'c' });
      d.remove(LINK, 'ab');
    });
    expect(linksOf(g1, 'a')).toEqual([]);
    expect(linksOf(g1, 'b')).toEqual(['ba', 'bc']);
    expect(linksOf(g1, 'c')).toEqual(['ba', 'bc']);
    expect(linksOf(g0, 'a')).toEqual(['ab', 'ba']);
    expect(linksOf(g0, 'c')).toEqual([]);
    const g2 = g1.edit((d) => d.put(LINK, { ...d.get<NetworkLink>(LINK, 'ba')!, toId: 'a' }));
    expect(linksOf(g2, 'a')).toEqual(['ba']);
    expect(linksOf(g2, 'c')).toEqual(['bc']);
    const loop = g2.edit((d) => d.put(LINK, link('cc', 'c', 'c')));
    expect(linksOf(loop, 'c')).toEqual(['bc', 'cc']);
  });

  it('reads entities loaded into the base later from every version; edited ones stay as edited', () => {
    const g0 = small();
    const g1 = g0.edit((d) => {
      d.remove(LINK, 'ab');
      d.put(NODE, { id: 'c', lng: 5, lat: 5 });
    });
    g0.base.add(NODE, [{ id: 'd', lng: 3, lat: 0 }, { id: 'c', lng: 9, lat: 9 }]);
    g0.base.add(LINK, [link('cd', 'c', 'd'), link('ab', 'a', 'b', 1)]);
    expect(g1.get(NODE, 'd')).toEqual({ id: 'd', lng: 3, lat: 0 });
    expect(g1.get(NODE, 'c')).toEqual({ id: 'c', lng: 5, lat: 5 });
    expect(g1.get(LINK, 'ab')).toBeUndefined();
    expect(g0.get<NetworkLink>(LINK, 'ab')!.capacity).toBe(1000); // a known entity is never replaced by a load
    expect(linksOf(g1, 'c')).toEqual(['cd']);
    expect(linksOf(g1, 'a')).toEqual(['ba']);
    g0.base.remove(LINK, ['cd']);
    expect(linksOf(g1, 'c')).toEqual([]);
    expect(g1.has(LINK, 'cd')).toBe(false);
  });

  it('lists every entity of a kind as edits left it, and the changed ones', () => {
    const g1 = small().edit((d) => {
      d.remove(LINK, 'ab');
      d.put(LINK, link('x', 'a', 'c'));
      d.put(LINK, { ...d.get<NetworkLink>(LINK, 'ba')!, capacity: 1 });
    });
    expect([...g1.entities<NetworkLink>(LINK)].map((l) => [l.id, l.capacity])).toEqual([['ba', 1], ['x', 1000]]);
    expect(new Map(g1.changedEntities(LINK)).get('ab')).toBeNull();
  });

  it('an edit that throws makes nothing; attempt puts a draft back as it was', () => {
    const g0 = small();
    expect(() => g0.edit((d) => { d.remove(LINK, 'ab'); throw new Error('no'); })).toThrow('no');
    expect(g0.has(LINK, 'ab')).toBe(true);
    const g1 = g0.edit((d) => {
      d.put(NODE, { id: 'x', lng: 0, lat: 0 });
      const error = d.attempt(() => {
        d.remove(LINK, 'ab');
        d.put(LINK, link('ax', 'a', 'x'));
        throw new Error('half');
      });
      expect((error as Error).message).toBe('half');
      expect(d.has(LINK, 'ab')).toBe(true);
      expect(d.has(LINK, 'ax')).toBe(false);
      expect([...d.referrers(LINKS_OF_NODE.name, 'x')]).toEqual([]);
      d.put(LINK, link('xa', 'x', 'a')); // the draft keeps working after a rollback
    });
    expect([g1.has(NODE, 'x'), g1.has(LINK, 'ab'), g1.has(LINK, 'ax'), g1.has(LINK, 'xa')]).toEqual([true, true, false, true]);
    expect(linksOf(g1, 'x')).toEqual(['xa']);
  });
});
