/**
 * One network query (spec 2 §3, §7) over a loaded binary: the links in the bbox (spatial index) that meet every
 * condition and, with an id selector, belong to the selection; at most `maxLinks` of them, in link order. Links
 * are answered grouped by node pair (either direction: one LineString, one entry per link), plus the nodes they
 * touch and the selected nodes. Pure: no I/O.
 */
import { WORLD_BBOX, type LinkAttribute, type NetworkAttributeValues, type NetworkCondition, type NetworkIdSelector, type NetworkQueryAnswer, type NetworkQueryRequest } from '@corridor/contract';
import { NO_CODE } from './binary.ts';
import type { LoadedNetwork } from './store.ts';

export class NetworkQueryError extends Error {
  override readonly name = 'NetworkQueryError';
}

type LinkTest = (link: number) => boolean;

export function linkAttributes(net: LoadedNetwork): LinkAttribute[] {
  return [...net.numeric, ...net.categorical].map(({ meta }) => ({ name: meta.name, type: meta.type }));
}

/** Sorted like people read values: case-insensitively first, digits by their number ("9" before "10"). */
const collator = new Intl.Collator('en', { numeric: true });

/**
 * The distinct values of a categorical link attribute in collator order, at most `max` of them (the first ones);
 * `modes` answers the single modes of its comma-separated lists, without the empty one.
 */
export function attributeValues(net: LoadedNetwork, name: string, max: number): NetworkAttributeValues {
  const column = net.categorical.find((c) => c.meta.name === name);
  if (!column) {
    const known = net.numeric.some((c) => c.meta.name === name);
    throw new NetworkQueryError(known ? `"${name}" is numeric: only categorical link attributes have a list of values.` : `The network has no link attribute "${name}".`);
  }
  // The dictionary holds only values some link has (post-processing codes what it reads).
  const distinct = name === 'modes' ? new Set(column.meta.dictionary.flatMap((v) => v.split(',')).filter((m) => m !== '')) : new Set(column.meta.dictionary);
  const values = [...distinct].sort(collator.compare);
  return { values: values.slice(0, max), truncated: values.length > max };
}

function conditionTest(net: LoadedNetwork, condition: NetworkCondition): LinkTest {
  const { attribute, operator } = condition;
  const numeric = net.numeric.find((c) => c.meta.name === attribute);
  if (numeric) {
    const values = numeric.values;
    if (operator === 'in') {
      const wanted = new Set((condition.values ?? []).map(Number));
      return (i) => wanted.has(values[i]!);
    }
    const bound = condition.value!;
    const compare = { '<': (v: number) => v < bound, '<=': (v: number) => v <= bound, '>=': (v: number) => v >= bound, '>': (v: number) => v > bound }[operator];
    return (i) => compare(values[i]!);
  }
  const categorical = net.categorical.find((c) => c.meta.name === attribute);
  if (!categorical) throw new NetworkQueryError(`The network has no link attribute "${attribute}".`);
  if (operator !== 'in') throw new NetworkQueryError(`"${attribute}" is categorical: only the operator "in" applies to it.`);
  const wanted = new Set((condition.values ?? []).map(String));
  // modes hold a comma-separated list: a link matches when one of its modes is wanted.
  const split = attribute === 'modes';
  const matches = categorical.meta.dictionary.map((value) => (split ? value.split(',').some((m) => wanted.has(m)) : wanted.has(value)));
  const codes = categorical.codes;
  return (i) => codes[i] !== NO_CODE && matches[codes[i]!]!;
}

/** The selected links (all of them when `include` holds them) and the selected nodes. */
function selection(net: LoadedNetwork, ids: NetworkIdSelector): { links: Set<number>; nodes: Set<number> } {
  const links = new Set<number>();
  const nodes = new Set<number>();
  for (const id of ids.links ?? []) {
    const i = net.linkIndex.get(id);
    if (i !== undefined) links.add(i);
  }
  for (const id of ids.nodes ?? []) {
    const i = net.nodeIndex.get(id);
    if (i !== undefined) nodes.add(i);
  }
  const around = (nodeSet: Iterable<number>) => {
    for (const node of nodeSet) for (const link of net.linksAtNode().get(node) ?? []) links.add(link);
  };
  if (ids.one_hop_neighborhood) {
    const touched = new Set(nodes);
    for (const link of links) touched.add(net.linkFrom[link]!).add(net.linkTo[link]!);
    around(touched);
  } else if (ids.include_links_for_nodes) {
    around([...nodes]);
  }
  return { links, nodes };
}

/** Links (candidates looked at, features built) between two pauses of a cooperative query (`networkQuerySteps`). */
export const QUERY_CHUNK = 4096;

