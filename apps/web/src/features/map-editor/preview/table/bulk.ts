/**
 * The table's bulk actions (spec 2 §2): each is ONE `network/group` of leaf modifications so that one undo
 * undoes it; undefined when there is nothing to do.
 */
import { generateId, LINK, linksOfNode, oppositeLink, reverseLink, type GraphReader } from '@corridor/changesets';
import type { LinkChanges, NetworkGroupModification, NetworkLeafModification, NetworkLink } from '@corridor/contract';
import { idTaken } from '../../state/network.ts';
import { NUMERIC_FIELDS } from '../link/linkForm.ts';

const group = (modifications: NetworkLeafModification[]): NetworkGroupModification | undefined =>
  modifications.length > 0 ? { type: 'network/group', modifications } : undefined;

/** Bulk edit: only the fields given (a mixed field left empty is not given), and per link only what differs. */
export function bulkEdit(links: readonly NetworkLink[], edit: Pick<LinkChanges, 'capacity' | 'freespeed' | 'lanes' | 'length' | 'modes'>) {
  const modifications: NetworkLeafModification[] = [];
  for (const link of links) {
    const changes: LinkChanges = {};
    for (const field of NUMERIC_FIELDS) {
      const value = edit[field];
      if (value !== undefined && value !== link[field]) changes[field] = value;
    }
    if (edit.modes && edit.modes.join('\u0000') !== link.modes.join('\u0000')) changes.modes = [...edit.modes];
    if (Object.keys(changes).length > 0) modifications.push({ type: 'network/updateLink', id: link.id, changes });
  }
  return group(modifications);
}

export const bulkDelete = (links: readonly NetworkLink[]) => group(links.map((link) => ({ type: 'network/deleteLink', id: link.id })));

export const bulkReverse = (links: readonly NetworkLink[]) => group(links.map(reverseLink));

/**
 * Add opposite for every link that has no link the other way between its nodes; new ids are unique against the
 * network and each other.
 */
export function bulkAddOpposite(graph: GraphReader, links: readonly NetworkLink[], random?: () => string) {
  const taken = idTaken(graph, LINK);
  // Opposites this action adds (the network's own are found through the node → links index).
  const adding = new Set<string>();
  const hasOpposite = (link: NetworkLink) =>
    adding.has(`${link.toId}\u0000${link.fromId}`) || linksOfNode(graph, link.toId).some((other) => other.fromId === link.toId && other.toId === link.fromId);
  const fresh = new Set<string>();
  const modifications: NetworkLeafModification[] = [];
  for (const link of links) {
    if (hasOpposite(link)) continue;
    const id = generateId((candidate) => taken(candidate) || fresh.has(candidate), random);
    fresh.add(id);
    adding.add(`${link.toId}\u0000${link.fromId}`);
    modifications.push(oppositeLink(link, id));
  }
  return group(modifications);
}
