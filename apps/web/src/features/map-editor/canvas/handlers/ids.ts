/** Fresh ids for what the tools add: 8 characters of a random id, unique against everything loaded (spec 2 §9). */
import { generateId, LINK, NODE, type GraphReader } from '@corridor/changesets';
import { idTaken } from '../../state/network.ts';

/** A node id not used by a loaded node, a deleted one, or one handed out for the same edit. */
export function newNodeId(graph: GraphReader, also: ReadonlySet<string> = new Set()): string {
  const taken = idTaken(graph, NODE);
  return generateId((id) => taken(id) || also.has(id));
}

/** A link id generator for one edit: unique against the loaded links and against the ids it already gave. */
export function linkIdSource(graph: GraphReader): () => string {
  const taken = idTaken(graph, LINK);
  const given = new Set<string>();
  return () => {
    const id = generateId((candidate) => taken(candidate) || given.has(candidate));
    given.add(id);
    return id;
  };
}
