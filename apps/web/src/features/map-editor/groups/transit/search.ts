/**
 * The transit Select's search (spec 2 §2, §9): stop groups and lines whose id or name contains the query (case does
 * not matter), in the groups Stops and Lines, at most 5 each and 15 in all; an id that starts with the query first,
 * then shorter names.
 */
import { TRANSIT_LINE, TRANSIT_STOP, type GraphReader, type LineEntity } from '@corridor/changesets';
import type { TransitStop } from '@corridor/contract';
import { limitGroups } from '../../toolbar/suggestions.ts';
import { stopGroups, type StopGroup } from './stopGroups.ts';

export type TransitSuggestionKind = 'stopGroup' | 'line';

export interface TransitSuggestion {
  readonly kind: TransitSuggestionKind;
  /** The stop group's first stop, or the line's id. */
  readonly id: string;
  readonly label: string;
}

function matching<T>(items: Iterable<T>, query: string, fields: (item: T) => { id: string; label: string }): { id: string; label: string }[] {
  const q = query.toLowerCase();
  const found: { id: string; label: string; rank: number }[] = [];
  for (const item of items) {
    const { id, label } = fields(item);
    const lowId = id.toLowerCase();
    if (lowId.startsWith(q)) found.push({ id, label, rank: 0 });
    else if (lowId.includes(q) || label.toLowerCase().includes(q)) found.push({ id, label, rank: 1 });
  }
  return found.sort((a, b) => a.rank - b.rank || a.label.length - b.label.length || (a.label < b.label ? -1 : 1));
}

/** `groups`: the graph's stop groups when the caller keeps them (they cost a pass over every stop). */
export function transitSuggestions(graph: GraphReader, query: string, groups: readonly StopGroup[] = stopGroups(graph.entities<TransitStop>(TRANSIT_STOP))): TransitSuggestion[] {
  const term = query.trim();
  if (term === '') return [];
  const found = matching(groups, term, (group) => ({ id: group.id, label: group.name === group.id ? group.id : `${group.name} (${group.id})` }));
  const lines = matching(graph.entities<LineEntity>(TRANSIT_LINE), term, (line) => ({ id: line.id, label: line.name ? `${line.name} (${line.id})` : line.id }));
  const labels = new Map([...found.map((g) => [`stopGroup:${g.id}`, g.label] as const), ...lines.map((l) => [`line:${l.id}`, l.label] as const)]);
  return limitGroups<TransitSuggestionKind>([
    { kind: 'stopGroup', ids: found.map((group) => group.id) },
    { kind: 'line', ids: lines.map((line) => line.id) },
  ]).flatMap((group) => group.ids.map((id) => ({ kind: group.kind, id, label: labels.get(`${group.kind}:${id}`) ?? id })));
}
