/**
 * The scenario graph of the map editor's new core (issue 27; first piece, not wired into the editor yet): base
 * entities of any kind (network nodes and links now; transit and DRT kinds later) that are never changed, plus a
 * local overlay of the entities edits changed — as iD's coreGraph keeps `base` and local `entities`. An edit makes a
 * new graph that copies only the overlay (what edits changed so far), never the base, so its cost follows what was
 * changed, not the network's size. The index node → links is built once for the base and overridden per node in
 * the overlay for the nodes whose links changed.
 */

export interface GraphEntity {
  readonly id: string;
}

/** A network link's ends, as the node → links index needs them. */
export interface LinkEnds extends GraphEntity {
  readonly fromId: string;
  readonly toId: string;
}

export const NODE = 'node';
export const LINK = 'link';

/** What a graph starts from: entities by kind, never changed once given to a graph. */
export interface GraphBase {
  readonly kinds: ReadonlyMap<string, ReadonlyMap<string, GraphEntity>>;
  /** Node id → ids of the links that start or end there (built by graphBase). */
  readonly linksOfNode: ReadonlyMap<string, readonly string[]>;
}

/** The base of entities by kind; indexes the links' ends once. */
export function graphBase(kinds: ReadonlyMap<string, ReadonlyMap<string, GraphEntity>>): GraphBase {
  const linksOfNode = new Map<string, string[]>();
  const add = (node: string, link: string) => {
    const list = linksOfNode.get(node);
    if (list) list.push(link);
    else linksOfNode.set(node, [link]);
  };
  for (const link of (kinds.get(LINK) ?? new Map()).values() as Iterable<LinkEnds>) {
    add(link.fromId, link.id);
    if (link.toId !== link.fromId) add(link.toId, link.id);
  }
  return { kinds, linksOfNode };
}

const NONE: readonly string[] = Object.freeze([]);
const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;

/** The overlay: entity (or null for deleted) by kind+id, and the links of nodes whose links changed. */
interface Overlay {
  readonly entities: Readonly<Record<string, GraphEntity | null>>;
  readonly linksOfNode: Readonly<Record<string, readonly string[]>>;
}

export class ScenarioGraph {
  private constructor(
    readonly base: GraphBase,
    private readonly overlay: Overlay,
  ) {}

  static of(base: GraphBase): ScenarioGraph {
    return new ScenarioGraph(base, { entities: Object.freeze({}), linksOfNode: Object.freeze({}) });
  }

  /** The entity as edits left it: the overlay first, then the base. */
  get<T extends GraphEntity>(kind: string, id: string): T | undefined {
    const key = keyOf(kind, id);
    if (Object.hasOwn(this.overlay.entities, key)) return (this.overlay.entities[key] ?? undefined) as T | undefined;
    return this.base.kinds.get(kind)?.get(id) as T | undefined;
  }

  has(kind: string, id: string): boolean {
    return this.get(kind, id) !== undefined;
  }

  /** Ids of the links that start or end at the node. */
  linksOf(nodeId: string): readonly string[] {
    if (Object.hasOwn(this.overlay.linksOfNode, nodeId)) return this.overlay.linksOfNode[nodeId]!;
    return this.base.linksOfNode.get(nodeId) ?? NONE;
  }

  /** How many entities the edits changed, created or deleted (the overlay's size). */
  get changedCount(): number {
    return Object.keys(this.overlay.entities).length;
  }

  /** The changed entities against the base: created, modified (with the base's version) and deleted. */
  changes(): { created: GraphEntity[]; modified: { base: GraphEntity; now: GraphEntity }[]; deleted: GraphEntity[] } {
    const created: GraphEntity[] = [];
    const modified: { base: GraphEntity; now: GraphEntity }[] = [];
    const deleted: GraphEntity[] = [];
    for (const [key, now] of Object.entries(this.overlay.entities)) {
      const [kind, id] = key.split('\u0000') as [string, string];
      const before = this.base.kinds.get(kind)?.get(id);
      if (now === null) {
        if (before) deleted.push(before);
      } else if (!before) created.push(now);
      else if (before !== now) modified.push({ base: before, now });
    }
    return { created, modified, deleted };
  }

  /**
   * A new graph with the changes `edit` makes; this graph stays as it was. One copy of the overlay per call, so a
   * replay of many modifications runs them in one call.
   */
  edit(edit: (draft: GraphDraft) => void): ScenarioGraph {
    const draft = new GraphDraft(this, { ...this.overlay.entities }, { ...this.overlay.linksOfNode });
    edit(draft);
    return new ScenarioGraph(this.base, { entities: Object.freeze(draft.entities), linksOfNode: Object.freeze(draft.linksOfNode) });
  }
}

/** The writable side of one ScenarioGraph.edit call. Reads see the writes made so far. */
export class GraphDraft {
  constructor(
    private readonly from: ScenarioGraph,
    readonly entities: Record<string, GraphEntity | null>,
    readonly linksOfNode: Record<string, readonly string[]>,
  ) {}

  get<T extends GraphEntity>(kind: string, id: string): T | undefined {
    const key = keyOf(kind, id);
    if (Object.hasOwn(this.entities, key)) return (this.entities[key] ?? undefined) as T | undefined;
    return this.from.base.kinds.get(kind)?.get(id) as T | undefined;
  }

  linksOf(nodeId: string): readonly string[] {
    if (Object.hasOwn(this.linksOfNode, nodeId)) return this.linksOfNode[nodeId]!;
    return this.from.base.linksOfNode.get(nodeId) ?? NONE;
  }

  /** Sets the entity; a link's ends move it in the node → links index. */
  put<T extends GraphEntity>(kind: string, entity: T): void {
    if (kind === LINK) {
      const before = this.get<LinkEnds>(LINK, entity.id);
      const after = entity as unknown as LinkEnds;
      if (!before || before.fromId !== after.fromId || before.toId !== after.toId) {
        if (before) this.unindex(before);
        this.index(after);
      }
    }
    this.entities[keyOf(kind, entity.id)] = entity;
  }

  remove(kind: string, id: string): void {
    if (kind === LINK) {
      const before = this.get<LinkEnds>(LINK, id);
      if (before) this.unindex(before);
    }
    this.entities[keyOf(kind, id)] = null;
  }

  private index(link: LinkEnds): void {
    for (const node of new Set([link.fromId, link.toId])) {
      const links = this.linksOf(node);
      if (!links.includes(link.id)) this.linksOfNode[node] = [...links, link.id];
    }
  }

  private unindex(link: LinkEnds): void {
    for (const node of new Set([link.fromId, link.toId])) {
      const links = this.linksOf(node);
      if (links.includes(link.id)) this.linksOfNode[node] = links.filter((id) => id !== link.id);
    }
  }
}
