/**
 * Streaming reader for networks v1 and v2. `streamNetwork` hands each node and link to callbacks as soon as it
 * is complete and keeps nothing itself, so a caller can build a binary or indexed form of a huge network
 * without a second, object-per-link model; `readNetwork` is that loop collecting into a `Network`.
 */
import { AttributesCollector, type Attributes } from '../common/attributes.ts';
import { optionalNumber, optionalTime, putUnique, requiredNumber, requiredText } from '../common/values.ts';
import { MatsimFormatError } from '../errors.ts';
import type { Input } from '../io/input.ts';
import { expectRoot, readXml, type ReadXmlOptions, type XmlAttributes } from '../xml/sax.ts';
import { CRS_ATTRIBUTE, DEFAULT_CAPPERIOD, type Link, type Network, type Node } from './model.ts';

/** Everything about a network except its nodes and links. */
export type NetworkInfo = Omit<Network, 'nodes' | 'links'>;

export interface NetworkCallbacks {
  onNode?(node: Node): void;
  onLink?(link: Link): void;
  /** When `<links>` opens: the header (name, CRS, attributes, capperiod, cell size) is complete by then. */
  onLinksStart?(info: NetworkInfo): void;
}

const NETWORK_FIELDS = new Set(['name']);
const NODE_FIELDS = new Set(['id', 'x', 'y', 'z', 'type', 'origid']);
const LINK_FIELDS = new Set(['id', 'from', 'to', 'length', 'freespeed', 'capacity', 'permlanes', 'oneway', 'modes', 'origid', 'type']);

/** Reads the network, calling back per node and link; resolves with the header once the file is done. */
export async function streamNetwork(input: Input, callbacks: NetworkCallbacks, options?: ReadXmlOptions): Promise<NetworkInfo> {
  const info: NetworkInfo = { capperiod: DEFAULT_CAPPERIOD };
  const attributes = new AttributesCollector();
  const modesCache = new Map<string, readonly string[]>();
  let node: Node | undefined;
  let link: Link | undefined;
  let sawRoot = false;

  const open = (name: string, attrs: XmlAttributes) => {
    if (!sawRoot) {
      expectRoot(name, ['network'], 'network');
      sawRoot = true;
      if (attrs.name !== undefined) info.name = attrs.name;
      const extra = extras(attrs, NETWORK_FIELDS);
      if (extra) info.extra = extra;
      return;
    }
    if (attributes.open(name, attrs)) return;
    switch (name) {
      case 'node':
        node = readNode(attrs);
        break;
      case 'link':
        link = readLink(attrs, modesCache);
        break;
      case 'links': {
        info.capperiod = optionalTime(attrs, 'capperiod', name) ?? DEFAULT_CAPPERIOD;
        const cellSize = optionalNumber(attrs, 'effectivecellsize', name);
        if (cellSize !== undefined) info.effectivecellsize = cellSize;
        const laneWidth = optionalNumber(attrs, 'effectivelanewidth', name);
        if (laneWidth !== undefined) info.effectivelanewidth = laneWidth;
        callbacks.onLinksStart?.(info);
        break;
      }
    }
  };

  const close = (name: string) => {
    if (attributes.active) {
      const done = attributes.close(name);
      if (done) attach(done);
      return;
    }
    if (name === 'node' && node) {
      callbacks.onNode?.(node);
      node = undefined;
    } else if (name === 'link' && link) {
      callbacks.onLink?.(link);
      link = undefined;
    }
  };

  const attach = (done: Attributes) => {
    if (done.size === 0) return;
    if (link) link.attributes = done;
    else if (node) node.attributes = done;
    else {
      const crs = done.get(CRS_ATTRIBUTE);
      if (crs) {
        info.crs = crs.text;
        done.delete(CRS_ATTRIBUTE);
      }
      if (done.size > 0) info.attributes = done;
    }
  };

  await readXml(input, { open, close, text: (text) => attributes.onText(text) }, options);
  return info;
}

/** Reads a whole network into memory. Duplicate ids and links to unknown nodes are errors, as in MATSim. */
export async function readNetwork(input: Input, options?: ReadXmlOptions): Promise<Network> {
  const nodes = new Map<string, Node>();
  const links = new Map<string, Link>();
  const info = await streamNetwork(
    input,
    {
      onNode: (node) => putUnique(nodes, node.id, node, 'node'),
      onLink: (link) => {
        // The node's own id string replaces the link's copy: one string per node, not two per link (~60 MB
        // on a million links).
        link.from = knownNode(nodes, link.from, link.id).id;
        link.to = knownNode(nodes, link.to, link.id).id;
        putUnique(links, link.id, link, 'link');
      },
    },
    options,
  );
  return { ...info, nodes, links };
}

function knownNode(nodes: Map<string, Node>, id: string, linkId: string): Node {
  const node = nodes.get(id);
  if (!node) throw new MatsimFormatError('invalid-value', `Link "${linkId}" refers to the unknown node "${id}".`);
  return node;
}

function readNode(attrs: XmlAttributes): Node {
  const node: Node = {
    id: requiredText(attrs, 'id', 'node'),
    x: requiredNumber(attrs, 'x', 'node'),
    y: requiredNumber(attrs, 'y', 'node'),
  };
  if (attrs.z !== undefined) node.z = requiredNumber(attrs, 'z', 'node');
  if (attrs.type !== undefined) node.type = attrs.type;
  if (attrs.origid !== undefined) node.origid = attrs.origid;
  const extra = extras(attrs, NODE_FIELDS);
  if (extra) node.extra = extra;
  return node;
}

function readLink(attrs: XmlAttributes, modesCache: Map<string, readonly string[]>): Link {
  const link: Link = {
    id: requiredText(attrs, 'id', 'link'),
    from: requiredText(attrs, 'from', 'link'),
    to: requiredText(attrs, 'to', 'link'),
    length: requiredNumber(attrs, 'length', 'link'),
    freespeed: requiredNumber(attrs, 'freespeed', 'link'),
    capacity: requiredNumber(attrs, 'capacity', 'link'),
    permlanes: requiredNumber(attrs, 'permlanes', 'link'),
    oneway: attrs.oneway === undefined || attrs.oneway.trim() !== '0',
    modes: modes(attrs.modes ?? 'car', modesCache),
  };
  if (attrs.origid !== undefined) link.origid = attrs.origid;
  if (attrs.type !== undefined) link.type = attrs.type;
  const extra = extras(attrs, LINK_FIELDS);
  if (extra) link.extra = extra;
  return link;
}

/**
 * Most links of a network share a handful of mode lists; one frozen array per distinct list saves an array per
 * link (tens of MB on a million links). Frozen, so an edit replaces a link's list instead of changing others'.
 */
function modes(text: string, cache: Map<string, readonly string[]>): readonly string[] {
  let list = cache.get(text);
  if (!list) {
    list = Object.freeze(text.split(',').map((mode) => mode.trim()).filter((mode) => mode !== ''));
    cache.set(text, list);
  }
  return list;
}

function extras(attrs: XmlAttributes, known: ReadonlySet<string>): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const key in attrs) {
    if (!known.has(key)) (out ??= {})[key] = attrs[key]!;
  }
  return out;
}
