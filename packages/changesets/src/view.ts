import type { History } from './history.ts';
import type { NetworkData } from './network/model.ts';
import { replayNetwork } from './replay.ts';

/** The network the editor shows: the saved changeset replayed (saved flags), then the unsaved edits (unsaved flags). */
export function currentNetwork(base: NetworkData, history: History): NetworkData {
  return replayNetwork(replayNetwork(base, history.saved, 'saved'), history.unsaved, 'unsaved');
}
