/**
 * A kind that crosses groups (as transit kinds will: deleting a link changes the routes that use it) is expressed in
 * the registry alone: its apply changes entities of two kinds, atomically, and undo gives both back.
 */
import type { Modification, NetworkLink } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { graphOf, lists, newHistory, push, redo, undo } from '../history.ts';
import { LINK } from '../network/entities.ts';
import { refusal } from '../refusal.ts';
import { EDIT_KINDS, SCENARIO_INDEXES } from '../scenario.ts';
import { gridNetwork } from '../testing.ts';
import { GraphBase } from './base.ts';
import type { IndexDefinition } from './entity.ts';
import { ScenarioGraph } from './graph.ts';
import type { EditKind } from './registry.ts';

const ROUTE = 'testRoute';
interface Route {
  readonly id: string;
  readonly linkIds: readonly string[];
}
const ROUTES_OF_LINK: IndexDefinition = { name: 'routesOfLink', kind: ROUTE, keyKind: LINK, keys: (route) => (route as Route).linkIds };

type DeleteLinkInRoutes = { type: 'test/deleteLinkInRoutes'; id: string };
const deleteLinkInRoutes: EditKind<DeleteLinkInRoutes> = {
  type: 'test/deleteLinkInRoutes',
  disabled: (graph, mod) => (graph.has(LINK, mod.id) ? undefined : refusal('linkNotFound', { id: mod.id })),
  apply: (draft, mod) => {
    for (const routeId of draft.referrers(ROUTES_OF_LINK.name, mod.id)) {
      const route = draft.get<Route>(ROUTE, routeId)!;
      draft.put(ROUTE, { ...route, linkIds: route.linkIds.filter((id) => id !== mod.id) });
    }
    draft.remove(LINK, mod.id);
  },
};
const kinds = EDIT_KINDS.with(deleteLinkInRoutes);

function scenario(): ScenarioGraph {
  const base = new GraphBase([...SCENARIO_INDEXES, ROUTES_OF_LINK]);
  const { nodes, links } = gridNetwork(5);
  base.add('node', nodes);
  base.add(LINK, links);
  const routes: Route[] = [
    { id: 'r1', linkIds: ['l0-1', 'l1-2', 'l2-3'] },
    { id: 'r2', linkIds: ['l1-2', 'l2-7'] },
    { id: 'r3', linkIds: ['l5-6'] },
  ];
  base.add(ROUTE, routes);
  return ScenarioGraph.of(base);
}
const routeLinks = (graph: ScenarioGraph, id: string) => graph.get<Route>(ROUTE, id)!.linkIds;

describe('a cross-group kind', () => {
  it('deletes the link and shortens every route that used it, in one version; undo and redo give both back', () => {
    const start = newHistory(scenario(), 'x', kinds);
    const history = push(start, { type: 'test/deleteLinkInRoutes', id: 'l1-2' } as unknown as Modification, kinds);
    const after = graphOf(history);
    expect(after.has(LINK, 'l1-2')).toBe(false);
    expect(routeLinks(after, 'r1')).toEqual(['l0-1', 'l2-3']);
    expect(routeLinks(after, 'r2')).toEqual(['l2-7']);
    expect(after.get(ROUTE, 'r3')).toBe(graphOf(start).get(ROUTE, 'r3'));
    expect([...after.referrers(ROUTES_OF_LINK.name, 'l1-2')]).toEqual([]);
    expect(lists(history).unsaved).toHaveLength(1);

    const undone = undo(history);
    expect(graphOf(undone)).toBe(graphOf(start));
    expect(routeLinks(graphOf(undone), 'r1')).toEqual(['l0-1', 'l1-2', 'l2-3']);
    expect(graphOf(undone).get<NetworkLink>(LINK, 'l1-2')).toBeDefined();
    expect(graphOf(redo(undone))).toBe(after);
  });

  it('applies atomically: in a group whose later step fails, neither the routes nor the link change', () => {
    const graph = scenario();
    const group = { type: 'network/group', modifications: [{ type: 'test/deleteLinkInRoutes', id: 'l1-2' }, { type: 'network/deleteNode', id: 'n0' }] };
    expect(kinds.disabled(graph, group)).toEqual({ code: 'nodeHasLinks', params: { id: 'n0', count: 4 } });
    expect(() => kinds.apply(graph, group)).toThrow('Node n0 still has 4 link(s)');
    const kept = push(newHistory(graph, 'x', kinds), group as unknown as Modification, kinds);
    expect(graphOf(kept)).toBe(graph);
    expect(routeLinks(graphOf(kept), 'r1')).toEqual(['l0-1', 'l1-2', 'l2-3']);
  });
});
