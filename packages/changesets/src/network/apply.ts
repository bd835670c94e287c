/** Dispatch of the network kinds; a group applies its steps in order and is disabled by its first failing step. */
import type { NetworkLeafModification, NetworkModification } from '@corridor/contract';
import type { Stage } from '../flags.ts';
import { refusalText, type Refusal } from '../refusal.ts';
import * as addLink from './add-link.ts';
import * as addNode from './add-node.ts';
import * as deleteLink from './delete-link.ts';
import * as deleteNode from './delete-node.ts';
import { NetworkDraft } from './draft.ts';
import type { NetworkData } from './model.ts';
import * as updateLink from './update-link.ts';
import * as updateNode from './update-node.ts';

interface Kind<M> {
  disabled(data: NetworkData, mod: M): Refusal | undefined;
  /** Applies a modification that is not disabled to the draft. */
  apply(draft: NetworkDraft, mod: M, stage: Stage): void;
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

/** A modification that cannot apply: the English text as message (what the server's answers quote), the code in `refusal`. */
export class ModificationError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusalText(refusal));
  }
}

/** Why the modification cannot apply to this network, or undefined when it can. */
export function disabledNetwork(data: NetworkData, mod: NetworkModification): Refusal | undefined {
  if (mod.type !== 'network/group') return kindOf(mod).disabled(data, mod);
  const draft = new NetworkDraft(data);
  for (const step of mod.modifications) {
    const reason = kindOf(step).disabled(draft, step);
    if (reason) return reason;
    kindOf(step).apply(draft, step, 'unsaved');
  }
  return undefined;
}

/** Applies the modification; throws ModificationError with the reason when it is disabled. */
export function applyNetwork(data: NetworkData, mod: NetworkModification, stage: Stage = 'unsaved'): NetworkData {
  const draft = new NetworkDraft(data);
  applyToDraft(draft, mod, stage);
  return draft.result();
}

/**
 * Applies the modification to the draft (a group step by step); throws ModificationError with the reason when it
 * is disabled, leaving the draft part-way (callers drop it).
 */
export function applyToDraft(draft: NetworkDraft, mod: NetworkModification, stage: Stage): void {
  for (const step of mod.type === 'network/group' ? mod.modifications : [mod]) {
    const reason = kindOf(step).disabled(draft, step);
    if (reason) throw new ModificationError(reason);
    kindOf(step).apply(draft, step, stage);
  }
}
