/**
 * "Revert this one" (issue 25): the modification that puts back what one modification of a changeset changed,
 * added as a NEW modification (history is never rewritten). Computed for every modification of the history in one
 * replay: each step's inverse is read from the network just before it (the link's earlier capacity, the deleted
 * link's attributes, the moved node's place). A revert is offered only when nothing later changed the same link or
 * node again (then that later change is reverted first) and the inverse applies to the network shown now.
 */
import type { Modification, NetworkLeafModification, NetworkModification } from '@corridor/contract';
import type { GraphReader } from './graph/graph.ts';
import type { EditKinds } from './graph/registry.ts';
import { current, unsavedModifications, type VersionHistory } from './graph/versions.ts';
import { isNetworkModification } from './network/entities.ts';
import { linkOf, nodeOf } from './network/read.ts';
import type { Refusal } from './refusal.ts';

export type FeatureRef = { readonly kind: 'link' | 'node'; readonly id: string };

/** Why a modification cannot be reverted now. */
export type RevertBlock =
  /** Transit and DRT kinds (not applied by this editor yet), or `none`. */
  | { readonly code: 'notNetwork' }
  /** The modification did not apply to the loaded network (its link or node is not loaded): its earlier values are not known. */
  | { readonly code: 'notLoaded'; readonly feature: FeatureRef }
  /** A later modification (index) changed the same link or node again. */
  | { readonly code: 'later'; readonly feature: FeatureRef; readonly by: number }
  /** The inverse does not apply to the network now (a node it needs was deleted, …). */
  | { readonly code: 'refused'; readonly reason: Refusal };

export interface RevertStep {
  readonly mod: NetworkLeafModification;
  /** The step that undoes it, from the network just before it. */
  readonly inverse: NetworkLeafModification;
}

export interface RevertEntry {
  /** Position in saved then unsaved. */
  readonly index: number;
  readonly stage: 'saved' | 'unsaved';
  readonly mod: Modification;
  /** Each leaf step with its inverse (empty for kinds this editor does not apply, or when it did not apply). */
  readonly steps: readonly RevertStep[];
  /** The modification "Revert this one" adds; undefined when `blocked`. */
  readonly revert?: NetworkModification;
  readonly blocked?: RevertBlock;
  /** The index of a later modification that is exactly this one's revert. */
  readonly revertedBy?: number;
}

/** The links and nodes a step changes (the ones a later step must not have changed again for a revert). */
export function touched(mod: NetworkLeafModification): FeatureRef {
  switch (mod.type) {
    case 'network/addNode':
      return { kind: 'node', id: mod.node.id };
    case 'network/updateNode':
    case 'network/deleteNode':
      return { kind: 'node', id: mod.id };
    case 'network/addLink':
      return { kind: 'link', id: mod.link.id };
    case 'network/updateLink':
    case 'network/deleteLink':
      return { kind: 'link', id: mod.id };
  }
}

/** The step that undoes `mod` on the network just before it (which `mod` applies to). */
export function inverseStep(before: GraphReader, mod: NetworkLeafModification): NetworkLeafModification {
  switch (mod.type) {
    case 'network/addNode':
      return { type: 'network/deleteNode', id: mod.node.id };
    case 'network/updateNode': {
      const node = nodeOf(before, mod.id)!;
      return { type: 'network/updateNode', id: mod.id, lng: node.lng, lat: node.lat };
    }
    case 'network/deleteNode': {
      const node = nodeOf(before, mod.id)!;
      return { type: 'network/addNode', node: { id: node.id, lng: node.lng, lat: node.lat } };
    }
    case 'network/addLink':
      return { type: 'network/deleteLink', id: mod.link.id };
    case 'network/updateLink': {
      const link = linkOf(before, mod.id)!;
      const changes: Record<string, unknown> = {};
      for (const key of Object.keys(mod.changes) as (keyof typeof mod.changes)[]) {
        if (key === 'attributes') {
          const attributes: Record<string, unknown> = {};
          for (const name of Object.keys(mod.changes.attributes ?? {})) attributes[name] = link.attributes?.[name] ?? null;
          changes.attributes = attributes;
        } else if (key === 'modes') changes.modes = [...link.modes];
        else changes[key] = link[key];
      }
      return { type: 'network/updateLink', id: mod.id, changes } as NetworkLeafModification;
    }
    case 'network/deleteLink':
      return { type: 'network/addLink', link: { ...linkOf(before, mod.id)! } };
  }
}

const leaves = (mod: NetworkModification): readonly NetworkLeafModification[] => (mod.type === 'network/group' ? mod.modifications : [mod]);

/** The inverse steps in reverse order: one leaf, or a group that undoes as one. */
function combine(steps: readonly RevertStep[]): NetworkModification {
  const inverses = steps.map((step) => step.inverse).reverse();
  return inverses.length === 1 ? inverses[0]! : { type: 'network/group', modifications: inverses };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every modification of the history (saved first, then the shown unsaved ones) with its revert or the reason there
 * is none; a revert must apply to the graph shown now. One replay from the base.
 */
export function revertEntries(history: VersionHistory<Modification>, kinds: EditKinds): RevertEntry[] {
  const all = [
    ...history.savedModifications.map((mod) => ({ mod, stage: 'saved' as const })),
    ...unsavedModifications(history).map((mod) => ({ mod, stage: 'unsaved' as const })),
  ];
  const partial: { index: number; stage: 'saved' | 'unsaved'; mod: Modification; steps: RevertStep[]; blocked?: RevertBlock; features: FeatureRef[] }[] = [];
  history.base.simulate((draft) => {
    all.forEach(({ mod, stage }, index) => {
      if (!isNetworkModification(mod) || !kinds.knows(mod)) return void partial.push({ index, stage, mod, steps: [], blocked: { code: 'notNetwork' }, features: [] });
      const features = leaves(mod).map(touched);
      if (kinds.disabled(draft, mod)) {
        return void partial.push({ index, stage, mod, steps: [], blocked: { code: 'notLoaded', feature: features[0]! }, features });
      }
      const steps: RevertStep[] = [];
      for (const step of leaves(mod)) {
        steps.push({ mod: step, inverse: inverseStep(draft, step) });
        kinds.applyTo(draft, step);
      }
      partial.push({ index, stage, mod, steps, features });
    });
  });
  const now = current(history);

  // The last modification (index) that touched each link and node.
  const lastTouch = new Map<string, number>();
  for (const entry of partial) for (const feature of entry.features) lastTouch.set(`${feature.kind}:${feature.id}`, entry.index);

  return partial.map(({ features, ...entry }): RevertEntry => {
    if (entry.blocked) return entry;
    const revert = combine(entry.steps);
    const revertedBy = partial.find((later) => later.index > entry.index && same(later.mod, revert))?.index;
    for (const feature of features) {
      const by = lastTouch.get(`${feature.kind}:${feature.id}`)!;
      if (by > entry.index) return { ...entry, revertedBy, blocked: { code: 'later', feature, by } };
    }
    const reason = kinds.disabled(now, revert);
    if (reason) return { ...entry, revertedBy, blocked: { code: 'refused', reason } };
    return { ...entry, revertedBy, revert };
  });
}
