/**
 * What every graph version starts from: the entities as the server (or the file) has them, by kind, with the
 * indexes edits need. Entities are never changed once here. The base grows when the editor loads another area and
 * shrinks when it evicts one (entities no edit touched); all graph versions of a history share it, as iD's graphs
 * share their `base` and `rebase` adds to it.
 */
import type { GraphEntity, IndexDefinition } from './entity.ts';

const NONE: readonly string[] = Object.freeze([]);
const NONE_DEFINED: readonly IndexDefinition[] = Object.freeze([]);

interface BuiltIndex {
  readonly definition: IndexDefinition;
  /** key → ids of the base entities that refer to it. */
  readonly byKey: Map<string, string[]>;
}

export class GraphBase {
  private readonly kinds = new Map<string, Map<string, GraphEntity>>();
  private readonly indexes = new Map<string, BuiltIndex>();
  private readonly indexesByKind = new Map<string, BuiltIndex[]>();
  private readonly definitionsByKind = new Map<string, IndexDefinition[]>();

  constructor(definitions: readonly IndexDefinition[]) {
    for (const definition of definitions) {
      const built = { definition, byKey: new Map<string, string[]>() };
      this.indexes.set(definition.name, built);
      this.indexesByKind.set(definition.kind, [...(this.indexesByKind.get(definition.kind) ?? []), built]);
      this.definitionsByKind.set(definition.kind, [...(this.definitionsByKind.get(definition.kind) ?? []), definition]);
    }
  }

  get(kind: string, id: string): GraphEntity | undefined {
    return this.kinds.get(kind)?.get(id);
  }

  has(kind: string, id: string): boolean {
    return this.kinds.get(kind)?.has(id) ?? false;
  }

  values(kind: string): IterableIterator<GraphEntity> {
    return (this.kinds.get(kind) ?? new Map<string, GraphEntity>()).values();
  }

  definition(index: string): IndexDefinition {
    const built = this.indexes.get(index);
    if (!built) throw new Error(`No index named ${index}`);
    return built.definition;
  }

  indexesOf(kind: string): readonly IndexDefinition[] {
    return this.definitionsByKind.get(kind) ?? NONE_DEFINED;
  }

  /** Ids of the base entities that refer to the key in the index (a node's links). */
  referrers(index: string, key: string): readonly string[] {
    return this.indexes.get(index)?.byKey.get(key) ?? NONE;
  }

  /** Adds the entities not known yet (known ones stay as they are); answers how many were new. */
  add<T extends GraphEntity>(kind: string, entities: Iterable<T>): number {
    let map = this.kinds.get(kind);
    if (!map) this.kinds.set(kind, (map = new Map()));
    const indexes = this.indexesByKind.get(kind) ?? [];
    let added = 0;
    for (const entity of entities) {
      if (map.has(entity.id)) continue;
      map.set(entity.id, entity);
      added++;
      for (const { definition, byKey } of indexes) {
        for (const key of definition.keys(entity)) {
          const list = byKey.get(key);
          if (list) list.push(entity.id);
          else byKey.set(key, [entity.id]);
        }
      }
    }
    return added;
  }

  /** Forgets entities (an evicted area); the caller keeps every entity an edit touched. */
  remove(kind: string, ids: Iterable<string>): void {
    const map = this.kinds.get(kind);
    if (!map) return;
    const indexes = this.indexesByKind.get(kind) ?? [];
    for (const id of ids) {
      const entity = map.get(id);
      if (!entity) continue;
      map.delete(id);
      for (const { definition, byKey } of indexes) {
        for (const key of definition.keys(entity)) {
          const list = byKey.get(key);
          if (!list) continue;
          const at = list.indexOf(id);
          if (at >= 0) list.splice(at, 1);
          if (list.length === 0) byKey.delete(key);
        }
      }
    }
  }
}
