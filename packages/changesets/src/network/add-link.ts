import type { NetworkLeafModification } from '@corridor/contract';
import { refusal, type Refusal } from '../refusal.ts';
import { addedFlags, type Stage } from '../flags.ts';
import type { NetworkDraft } from './draft.ts';
import type { NetworkData } from './model.ts';

type AddLink = Extract<NetworkLeafModification, { type: 'network/addLink' }>;

export function disabled(data: NetworkData, mod: AddLink): Refusal | undefined {
  const { id, fromId, toId } = mod.link;
  if (data.links.has(id)) return refusal('linkExists', { id });
  const missing = [fromId, toId].find((nodeId) => !data.nodes.has(nodeId));
  return missing === undefined ? undefined : refusal('nodeNotFound', { id: missing });
}

export function apply(draft: NetworkDraft, mod: AddLink, stage: Stage): void {
  draft.forgetDeletedLink(mod.link.id);
  draft.setLink({ ...mod.link, flags: addedFlags(stage) });
}
