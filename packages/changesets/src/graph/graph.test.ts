import { describe, expect, it } from 'vitest';
import { graphBase, LINK, NODE, ScenarioGraph, type GraphEntity, type LinkEnds } from './graph.ts';

interface Node extends GraphEntity {
  lng: number;
  lat: number;
}
interface Link extends LinkEnds {
  capacity: number;
}

const nodes: Node[] = [
  { id: 'a', lng: 0, lat: 0 },
  { id: 'b', lng: 1, lat: 0 },
  { id: 'c', lng: 2, lat: 0 },
];
const links: Link[] = [
  { id: 'ab', fromId: 'a', toId: 'b', capacity: 1000 },
  { id: 'ba', fromId: 'b', toId: 'a', capacity: 900 },
];
const base = () =>
  graphBase(
    new Map<string, ReadonlyMap<string, GraphEntity>>([
      [NODE, new Map(nodes.map((n) => [n.id, n]))],
      [LINK, new Map(links.map((l) => [l.id, l]))],
    ]),
  );

describe('the scenario graph (issue 27 core)', () => {
  it('an edit makes a new version; the previous one is unchanged and unchanged entities are shared by identity', () => {
    const g0 = ScenarioGraph.of(base());
    const g1 = g0.edit((d) => d.put(LINK, { ...d.get<Link>(LINK, 'ab')!, capacity: 600 }));
    expect(g0.get<Link>(LINK, 'ab')!.capacity).toBe(1000);
    expect(g1.get<Link>(LINK, 'ab')!.capacity).toBe(600);
    expect(g1.get(LINK, 'ba')).toBe(g0.get(LINK, 'ba'));
    expect(g1.get(NODE, 'a')).toBe(nodes[0]);
    expect(g1.base).toBe(g0.base);
    expect(g1.changedCount).toBe(1);
    expect(g0.changedCount).toBe(0);
  });

  it('keeps the node → links index for added, moved and deleted links, without changing the base index', () => {
    const g0 = ScenarioGraph.of(base());
    expect([...g0.linksOf('a')].sort()).toEqual(['ab', 'ba']);
    const g1 = g0.edit((d) => {
      d.put(LINK, { id: 'bc', fromId: 'b', toId: 'c', capacity: 600 } satisfies Link);
      d.put(LINK, { ...d.get<Link>(LINK, 'ba')!, toId: 'c' });
      d.remove(LINK, 'ab');
    });
    expect(g1.linksOf('a')).toEqual([]);
    expect([...g1.linksOf('b')].sort()).toEqual(['ba', 'bc']);
    expect([...g1.linksOf('c')].sort()).toEqual(['ba', 'bc']);
    expect([...g0.linksOf('a')].sort()).toEqual(['ab', 'ba']);
    expect(g1.has(LINK, 'ab')).toBe(false);
    expect(g0.has(LINK, 'ab')).toBe(true);
  });

  it('lists what changed against the base: created, modified (with the base version) and deleted', () => {
    const g = ScenarioGraph.of(base()).edit((d) => {
      d.put(NODE, { id: 'd', lng: 3, lat: 0 } satisfies Node);
      d.put(NODE, { ...d.get<Node>(NODE, 'a')!, lng: 5 });
      d.remove(NODE, 'c');
    });
    const { created, modified, deleted } = g.changes();
    expect(created.map((e) => e.id)).toEqual(['d']);
    expect(modified).toEqual([{ base: nodes[0], now: { id: 'a', lng: 5, lat: 0 } }]);
    expect(deleted).toEqual([nodes[2]]);
  });

  it('an entity created and then deleted in later versions leaves no change', () => {
    const g1 = ScenarioGraph.of(base()).edit((d) => d.put(NODE, { id: 'd', lng: 3, lat: 0 } satisfies Node));
    const g2 = g1.edit((d) => d.remove(NODE, 'd'));
    expect(g2.changes()).toEqual({ created: [], modified: [], deleted: [] });
    expect(g1.get(NODE, 'd')).toEqual({ id: 'd', lng: 3, lat: 0 });
  });

  it('an edit on a big base copies only the overlay: 1,000 edits in a row keep the base untouched', () => {
    const many = new Map<string, Link>();
    for (let i = 0; i < 100_000; i++) many.set(String(i), { id: String(i), fromId: String(i), toId: String(i + 1), capacity: 600 });
    const big = graphBase(new Map<string, ReadonlyMap<string, GraphEntity>>([[LINK, many]]));
    let g = ScenarioGraph.of(big);
    const versions = [g];
    for (let i = 0; i < 1000; i++) {
      g = g.edit((d) => d.put(LINK, { ...d.get<Link>(LINK, String(i * 97))!, capacity: 601 + i }));
      versions.push(g);
    }
    expect(g.changedCount).toBe(1000);
    expect(many.get('0')!.capacity).toBe(600);
    // Every version still reads as it was made (history as a stack of versions).
    expect(versions[1]!.get<Link>(LINK, '0')!.capacity).toBe(601);
    expect(versions[1]!.get<Link>(LINK, '97')!.capacity).toBe(600);
    expect(versions[500]!.get<Link>(LINK, String(499 * 97))!.capacity).toBe(1100);
  });
});
