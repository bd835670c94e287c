import type { NetworkLeafModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { LINK, NODE } from '../entities.ts';

type AddLink = Extract<NetworkLeafModification, { type: 'network/addLink' }>;

export const addLink: EditKind<AddLink> = {
  type: 'network/addLink',
  disabled: (graph, mod) => {
    const { id, fromId, toId } = mod.link;
    if (graph.has(LINK, id)) return refusal('linkExists', { id });
    const missing = [fromId, toId].find((nodeId) => !graph.has(NODE, nodeId));
    return missing === undefined ? undefined : refusal('nodeNotFound', { id: missing });
  },
  apply: (draft, mod) => draft.put(LINK, { ...mod.link }),
};
