import type { NetworkLeafModification } from '@corridor/contract';
import { refusal, type Refusal } from '../refusal.ts';
import { deletedFlags, isAdded, type Stage } from '../flags.ts';
import type { NetworkDraft } from './draft.ts';
import type { NetworkData } from './model.ts';

type DeleteLink = Extract<NetworkLeafModification, { type: 'network/deleteLink' }>;

export function disabled(data: NetworkData, mod: DeleteLink): Refusal | undefined {
  return data.links.has(mod.id) ? undefined : refusal('linkNotFound', { id: mod.id });
}

/** Deleting something just added removes it; otherwise it is marked deleted. */
export function apply(draft: NetworkDraft, mod: DeleteLink, stage: Stage): void {
  const link = draft.links.get(mod.id)!;
  draft.removeLink(mod.id);
  if (!isAdded(link.flags)) draft.setDeletedLink({ ...link, flags: deletedFlags(link.flags, stage) });
}
