/**
 * Network writer in MATSim's v2 layout (`NetworkWriterHandlerImplV2`): same element order, indentation and
 * separators. Numbers are written as Java doubles, which read back to exactly the same values.
 */
import { JAVA_STRING, writeAttributes, type Attributes } from '../common/attributes.ts';
import { formatJavaDouble } from '../common/numbers.ts';
import { writeTime } from '../common/time-text.ts';
import { XML_PROLOG, matsimDoctype, xmlAttributes } from '../xml/writer.ts';
import { CRS_ATTRIBUTE, type Link, type Network, type Node } from './model.ts';

export interface WriteNetworkOptions {
  /** Sort nodes and links by id as MATSim's writer does (default); false keeps the maps' order. */
  sort?: boolean;
}

const SEPARATOR = '<!-- ====================================================================== -->\n\n';

export function* writeNetwork(network: Network, options: WriteNetworkOptions = {}): Generator<string, void, undefined> {
  const sort = options.sort ?? true;
  yield XML_PROLOG + matsimDoctype('network', 'network_v2.dtd');
  yield `<network${xmlAttributes([['name', network.name], ...extraPairs(network.extra)])}>\n\n`;
  yield writeAttributes(networkAttributes(network), '\t');
  yield SEPARATOR;

  yield '\t<nodes>\n';
  for (const node of ordered(network.nodes, sort)) yield nodeXml(node);
  yield '\t</nodes>\n\n';
  yield SEPARATOR;

  const links: [string, string | undefined][] = [
    ['capperiod', writeTime(network.capperiod)],
    ['effectivecellsize', optionalDouble(network.effectivecellsize)],
    ['effectivelanewidth', optionalDouble(network.effectivelanewidth)],
  ];
  yield `\t<links${xmlAttributes(links)}>\n`;
  for (const link of ordered(network.links, sort)) yield linkXml(link);
  yield '\t</links>\n\n';
  yield SEPARATOR;
  yield '</network>\n';
}

function nodeXml(node: Node): string {
  const pairs: [string, string | undefined][] = [
    ['id', node.id],
    ['x', formatJavaDouble(node.x)],
    ['y', formatJavaDouble(node.y)],
    ['z', optionalDouble(node.z)],
    ['type', node.type],
    ['origid', node.origid],
    ...extraPairs(node.extra),
  ];
  return `\t\t<node${xmlAttributes(pairs)} >\n${writeAttributes(node.attributes, '\t\t\t')}\t\t</node>\n`;
}

function linkXml(link: Link): string {
  const pairs: [string, string | undefined][] = [
    ['id', link.id],
    ['from', link.from],
    ['to', link.to],
    ['length', formatJavaDouble(link.length)],
    ['freespeed', formatJavaDouble(link.freespeed)],
    ['capacity', formatJavaDouble(link.capacity)],
    ['permlanes', formatJavaDouble(link.permlanes)],
    ['oneway', link.oneway ? '1' : '0'],
    ['modes', link.modes.join(',')],
    // The v2 DTD still allows these on the element; keeping them there keeps a v1 file's data where it was.
    ['origid', link.origid],
    ['type', link.type],
    ...extraPairs(link.extra),
  ];
  return `\t\t<link${xmlAttributes(pairs)} >\n${writeAttributes(link.attributes, '\t\t\t')}\t\t</link>\n`;
}

function networkAttributes(network: Network): Attributes | undefined {
  if (network.crs === undefined) return network.attributes;
  const all: Attributes = new Map([[CRS_ATTRIBUTE, { class: JAVA_STRING, text: network.crs }]]);
  for (const [name, value] of network.attributes ?? []) if (name !== CRS_ATTRIBUTE) all.set(name, value);
  return all;
}

function* ordered<T>(map: Map<string, T>, sort: boolean): Generator<T> {
  if (!sort) {
    yield* map.values();
    return;
  }
  // Default string order compares UTF-16 code units, as Java's String.compareTo does.
  for (const id of [...map.keys()].sort()) yield map.get(id)!;
}

function optionalDouble(value: number | undefined): string | undefined {
  return value === undefined ? undefined : formatJavaDouble(value);
}

function extraPairs(extra: Record<string, string> | undefined): [string, string][] {
  return extra ? Object.entries(extra) : [];
}
