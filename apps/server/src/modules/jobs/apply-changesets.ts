/**
 * A run's network with its chosen changesets applied (issue 13): the MATSim network becomes the base of a scenario
 * graph of `@corridor/changesets` (WGS84 via `@corridor/geo`), the modifications are replayed through the same edit
 * kinds the editor uses (issue 27), and the result is written back. Nodes the changesets neither added nor moved keep their ORIGINAL x/y (no float round
 * trip through WGS84); links keep every field the model does not carry (origid, type, extra XML attributes).
 */
import { gzipSync } from 'node:zlib';
import type { Modification, NetworkLink, NetworkNode } from '@corridor/contract';
import { EDIT_KINDS, isNetworkModification, LINK, ModificationError, networkGraph, NODE, type ScenarioGraph } from '@corridor/changesets';
import { lngLat, transformer, xy, type LngLat, type XY } from '@corridor/geo';
import {
  JAVA_BOOLEAN,
  JAVA_DOUBLE,
  JAVA_INTEGER,
  JAVA_STRING,
  attributeValue,
  readNetwork,
  writeNetwork,
  type AttributeValue,
  type Input,
  type Attributes,
  type Link,
  type Network,
  type Node,
} from '@corridor/matsim';

export interface ChosenChangeset {
  id: number;
  name: string;
  modifications: Modification[];
}

export class ChangesetNotApplicable extends Error {}

type CustomAttributes = NonNullable<NetworkLink['attributes']>;

export interface ApplyOptions {
  /** The scenario's CRS, used when the network file names none. */
  crs?: string;
  changesets: readonly ChosenChangeset[];
  /** Write the result gzip-compressed (as the original was). */
  gzip: boolean;
  /** Bound on the decompressed bytes read (runs in the worker pool: `workers/tasks.ts`). */
  maxBytes?: number;
}

/** The network with the changesets applied, as file bytes. Throws ChangesetNotApplicable. */
export async function applyChangesets(input: Input, { crs, changesets, gzip, maxBytes }: ApplyOptions): Promise<Uint8Array> {
  const opened = await openNetwork(input, { crs, maxBytes });
  let edited = opened.graph;
  // The network's own modifications: transit ones apply to the schedule (issue 28, `apply-transit.ts`), DRT ones to their files.
  for (const changeset of changesets) edited = replayChangeset(edited, changeset, changeset.modifications.filter(isNetworkModification));
  return networkBytes(opened, edited, gzip);
}

/** A network file read as the base of a scenario graph, with the coordinate transforms it was read with. */
export interface OpenedNetwork {
  network: Network;
  /** The network's CRS (its own, else the scenario's), undefined when neither names one. */
  crs: string | undefined;
  toWgs84: (point: XY) => LngLat;
  fromWgs84: (point: readonly [number, number]) => XY;
  /** A graph over the network's nodes and links, nothing edited. */
  graph: ScenarioGraph;
}

/** Reads the network into a scenario graph (WGS84 nodes, the editor's links). */
export async function openNetwork(input: Input, { crs, maxBytes }: { crs?: string; maxBytes?: number }): Promise<OpenedNetwork> {
  const network = await readNetwork(input, { maxBytes });
  const code = network.crs ?? crs;
  const toWgs84 = code ? transformer(code) : (p: XY) => lngLat(p[0], p[1]);
  const back = code ? transformer('EPSG:4326', code) : undefined;
  const fromWgs84 = (p: readonly [number, number]): XY => {
    if (!back) return xy(p[0], p[1]);
    const [x, y] = back(xy(p[0], p[1]));
    return xy(x, y);
  };
  const nodes: NetworkNode[] = [...network.nodes.values()].map((node) => {
    const [lng, lat] = toWgs84(xy(node.x, node.y));
    return { id: node.id, lng, lat };
  });
  const graph = networkGraph(nodes, [...network.links.values()].map(toModelLink));
  return { network, crs: code, toWgs84, fromWgs84, graph };
}

/** What a modification that cannot apply says, by the group it belongs to (spec 2 §8 for public transport). */
export const NOT_APPLICABLE = {
  network: (changeset: string, reason: string) => `The changeset "${changeset}" cannot be applied to the network: ${reason}`,
  transit: (changeset: string, reason: string) => `The changeset "${changeset}" cannot be applied to the transit schedule: Failed to apply modifications on data: ${reason}`,
} as const;

/**
 * The graph with one changeset's modifications applied in order (kinds the registry does not know are left out, as
 * `replay` does); the first that cannot apply throws ChangesetNotApplicable naming the changeset and the group.
 */
