import type { NetworkLeafModification } from '@corridor/contract';
import { refusal, type Refusal } from '../refusal.ts';
import { modifiedFlags, type Stage } from '../flags.ts';
import type { NetworkDraft } from './draft.ts';
import type { NetworkData } from './model.ts';

type UpdateNode = Extract<NetworkLeafModification, { type: 'network/updateNode' }>;

export function disabled(data: NetworkData, mod: UpdateNode): Refusal | undefined {
  return data.nodes.has(mod.id) ? undefined : refusal('nodeNotFound', { id: mod.id });
}

/** Moves the node; attached links refer to it, so their ends follow (spec 2 §4). Link lengths are kept. */
export function apply(draft: NetworkDraft, mod: UpdateNode, stage: Stage): void {
  const node = draft.nodes.get(mod.id)!;
  draft.setNode({ ...node, lng: mod.lng, lat: mod.lat, flags: modifiedFlags(node.flags, stage) });
}
