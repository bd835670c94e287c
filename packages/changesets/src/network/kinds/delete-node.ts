import type { NetworkLeafModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { LINKS_OF_NODE, NODE } from '../entities.ts';

type DeleteNode = Extract<NetworkLeafModification, { type: 'network/deleteNode' }>;

/** Nodes are deleted only when they are left with no links (spec 2 §4). */
export const deleteNode: EditKind<DeleteNode> = {
  type: 'network/deleteNode',
  disabled: (graph, mod) => {
    if (!graph.has(NODE, mod.id)) return refusal('nodeNotFound', { id: mod.id });
    const count = graph.referrers(LINKS_OF_NODE.name, mod.id).length;
    return count > 0 ? refusal('nodeHasLinks', { id: mod.id, count }) : undefined;
  },
  apply: (draft, mod) => draft.remove(NODE, mod.id),
};
