import type { NetworkLeafModification } from '@corridor/contract';
import { deletedFlags, isAdded, type Stage } from '../flags.ts';
import type { NetworkData } from './model.ts';

type DeleteLink = Extract<NetworkLeafModification, { type: 'network/deleteLink' }>;

export function disabled(data: NetworkData, mod: DeleteLink): string | undefined {
  return data.links.has(mod.id) ? undefined : `Link ${mod.id} not found`;
}

/** Deleting something just added removes it; otherwise it is marked deleted. */
export function apply(data: NetworkData, mod: DeleteLink, stage: Stage): NetworkData {
  const link = data.links.get(mod.id)!;
  const links = new Map(data.links);
  links.delete(mod.id);
  if (isAdded(link.flags)) return { ...data, links };
  const deletedLinks = new Map(data.deletedLinks).set(mod.id, { ...link, flags: deletedFlags(link.flags, stage) });
  return { ...data, links, deletedLinks };
}
