/** Fresh ids for what the tools add: 8 characters of a random id, unique against everything loaded (spec 2 §9). */
import { generateId, type NetworkData } from '@corridor/changesets';

/** A node id not used by a loaded node, a deleted one, or one handed out for the same edit. */
export function newNodeId(network: NetworkData, also: ReadonlySet<string> = new Set()): string {
  return generateId((id) => network.nodes.has(id) || network.deletedNodes.has(id) || also.has(id));
}

/** A link id generator for one edit: unique against the loaded links and against the ids it already gave. */
export function linkIdSource(network: NetworkData): () => string {
  const given = new Set<string>();
  return () => {
    const id = generateId((candidate) => network.links.has(candidate) || network.deletedLinks.has(candidate) || given.has(candidate));
    given.add(id);
    return id;
  };
}
