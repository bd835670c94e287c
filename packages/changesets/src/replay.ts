import type { Modification, NetworkModification } from '@corridor/contract';
import type { Stage } from './flags.ts';
import { applyNetwork } from './network/apply.ts';
import type { NetworkData } from './network/model.ts';

export const isNetworkModification = (mod: Modification): mod is NetworkModification => mod.type.startsWith('network/');

/**
 * Applies the network modifications of a list in order (what a run does with a saved changeset). Transit and DRT
 * kinds are skipped here: they apply to other files.
 */
export function replayNetwork(data: NetworkData, mods: readonly Modification[], stage: Stage = 'saved'): NetworkData {
  return mods.filter(isNetworkModification).reduce((current, mod) => applyNetwork(current, mod, stage), data);
}