export function replayChangeset(graph: ScenarioGraph, changeset: ChosenChangeset, modifications: readonly Modification[]): ScenarioGraph {
  return graph.edit((draft) => {
    for (const mod of modifications) {
      if (!EDIT_KINDS.knows(mod)) continue;
      try {
        EDIT_KINDS.applyTo(draft, mod);
      } catch (err) {
        if (!(err instanceof ModificationError)) throw err;
        const text = isNetworkModification(mod) ? NOT_APPLICABLE.network : NOT_APPLICABLE.transit;
        throw new ChangesetNotApplicable(text(changeset.name, err.message));
      }
    }
  });
}

/** The edited network as file bytes: untouched nodes and links exactly as read. */
export function networkBytes({ network, graph: base, fromWgs84 }: OpenedNetwork, edited: ScenarioGraph, gzip: boolean): Uint8Array {
  const outNodes = new Map<string, Node>();
  for (const node of edited.entities<NetworkNode>(NODE)) {
    const original = network.nodes.get(node.id);
    const before = base.get<NetworkNode>(NODE, node.id);
    if (original && before && before.lng === node.lng && before.lat === node.lat) {
      outNodes.set(node.id, original);
    } else {
      const [x, y] = fromWgs84([node.lng, node.lat]);
      outNodes.set(node.id, { ...(original ?? {}), id: node.id, x, y });
    }
  }
  const outLinks = new Map<string, Link>();
  for (const link of edited.entities<NetworkLink>(LINK)) {
    const original = network.links.get(link.id);
    outLinks.set(link.id, original && !edited.changed(LINK, link.id) ? original : toMatsimLink(link, original));
  }
  const result: Network = { ...network, nodes: outNodes, links: outLinks };

  const text = Buffer.from([...writeNetwork(result, { sort: false })].join(''));
  return gzip ? gzipSync(text) : text;
}

/** A MATSim link as the editor's link (typed custom attributes; other attribute classes stay in the file only). */
export function toModelLink(link: Link): NetworkLink {
  const attributes: CustomAttributes = {};
  for (const [key, value] of link.attributes ?? []) {
    const typed = toCustom(value);
    if (typed) attributes[key] = typed;
  }
  return {
    id: link.id,
    fromId: link.from,
    toId: link.to,
    length: link.length,
    capacity: link.capacity,
    lanes: link.permlanes,
    freespeed: link.freespeed,
    modes: [...link.modes],
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
  };
}

function toCustom(value: AttributeValue): CustomAttributes[string] | undefined {
  const parsed = attributeValue(value);
  if (value.class === JAVA_STRING) return { type: 'string', value: String(parsed) };
  if (value.class === JAVA_BOOLEAN) return { type: 'bool', value: parsed === true };
  if (value.class === JAVA_INTEGER && Number.isInteger(parsed)) return { type: 'integer', value: parsed as number };
  if (value.class === JAVA_DOUBLE && Number.isFinite(parsed)) return { type: 'decimal', value: parsed as number };
  return undefined; // other classes are not editable and stay as read
}

function toMatsimLink(link: NetworkLink, original: Link | undefined): Link {
  const unchanged = original && sameLink(toModelLink(original), link);
  if (unchanged) return original;
  return {
    ...(original ?? { oneway: true }),
    id: link.id,
    from: link.fromId,
    to: link.toId,
    length: link.length,
    capacity: link.capacity,
    permlanes: link.lanes,
    freespeed: link.freespeed,
    modes: [...link.modes],
    attributes: mergedAttributes(original?.attributes, link.attributes ?? {}),
  };
}

const sameLink = (a: NetworkLink, b: NetworkLink) => JSON.stringify(a) === JSON.stringify(b);

/** Untyped (custom class) originals stay; editable ones follow the model, keeping the original text when equal. */
function mergedAttributes(original: Attributes | undefined, edited: CustomAttributes): Attributes | undefined {
  const out: Attributes = new Map();
  for (const [key, value] of original ?? []) {
    const typed = toCustom(value);
    if (!typed) out.set(key, value);
    else if (edited[key] && JSON.stringify(edited[key]) === JSON.stringify(typed)) out.set(key, value);
  }
  for (const [key, value] of Object.entries(edited)) {
    if (!out.has(key)) out.set(key, { class: JAVA_CLASS[value.type], text: String(value.value) });
  }
  return out.size > 0 || original ? out : undefined;
}

const JAVA_CLASS = { string: JAVA_STRING, integer: JAVA_INTEGER, decimal: JAVA_DOUBLE, bool: JAVA_BOOLEAN } as const;
