import type { NetworkLeafModification, NetworkNode } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { NODE } from '../entities.ts';

type UpdateNode = Extract<NetworkLeafModification, { type: 'network/updateNode' }>;

/** Moves the node; attached links refer to it, so their ends follow (spec 2 §4). Link lengths are kept. */
export const updateNode: EditKind<UpdateNode> = {
  type: 'network/updateNode',
  disabled: (graph, mod) => (graph.has(NODE, mod.id) ? undefined : refusal('nodeNotFound', { id: mod.id })),
  apply: (draft, mod) => draft.put(NODE, { ...draft.get<NetworkNode>(NODE, mod.id)!, lng: mod.lng, lat: mod.lat }),
};
