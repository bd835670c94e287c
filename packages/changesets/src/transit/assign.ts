/**
 * Assigning a stop to the network (spec 2 §2 "stop-assignment overlay", §4, §8, §9): to a link (the stop's `linkId`),
 * or to a node through the node's self-loop link. A node without a self-loop refuses ("missingSelfLoop": where to
 * assign the stop cannot be decided; a node with several takes the first by id). A stop that stands apart from the
 * network gets a node of its own at its place with a self-loop link of the §9 defaults (length 1, freespeed 1,
 * capacity 1, lanes 1, car): a network group, then the stop's update.
 */
import type { Modification, NetworkLink, TransitModification } from '@corridor/contract';
import { generateId, SELF_LOOP_LINK_DEFAULTS } from '../constants.ts';
import type { GraphReader } from '../graph/graph.ts';
import { LINK, NODE } from '../network/entities.ts';
import { linkOf, linksOfNode, nodeOf } from '../network/read.ts';
import { refusal, type Refusal } from '../refusal.ts';
import { stopOf } from './read.ts';

export type Assignment = { readonly mods: readonly Modification[] } | { readonly refusal: Refusal };

const update = (graph: GraphReader, stopId: string, linkId: string): TransitModification => ({ type: 'transitStop/update', id: stopId, stop: { ...stopOf(graph, stopId)!, linkId } });

/** The node's self-loop links, by id. */
export const selfLoopsOf = (graph: GraphReader, nodeId: string): NetworkLink[] =>
  linksOfNode(graph, nodeId)
    .filter((link) => link.fromId === nodeId && link.toId === nodeId)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export function assignStopToLink(graph: GraphReader, stopId: string, linkId: string): Assignment {
  if (!stopOf(graph, stopId)) return { refusal: refusal('stopNotFound', { id: stopId }) };
  if (!linkOf(graph, linkId)) return { refusal: refusal('linkNotFound', { id: linkId }) };
  return { mods: [update(graph, stopId, linkId)] };
}

export function assignStopToNode(graph: GraphReader, stopId: string, nodeId: string): Assignment {
  if (!stopOf(graph, stopId)) return { refusal: refusal('stopNotFound', { id: stopId }) };
  if (!nodeOf(graph, nodeId)) return { refusal: refusal('nodeNotFound', { id: nodeId }) };
  const loop = selfLoopsOf(graph, nodeId)[0];
  return loop ? { mods: [update(graph, stopId, loop.id)] } : { refusal: refusal('missingSelfLoop', { stopId, nodeId }) };
}

/** A node at the stop and a self-loop link on it (§9 defaults), then the stop on that link. */
export function assignStopWithSelfLoop(graph: GraphReader, stopId: string, random?: () => string): Assignment {
  const stop = stopOf(graph, stopId);
  if (!stop) return { refusal: refusal('stopNotFound', { id: stopId }) };
  const nodeId = generateId((id) => graph.has(NODE, id) || graph.base.has(NODE, id), random);
  const linkId = generateId((id) => graph.has(LINK, id) || graph.base.has(LINK, id), random);
  const [lng, lat] = stop.coordinates;
  return {
    mods: [
      {
        type: 'network/group',
        modifications: [
          { type: 'network/addNode', node: { id: nodeId, lng, lat } },
          { type: 'network/addLink', link: { id: linkId, fromId: nodeId, toId: nodeId, ...SELF_LOOP_LINK_DEFAULTS, modes: [...SELF_LOOP_LINK_DEFAULTS.modes] } },
        ],
      },
      { type: 'transitStop/update', id: stopId, stop: { ...stop, linkId } },
    ],
  };
}