export function queryNetwork(net: LoadedNetwork, request: NetworkQueryRequest, maxLinks: number): NetworkQueryAnswer {
  const steps = networkQuerySteps(net, request, maxLinks);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * The query as steps: it pauses (yields) after every QUERY_CHUNK links looked at or answered, so that a caller can
 * give the event loop a turn and stop when the client went away (`NetworkQueryService`); `queryNetwork` runs it
 * through at once.
 */
export function* networkQuerySteps(net: LoadedNetwork, request: NetworkQueryRequest, maxLinks: number): Generator<void, NetworkQueryAnswer> {
  const { bbox = WORLD_BBOX, conditions = [], ids } = request.filters;
  const tests = conditions.map((c) => conditionTest(net, c));
  const chosen = ids ? selection(net, ids) : null;
  const candidates = chosen ? [...chosen.links].sort((a, b) => a - b) : inBoxByIndex(net, bbox);
  const inBox = chosen ? boxTest(net, bbox) : () => true;
  const found: number[] = [];
  let exceeds = false;
  let looked = 0;
  for (const link of candidates) {
    if (++looked % QUERY_CHUNK === 0) yield;
    if (!inBox(link) || !tests.every((test) => test(link))) continue;
    if (found.length === maxLinks) {
      exceeds = true;
      break;
    }
    found.push(link);
  }
  const answered = yield* features(net, found, chosen?.nodes ?? new Set());
  return { features: answered, link_attributes: linkAttributes(net), query_exceeds_limit: exceeds };
}

/**
 * The links whose box overlaps the bbox, in link order. A bbox holding the whole network (the default, the world)
 * needs no search: every link in order, lazily, so a query stopping at the limit reads only that many.
 */
function inBoxByIndex(net: LoadedNetwork, [minX, minY, maxX, maxY]: readonly number[]): Iterable<number> {
  const l = net.linkIds.length;
  if (l === 0) return [];
  const { index } = net;
  if (minX! <= index.minX && minY! <= index.minY && maxX! >= index.maxX && maxY! >= index.maxY) {
    return (function* () {
      for (let i = 0; i < l; i++) yield i;
    })();
  }
  return index.search(minX!, minY!, maxX!, maxY!).sort((a, b) => a - b);
}

/** The same test as the index's: the link's box overlaps the bbox. */
function boxTest(net: LoadedNetwork, [minX, minY, maxX, maxY]: readonly number[]): LinkTest {
  const c = net.linkCoords;
  return (i) =>
    Math.max(c[4 * i]!, c[4 * i + 2]!) >= minX! &&
    Math.min(c[4 * i]!, c[4 * i + 2]!) <= maxX! &&
    Math.max(c[4 * i + 1]!, c[4 * i + 3]!) >= minY! &&
    Math.min(c[4 * i + 1]!, c[4 * i + 3]!) <= maxY!;
}

function linkEntry(net: LoadedNetwork, i: number): Record<string, unknown> & { id: string; fromId: string; toId: string } {
  const entry: Record<string, unknown> & { id: string; fromId: string; toId: string } = {
    id: net.linkIds[i]!,
    fromId: net.nodeIds[net.linkFrom[i]!]!,
    toId: net.nodeIds[net.linkTo[i]!]!,
  };
  for (const { meta, values } of net.numeric) if (!Number.isNaN(values[i]!)) entry[meta.name] = values[i];
  for (const { meta, codes } of net.categorical) {
    if (codes[i] === NO_CODE) continue;
    const value = meta.dictionary[codes[i]!]!;
    entry[meta.name] = meta.name === 'modes' ? (value === '' ? [] : value.split(',')) : value;
  }
  return entry;
}

function* features(net: LoadedNetwork, links: number[], selectedNodes: Set<number>): Generator<void, NetworkQueryAnswer['features']> {
  const point = (node: number): [number, number] => [net.nodeCoords[2 * node]!, net.nodeCoords[2 * node + 1]!];
  const pairs = new Map<string, { a: number; b: number; entries: ReturnType<typeof linkEntry>[] }>();
  const nodes = new Set(selectedNodes);
  for (const [n, link] of links.entries()) {
    if (n > 0 && n % QUERY_CHUNK === 0) yield;
    const from = net.linkFrom[link]!;
    const to = net.linkTo[link]!;
    nodes.add(from).add(to);
    const [a, b] = from <= to ? [from, to] : [to, from];
    const key = `${a}:${b}`;
    const pair = pairs.get(key) ?? pairs.set(key, { a, b, entries: [] }).get(key)!;
    pair.entries.push(linkEntry(net, link));
  }
  const nodeFeatures = [...nodes].map((node) => ({
    type: 'Feature' as const,
    id: `node:${net.nodeIds[node]}`,
    geometry: { type: 'Point' as const, coordinates: point(node) },
    properties: { kind: 'node' as const, id: net.nodeIds[node]! },
  }));
  const linkFeatures = [...pairs.values()].map(({ a, b, entries }) => ({
    type: 'Feature' as const,
    id: `link:${net.nodeIds[a]}:${net.nodeIds[b]}`,
    geometry: { type: 'LineString' as const, coordinates: [point(a), point(b)] },
    properties: { kind: 'link' as const, links: entries },
  }));
  return [...nodeFeatures, ...linkFeatures];
}
