/** Dispatch of the network kinds; a group applies its steps in order and is disabled by its first failing step. */
import type { NetworkLeafModification, NetworkModification } from '@corridor/contract';
import type { Stage } from '../flags.ts';
import * as addLink from './add-link.ts';
import * as addNode from './add-node.ts';
import * as deleteLink from './delete-link.ts';
import * as deleteNode from './delete-node.ts';
import type { NetworkData } from './model.ts';
import * as updateLink from './update-link.ts';
import * as updateNode from './update-node.ts';

interface Kind<M> {
  disabled(data: NetworkData, mod: M): string | undefined;
  apply(data: NetworkData, mod: M, stage: Stage): NetworkData;
}
type Leaf = NetworkLeafModification;
const KINDS: { [T in Leaf['type']]: Kind<Extract<Leaf, { type: T }>> } = {
  'network/addNode': addNode,
  'network/updateNode': updateNode,
  'network/deleteNode': deleteNode,
  'network/addLink': addLink,
  'network/updateLink': updateLink,
  'network/deleteLink': deleteLink,
};
const kindOf = (mod: Leaf) => KINDS[mod.type] as Kind<Leaf>;

export class ModificationError extends Error {}

/** Why the modification cannot apply to this network, or undefined when it can. */
export function disabledNetwork(data: NetworkData, mod: NetworkModification): string | undefined {
  if (mod.type !== 'network/group') return kindOf(mod).disabled(data, mod);
  let current = data;
  for (const step of mod.modifications) {
    const reason = kindOf(step).disabled(current, step);
    if (reason) return reason;
    current = kindOf(step).apply(current, step, 'unsaved');
  }
  return undefined;
}

/** Applies the modification; throws ModificationError with the reason when it is disabled. */
export function applyNetwork(data: NetworkData, mod: NetworkModification, stage: Stage = 'unsaved'): NetworkData {
  const steps = mod.type === 'network/group' ? mod.modifications : [mod];
  return steps.reduce((current, step) => {
    const reason = kindOf(step).disabled(current, step);
    if (reason) throw new ModificationError(reason);
    return kindOf(step).apply(current, step, stage);
  }, data);
}
