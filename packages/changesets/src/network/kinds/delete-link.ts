import type { NetworkLeafModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { LINK } from '../entities.ts';

type DeleteLink = Extract<NetworkLeafModification, { type: 'network/deleteLink' }>;

export const deleteLink: EditKind<DeleteLink> = {
  type: 'network/deleteLink',
  disabled: (graph, mod) => (graph.has(LINK, mod.id) ? undefined : refusal('linkNotFound', { id: mod.id })),
  apply: (draft, mod) => draft.remove(LINK, mod.id),
};
