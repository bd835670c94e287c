import type { NetworkLeafModification } from '@corridor/contract';
import { refusal, type Refusal } from '../refusal.ts';
import { modifiedFlags, type Stage } from '../flags.ts';
import type { NetworkDraft } from './draft.ts';
import type { LinkData, NetworkData } from './model.ts';

type UpdateLink = Extract<NetworkLeafModification, { type: 'network/updateLink' }>;

export function disabled(data: NetworkData, mod: UpdateLink): Refusal | undefined {
  if (!data.links.has(mod.id)) return refusal('linkNotFound', { id: mod.id });
  const missing = [mod.changes.fromId, mod.changes.toId].find((nodeId) => nodeId !== undefined && !data.nodes.has(nodeId));
  return missing === undefined ? undefined : refusal('nodeNotFound', { id: missing });
}

/** Changes only the named fields; an attribute given as null is removed. */
export function apply(draft: NetworkDraft, mod: UpdateLink, stage: Stage): void {
  const link = draft.links.get(mod.id)!;
  const { attributes: attributeChanges, ...changes } = mod.changes;
  const updated: LinkData = { ...link, ...changes, flags: modifiedFlags(link.flags, stage) };
  if (attributeChanges) {
    const attributes = { ...link.attributes };
    for (const [name, value] of Object.entries(attributeChanges)) {
      if (value === null) delete attributes[name];
      else attributes[name] = value;
    }
    updated.attributes = attributes;
  }
  draft.setLink(updated);
}
