/**
 * Replaying modifications through the registry: the same code for the editor (a saved changeset opened on the
 * loaded base, refusals kept) and the server (a run's changesets applied to its network file, Export Scenario;
 * the first refusal ends it). Each replay is one `edit` call: one draft for the whole list.
 */
import type { Refusal } from '../refusal.ts';
import type { ScenarioGraph } from './graph.ts';
import type { EditKinds, Modification } from './registry.ts';

/**
 * The graph with the modifications applied in order; throws ModificationError at the first that cannot apply
 * (the graph is left as it was). Modifications of kinds the registry does not know are not applied here (`unknown`
 * says which: transit and DRT kinds until their groups are registered).
 */
export function replay<M extends Modification>(graph: ScenarioGraph, mods: readonly M[], kinds: EditKinds): ScenarioGraph {
  return graph.edit((draft) => {
    for (const mod of mods) if (kinds.knows(mod)) kinds.applyTo(draft, mod);
  });
}

export interface SkippedModification {
  /** Position in the list. */
  readonly index: number;
  readonly refusal: Refusal;
}

/**
 * Like `replay`, for the editor's partly loaded view: a modification that cannot apply is left out whole (a group
 * leaves no step behind) and reported with its position and reason, instead of ending the replay.
 */
export function replaySkipping<M extends Modification>(graph: ScenarioGraph, mods: readonly M[], kinds: EditKinds): { graph: ScenarioGraph; skipped: SkippedModification[] } {
  const skipped: SkippedModification[] = [];
  const next = graph.edit((draft) => {
    mods.forEach((mod, index) => {
      if (!kinds.knows(mod)) return;
      const refusal = kinds.tryApply(draft, mod);
      if (refusal) skipped.push({ index, refusal });
    });
  });
  return { graph: next, skipped };
}
