import type { Modification, NetworkModification } from '@corridor/contract';
import type { Stage } from './flags.ts';
import { applyToDraft, disabledNetwork } from './network/apply.ts';
import { NetworkDraft } from './network/draft.ts';
import type { Refusal } from './refusal.ts';
import type { NetworkData } from './network/model.ts';

export const isNetworkModification = (mod: Modification): mod is NetworkModification => mod.type.startsWith('network/');

/**
 * Applies the network modifications of a list in order (what a run does with a saved changeset). Transit and DRT
 * kinds are skipped here: they apply to other files. One draft for the whole list: each map is copied once, not
 * once per edit, and `data` is left as it was (also when a modification throws ModificationError).
 */
export function replayNetwork(data: NetworkData, mods: readonly Modification[], stage: Stage = 'saved'): NetworkData {
  const draft = new NetworkDraft(data);
  for (const mod of mods) if (isNetworkModification(mod)) applyToDraft(draft, mod, stage);
  return draft.result();
}

/**
 * Like `replayNetwork`, for the editor's view of a partly loaded network: a modification that cannot apply is left
 * out whole (a group leaves no step behind) and its reason collected, instead of ending the replay. Same one draft.
 */
export function replayNetworkSkipping(data: NetworkData, mods: readonly Modification[], stage: Stage = 'saved'): { network: NetworkData; errors: Refusal[] } {
  const draft = new NetworkDraft(data);
  const errors: Refusal[] = [];
  for (const mod of mods) {
    if (!isNetworkModification(mod)) continue;
    const reason = disabledNetwork(draft, mod);
    if (reason) errors.push(reason);
    else applyToDraft(draft, mod, stage);
  }
  return { network: draft.result(), errors };
}
