import type { NetworkLeafModification } from '@corridor/contract';
import { addedFlags, type Stage } from '../flags.ts';
import type { NetworkDraft } from './draft.ts';
import type { NetworkData } from './model.ts';

type AddNode = Extract<NetworkLeafModification, { type: 'network/addNode' }>;

export function disabled(data: NetworkData, mod: AddNode): string | undefined {
  return data.nodes.has(mod.node.id) ? `Node ${mod.node.id} exists` : undefined;
}

export function apply(draft: NetworkDraft, mod: AddNode, stage: Stage): void {
  draft.forgetDeletedNode(mod.node.id);
  draft.setNode({ ...mod.node, flags: addedFlags(stage) });
}
