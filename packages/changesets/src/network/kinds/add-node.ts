import type { NetworkLeafModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { NODE } from '../entities.ts';

type AddNode = Extract<NetworkLeafModification, { type: 'network/addNode' }>;

export const addNode: EditKind<AddNode> = {
  type: 'network/addNode',
  disabled: (graph, mod) => (graph.has(NODE, mod.node.id) ? refusal('nodeExists', { id: mod.node.id }) : undefined),
  apply: (draft, mod) => draft.put(NODE, { ...mod.node }),
};
