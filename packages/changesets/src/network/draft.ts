/**
 * A network being changed by a run of edits: it reads like `NetworkData` (the kinds' `disabled` checks read it) and
 * copies each of its four maps on the first write only, so the data it started from is never changed and a replay
 * of N edits copies each map at most once instead of once per edit (O(n) per edit, see the README).
 */
import type { LinkData, NetworkData, NodeData } from './model.ts';

type MapName = 'nodes' | 'links' | 'deletedNodes' | 'deletedLinks';

export class NetworkDraft implements NetworkData {
  private readonly maps: { nodes: ReadonlyMap<string, NodeData>; links: ReadonlyMap<string, LinkData>; deletedNodes: ReadonlyMap<string, NodeData>; deletedLinks: ReadonlyMap<string, LinkData> };
  private readonly copied = new Set<MapName>();

  constructor(private readonly base: NetworkData) {
    this.maps = { nodes: base.nodes, links: base.links, deletedNodes: base.deletedNodes, deletedLinks: base.deletedLinks };
  }

  get nodes(): ReadonlyMap<string, NodeData> {
    return this.maps.nodes;
  }
  get links(): ReadonlyMap<string, LinkData> {
    return this.maps.links;
  }
  get deletedNodes(): ReadonlyMap<string, NodeData> {
    return this.maps.deletedNodes;
  }
  get deletedLinks(): ReadonlyMap<string, LinkData> {
    return this.maps.deletedLinks;
  }

  /** The map, copied the first time this draft writes to it. */
  private writable<N extends MapName>(name: N): Map<string, N extends 'nodes' | 'deletedNodes' ? NodeData : LinkData> {
    if (!this.copied.has(name)) {
      this.maps[name] = new Map(this.maps[name] as ReadonlyMap<string, never>);
      this.copied.add(name);
    }
    return this.maps[name] as Map<string, N extends 'nodes' | 'deletedNodes' ? NodeData : LinkData>;
  }

  setNode(node: NodeData): void {
    this.writable('nodes').set(node.id, node);
  }
  removeNode(id: string): void {
    this.writable('nodes').delete(id);
  }
  setLink(link: LinkData): void {
    this.writable('links').set(link.id, link);
  }
  removeLink(id: string): void {
    this.writable('links').delete(id);
  }
  setDeletedNode(node: NodeData): void {
    this.writable('deletedNodes').set(node.id, node);
  }
  /** Forgets a deleted node (added again under its id); no copy when there is none. */
  forgetDeletedNode(id: string): void {
    if (this.maps.deletedNodes.has(id)) this.writable('deletedNodes').delete(id);
  }
  setDeletedLink(link: LinkData): void {
    this.writable('deletedLinks').set(link.id, link);
  }
  forgetDeletedLink(id: string): void {
    if (this.maps.deletedLinks.has(id)) this.writable('deletedLinks').delete(id);
  }

  /** The changed network (the data it started from, when nothing was written): plain data, like every edit's answer. */
  result(): NetworkData {
    const out = this.copied.size === 0 ? this.base : { ...this.base, ...this.maps };
    this.copied.clear(); // the answer owns the maps now: a later write copies them again
    return out;
  }
}
