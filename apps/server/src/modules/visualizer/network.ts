/**
 * A network's binary form for the visualizer: the map editor's `network.bin` (`network-query/store.ts`), built on
 * demand for a network processed before it existed (`NetworkProcessing.prepareBinary`), never a copy of its own.
 */
import type { LoadedNetwork, NetworkStore } from '../network-query/store.ts';

export interface NetworkSource {
  store: NetworkStore;
  /** Builds the missing binary of a processed network: true when built, false when the network is not processed. */
  prepare(fileId: number): Promise<boolean>;
  /** Resolves when the network processing queued so far has run (a run's output network is queued as it ends). */
  idle(): Promise<void>;
}

/** The loaded network, or null while it has not been processed. */
export async function loadNetwork(source: NetworkSource, fileId: number): Promise<LoadedNetwork | null> {
  return (await source.store.get(fileId)) ?? ((await source.prepare(fileId)) ? await source.store.get(fileId) : null);
}
