/**
 * The scenario graph of the map editor's core (issue 27), as iD's coreGraph: a shared base of entities as loaded,
 * plus an overlay of the entities edits changed (null for deleted). Reading looks in the overlay, then the base.
 *
 * The overlay is a persistent hash map per kind (immutable's Map): an edit makes a new graph that shares the base
 * and every part of the overlay it did not change, so an edit costs O(log n) per changed entity — never the size of
 * the network, and not the number of earlier edits either (iD copies its local entities per edit; with a history of
 * thousands of versions that copy would dominate time and memory).
 *
 * Indexes (a node's links) come from the base's index plus, per index, the overlay entities that may refer to a key
 * (kept append-only, checked against the entity on read), so loading or evicting base entities never has to fix
 * the overlay.
 */
import { Map as PersistentMap } from 'immutable';
import type { GraphBase } from './base.ts';
import type { GraphEntity } from './entity.ts';

type Overlay = PersistentMap<string, GraphEntity | null>;
type Refs = PersistentMap<string, readonly string[]>;

const MISSING = Symbol('missing');

const same = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]);

/** What both a graph and a draft answer: entities as edits left them, and the indexes. */
export abstract class GraphReader {
  constructor(readonly base: GraphBase) {}

  protected abstract overlay(kind: string): Overlay | undefined;
  protected abstract refs(index: string): Refs | undefined;

  /** Runs `edit` on a scratch draft whose changes are dropped afterwards (a group's `disabled` tries its steps). */
  abstract simulate(edit: (draft: GraphDraft) => void): void;

  /** The entity as edits left it: the overlay first, then the base. */
  get<T extends GraphEntity>(kind: string, id: string): T | undefined {
    const overlay = this.overlay(kind);
    if (overlay !== undefined) {
      const entity = overlay.get(id, MISSING);
      if (entity !== MISSING) return (entity ?? undefined) as T | undefined;
    }
    return this.base.get(kind, id) as T | undefined;
  }

  has(kind: string, id: string): boolean {
    return this.get(kind, id) !== undefined;
  }

  /** Whether edits changed, added or deleted the entity. */
  changed(kind: string, id: string): boolean {
    return this.overlay(kind)?.has(id) ?? false;
  }

  /** Ids of the entities that refer to the key in the index now (the links of a node). */
  referrers(index: string, key: string): readonly string[] {
    const definition = this.base.definition(index);
    const fromBase = this.base.referrers(index, key);
    const overlay = this.overlay(definition.kind);
    const extra = this.refs(index)?.get(key);
    if (overlay === undefined && extra === undefined) return fromBase;
    const refersNow = (id: string) => {
      const entity = this.get(definition.kind, id);
      return entity !== undefined && definition.keys(entity).includes(key);
    };
    const out: string[] = [];
    for (const id of fromBase) if (!overlay?.has(id) || refersNow(id)) out.push(id);
    if (extra === undefined) return out;
    const seen = new Set(out);
    for (const id of extra) if (!seen.has(id) && refersNow(id)) out.push(id);
    return out;
  }

  /** Every entity of the kind as edits left it: the base's order, then the added ones. */
  *entities<T extends GraphEntity>(kind: string): Generator<T> {
    const overlay = this.overlay(kind);
    for (const entity of this.base.values(kind)) {
      if (overlay === undefined || !overlay.has(entity.id)) yield entity as T;
      else {
        const now = overlay.get(entity.id);
        if (now) yield now as T;
      }
    }
    if (overlay === undefined) return;
    for (const [id, entity] of overlay) if (entity && !this.base.has(kind, id)) yield entity as T;
  }

  /** The entities of the kind edits changed, as [id, now (null when deleted)]. */
  *changedEntities<T extends GraphEntity>(kind: string): Generator<[string, T | null]> {
    const overlay = this.overlay(kind);
    if (overlay) yield* overlay.entries() as Iterable<[string, T | null]>;
  }
}

export class ScenarioGraph extends GraphReader {
  private constructor(
    base: GraphBase,
    private readonly overlays: Readonly<Record<string, Overlay>>,
    private readonly indexRefs: Readonly<Record<string, Refs>>,
  ) {
    super(base);
  }

  static of(base: GraphBase): ScenarioGraph {
    return new ScenarioGraph(base, {}, {});
  }

  /** @internal A graph over a draft's frozen maps (`GraphDraft.view`). */
  static fromDraft(base: GraphBase, state: DraftState): ScenarioGraph {
    return new ScenarioGraph(base, { ...state.overlays }, { ...state.refs });
  }

  protected overlay(kind: string): Overlay | undefined {
    return this.overlays[kind];
  }

  protected refs(index: string): Refs | undefined {
    return this.indexRefs[index];
  }

  /** How many entities the edits changed, added or deleted. */
  get changedCount(): number {
    let count = 0;
    for (const overlay of Object.values(this.overlays)) count += overlay.size;
    return count;
  }

