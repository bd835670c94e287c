/**
 * The scenario graph as the editor and the server use it: every group's entity indexes and edit kinds registered
 * in one place (network now; transit and DRT add theirs here as their editing arrives).
 */
import type { NetworkLink, NetworkNode } from '@corridor/contract';
import { GraphBase } from './graph/base.ts';
import type { IndexDefinition } from './graph/entity.ts';
import { ScenarioGraph } from './graph/graph.ts';
import { EditKinds } from './graph/registry.ts';
import { LINK, LINKS_OF_NODE, NODE } from './network/entities.ts';
import { NETWORK_KINDS } from './network/kinds/index.ts';

export const SCENARIO_INDEXES: readonly IndexDefinition[] = [LINKS_OF_NODE];

export const EDIT_KINDS = new EditKinds(NETWORK_KINDS);

/** An empty base with the scenario's indexes (the editor adds to it as areas load). */
export const scenarioBase = (): GraphBase => new GraphBase(SCENARIO_INDEXES);

/** A graph over a whole network (the server's run and export; tests). */
export function networkGraph(nodes: Iterable<NetworkNode>, links: Iterable<NetworkLink>): ScenarioGraph {
  const base = scenarioBase();
  base.add(NODE, nodes);
  base.add(LINK, links);
  return ScenarioGraph.of(base);
}
