import type { NetworkLeafModification } from '@corridor/contract';
import { refusal, type Refusal } from '../refusal.ts';
import { deletedFlags, isAdded, type Stage } from '../flags.ts';
import type { NetworkDraft } from './draft.ts';
import { linksOfNode, type NetworkData } from './model.ts';

type DeleteNode = Extract<NetworkLeafModification, { type: 'network/deleteNode' }>;

/** Nodes are deleted only when they are left with no links (spec 2 §4). */
export function disabled(data: NetworkData, mod: DeleteNode): Refusal | undefined {
  if (!data.nodes.has(mod.id)) return refusal('nodeNotFound', { id: mod.id });
  const links = linksOfNode(data, mod.id);
  return links.length > 0 ? refusal('nodeHasLinks', { id: mod.id, count: links.length }) : undefined;
}

/** Deleting something just added removes it; otherwise it is marked deleted. */
export function apply(draft: NetworkDraft, mod: DeleteNode, stage: Stage): void {
  const node = draft.nodes.get(mod.id)!;
  draft.removeNode(mod.id);
  if (!isAdded(node.flags)) draft.setDeletedNode({ ...node, flags: deletedFlags(node.flags, stage) });
}
