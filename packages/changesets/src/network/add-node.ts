import type { NetworkLeafModification } from '@corridor/contract';
import { refusal, type Refusal } from '../refusal.ts';
import { addedFlags, type Stage } from '../flags.ts';
import type { NetworkDraft } from './draft.ts';
import type { NetworkData } from './model.ts';

type AddNode = Extract<NetworkLeafModification, { type: 'network/addNode' }>;

export function disabled(data: NetworkData, mod: AddNode): Refusal | undefined {
  return data.nodes.has(mod.node.id) ? refusal('nodeExists', { id: mod.node.id }) : undefined;
}

export function apply(draft: NetworkDraft, mod: AddNode, stage: Stage): void {
  draft.forgetDeletedNode(mod.node.id);
  draft.setNode({ ...mod.node, flags: addedFlags(stage) });
}
