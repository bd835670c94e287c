/**
 * Entities of the scenario graph and the indexes kept over them. An entity is plain data with an id, unique within
 * its kind; network nodes and links now, transit stops, lines and routes and DRT vehicles, stops and service areas
 * as their editing arrives (each group declares its kinds and indexes beside its edit kinds).
 */
export interface GraphEntity {
  readonly id: string;
}

/**
 * An index of references: for entities of `kind`, the keys each one refers to (a link: its two nodes; a transit
 * route: its links). `graph.referrers(name, key)` answers the entities that refer to a key now.
 */
export interface IndexDefinition {
  readonly name: string;
  readonly kind: string;
  /** The kind of the entities the keys name (a link's keys are node ids). */
  readonly keyKind: string;
  keys(entity: GraphEntity): readonly string[];
}
