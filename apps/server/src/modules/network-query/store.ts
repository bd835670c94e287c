/**
 * Loaded network binaries (`binary.ts`) by network file id, kept in memory for the next query: a small LRU (the
 * most recently queried networks), one load at a time per file (concurrent queries share it). Loading reads the
 * derived blob `network.bin` — our own layout, written by post-processing — and wraps views around it; no XML.
 */
import { buffer } from 'node:stream/consumers';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { FilesRepository } from '../files/repository.ts';
import { decodeNetwork, NETWORK_BINARY_FILENAME, type NetworkBinary } from './binary.ts';

/** Networks kept loaded at most (a 1M-link network takes about 150 MB). */
export const LOADED_NETWORKS_MAX = 4;

export interface LoadedNetwork extends NetworkBinary {
  readonly linkIndex: Map<string, number>;
  readonly nodeIndex: Map<string, number>;
  /** Link indices by node index (links starting or ending there), built on first use. */
  linksAtNode(): Map<number, number[]>;
}

export class NetworkStore {
  /** By file id: the `network.bin` blob loaded, and the load. */
  private readonly loaded = new Map<number, { blobKey: string; network: Promise<LoadedNetwork> }>();

  constructor(
    private readonly files: FilesRepository,
    private readonly blobs: BlobStore,
    private readonly max = LOADED_NETWORKS_MAX,
  ) {}

  /**
   * The network's binary form, or null while post-processing has not written it. The derived row is looked up on
   * every call: a network processed again (its scenario's CRS changed) has a new blob, and that one is loaded.
   */
  async get(fileId: number): Promise<LoadedNetwork | null> {
    const derived = await this.files.findDerived(fileId, NETWORK_BINARY_FILENAME);
    if (!derived) {
      this.loaded.delete(fileId);
      return null;
    }
    let entry = this.loaded.get(fileId);
    if (entry && entry.blobKey === derived.blobKey) {
      this.loaded.delete(fileId); // re-inserted below: Map order is the recency order
    } else {
      const network = this.load(derived.blobKey);
      entry = { blobKey: derived.blobKey, network };
      // A failed load is not kept: the next query tries again.
      const kept = entry;
      network.catch(() => this.loaded.get(fileId) === kept && this.loaded.delete(fileId));
    }
    this.loaded.set(fileId, entry);
    while (this.loaded.size > this.max) this.loaded.delete(this.loaded.keys().next().value!);
    return entry.network;
  }

  private async load(blobKey: string): Promise<LoadedNetwork> {
    const bytes = await buffer(this.blobs.read(blobKey));
    return withLookups(decodeNetwork(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
  }
}

/** The id lookups are built on first use: viewport queries (most of them) never need them, and they cost ~1 s per million ids. */
function withLookups(net: NetworkBinary): LoadedNetwork {
  let linkIndex: Map<string, number> | null = null;
  let nodeIndex: Map<string, number> | null = null;
  let linksAtNode: Map<number, number[]> | null = null;
  return {
    ...net,
    get linkIndex() {
      return (linkIndex ??= new Map(net.linkIds.map((id, i) => [id, i])));
    },
    get nodeIndex() {
      return (nodeIndex ??= new Map(net.nodeIds.map((id, i) => [id, i])));
    },
    linksAtNode() {
      if (linksAtNode) return linksAtNode;
      const map = new Map<number, number[]>();
      const add = (node: number, link: number) => (map.get(node) ?? map.set(node, []).get(node)!).push(link);
      for (let i = 0; i < net.linkIds.length; i++) {
        add(net.linkFrom[i]!, i);
        if (net.linkTo[i] !== net.linkFrom[i]) add(net.linkTo[i]!, i);
      }
      return (linksAtNode = map);
    },
  };
}