  simulate(edit: (draft: GraphDraft) => void): void {
    this.edit(edit);
  }

  /**
   * A new graph with the changes `edit` makes through the draft; this graph stays as it was (and is answered itself
   * when nothing was written). When `edit` throws, nothing is made (an edit is atomic).
   */
  edit(edit: (draft: GraphDraft) => void): ScenarioGraph {
    const draft = new GraphDraft(this.base, { ...this.overlays }, { ...this.indexRefs });
    edit(draft);
    const { overlays, refs } = draft.freeze();
    if (same(overlays, this.overlays) && same(refs, this.indexRefs)) return this; // nothing was written
    return new ScenarioGraph(this.base, overlays, refs);
  }
}

/** A snapshot of a draft to go back to (`attempt`). */
interface DraftState {
  readonly overlays: Record<string, Overlay>;
  readonly refs: Record<string, Refs>;
}

/** The writable side of one ScenarioGraph.edit call. Reads see the writes made so far. */
export class GraphDraft extends GraphReader {
  /** Kinds and indexes whose persistent maps are mutable copies owned by this draft. */
  private readonly owned = new Set<string>();
  /** Referrer lists made by this draft since it was last frozen: appended to in place (no graph shares them yet). */
  private ownedLists = new WeakSet<readonly string[]>();

  constructor(
    base: GraphBase,
    private overlays: Record<string, Overlay>,
    private indexRefs: Record<string, Refs>,
  ) {
    super(base);
  }

  protected overlay(kind: string): Overlay | undefined {
    return this.overlays[kind];
  }

  protected refs(index: string): Refs | undefined {
    return this.indexRefs[index];
  }

  /** Sets the entity; the indexes of its kind learn the keys it refers to. */
  put<T extends GraphEntity>(kind: string, entity: T): void {
    this.writableOverlay(kind).set(entity.id, entity);
    for (const definition of this.base.indexesOf(kind)) {
      for (const key of definition.keys(entity)) {
        if (this.base.referrers(definition.name, key).includes(entity.id)) continue;
        const refs = this.writableRefs(definition.name);
        const list = refs.get(key);
        if (list === undefined || !this.ownedLists.has(list)) {
          if (list?.includes(entity.id)) continue;
          const copy = [...(list ?? []), entity.id];
          this.ownedLists.add(copy);
          refs.set(key, copy);
        } else if (!list.includes(entity.id)) {
          (list as string[]).push(entity.id);
        }
      }
    }
  }

  remove(kind: string, id: string): void {
    this.writableOverlay(kind).set(id, null);
  }

  /**
   * Runs `step`; when it throws, the draft is put back as it was before and the error is answered (a group that
   * cannot apply leaves no step behind). Costs O(kinds) for the snapshot, nothing per entity.
   */
  attempt(step: () => void): unknown {
    const before = this.snapshot();
    try {
      step();
      return undefined;
    } catch (error) {
      this.restore(before);
      return error;
    }
  }

  private restore(state: DraftState): void {
    this.overlays = state.overlays;
    this.indexRefs = state.refs;
    this.owned.clear();
    this.ownedLists = new WeakSet();
  }

  simulate(edit: (draft: GraphDraft) => void): void {
    const before = this.snapshot();
    try {
      edit(this);
    } finally {
      this.restore(before);
    }
  }

  /** The draft's maps made immutable (in place, no copy). Later writes start new mutable copies. */
  freeze(): DraftState {
    for (const name of this.owned) {
      if (name.startsWith('k:')) this.overlays[name.slice(2)] = this.overlays[name.slice(2)]!.asImmutable();
      else this.indexRefs[name.slice(2)] = this.indexRefs[name.slice(2)]!.asImmutable();
    }
    this.owned.clear();
    this.ownedLists = new WeakSet();
    return { overlays: this.overlays, refs: this.indexRefs };
  }

  /**
   * The draft as it is now, as a graph that later writes do not change (what an edit effect compares with:
   * `EditKinds` hands it the graph just before the modification). O(kinds); later writes copy what they change.
   */
  view(): ScenarioGraph {
    return ScenarioGraph.fromDraft(this.base, this.freeze());
  }

  private snapshot(): DraftState {
    const frozen = this.freeze();
    return { overlays: { ...frozen.overlays }, refs: { ...frozen.refs } };
  }

  private writableOverlay(kind: string): Overlay {
    const name = `k:${kind}`;
    if (!this.owned.has(name)) {
      this.overlays[kind] = (this.overlays[kind] ?? PersistentMap<string, GraphEntity | null>()).asMutable();
      this.owned.add(name);
    }
    return this.overlays[kind]!;
  }

  private writableRefs(index: string): Refs {
    const name = `i:${index}`;
    if (!this.owned.has(name)) {
      this.indexRefs[index] = (this.indexRefs[index] ?? PersistentMap<string, readonly string[]>()).asMutable();
      this.owned.add(name);
    }
    return this.indexRefs[index]!;
  }
}
