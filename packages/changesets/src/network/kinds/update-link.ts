import type { NetworkLeafModification, NetworkLink } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { LINK, NODE } from '../entities.ts';

type UpdateLink = Extract<NetworkLeafModification, { type: 'network/updateLink' }>;

/** Changes only the named fields; an attribute given as null is removed. */
export const updateLink: EditKind<UpdateLink> = {
  type: 'network/updateLink',
  disabled: (graph, mod) => {
    if (!graph.has(LINK, mod.id)) return refusal('linkNotFound', { id: mod.id });
    const missing = [mod.changes.fromId, mod.changes.toId].find((nodeId) => nodeId !== undefined && !graph.has(NODE, nodeId));
    return missing === undefined ? undefined : refusal('nodeNotFound', { id: missing });
  },
  apply: (draft, mod) => {
    const link = draft.get<NetworkLink>(LINK, mod.id)!;
    const { attributes: attributeChanges, ...changes } = mod.changes;
    const updated: NetworkLink = { ...link, ...changes };
    if (attributeChanges) {
      const attributes = { ...link.attributes };
      for (const [name, value] of Object.entries(attributeChanges)) {
        if (value === null) delete attributes[name];
        else attributes[name] = value;
      }
      updated.attributes = attributes;
    }
    draft.put(LINK, updated);
  },
};
