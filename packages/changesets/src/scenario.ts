/**
 * The scenario graph as the editor and the server use it: every group's entity indexes, edit kinds and effects
 * registered in one place (network, public transport and DRT).
 */
import type { NetworkLink, NetworkNode } from '@corridor/contract';
import { DRT_INDEXES } from './drt/entities.ts';
import { DRT_KINDS } from './drt/kinds/index.ts';
import { GraphBase } from './graph/base.ts';
import type { IndexDefinition } from './graph/entity.ts';
import { ScenarioGraph } from './graph/graph.ts';
import { EditKinds } from './graph/registry.ts';
import { LINK, LINKS_OF_NODE, NODE } from './network/entities.ts';
import { NETWORK_KINDS } from './network/kinds/index.ts';
import { TRANSIT_EFFECTS } from './transit/effects.ts';
import { TRANSIT_INDEXES } from './transit/entities.ts';
import { TRANSIT_KINDS } from './transit/kinds/index.ts';

export const SCENARIO_INDEXES: readonly IndexDefinition[] = [LINKS_OF_NODE, ...TRANSIT_INDEXES, ...DRT_INDEXES];

export const EDIT_KINDS = new EditKinds([...NETWORK_KINDS, ...TRANSIT_KINDS, ...DRT_KINDS], TRANSIT_EFFECTS);

/** An empty base with the scenario's indexes (the editor adds to it as areas load). */
export const scenarioBase = (): GraphBase => new GraphBase(SCENARIO_INDEXES);

/** A graph over a whole network (the server's run and export; tests). */
export function networkGraph(nodes: Iterable<NetworkNode>, links: Iterable<NetworkLink>): ScenarioGraph {
  const base = scenarioBase();
  base.add(NODE, nodes);
  base.add(LINK, links);
  return ScenarioGraph.of(base);
}
