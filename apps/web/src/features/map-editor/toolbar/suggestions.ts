/**
 * The search box's suggestions (spec 2 §2, §9): ids of loaded nodes and links that start with the query, in the
 * groups Nodes and Links, at most 5 per group and 15 in all. An exact match comes first, then shorter ids, then
 * in id order, so "12" offers 12, 120, 121 … before 1200.
 */
import { isAdded, LINK, NODE } from '@corridor/changesets';
import { flagsOf, isDeleted } from '../state/network.ts';
import type { Shown } from '../state/types.ts';

export const SUGGESTIONS_MAX = 15;
export const SUGGESTIONS_PER_GROUP = 5;
/** The search's suggestions open this long after the box gets focus (spec 2 §9 "Autocomplete focus delay"). */
export const AUTOCOMPLETE_FOCUS_DELAY_MS = 301;

export type SuggestionKind = 'node' | 'link';

/** The badge a suggestion carries: deleted (still drawn, faded) or added in this changeset; undefined otherwise. */
export function suggestionFlag(shown: Shown, kind: SuggestionKind, id: string): 'deleted' | 'added' | undefined {
  const entityKind = kind === 'node' ? NODE : LINK;
  if (isDeleted(shown.graph, entityKind, id)) return 'deleted';
  return shown.graph.has(entityKind, id) && isAdded(flagsOf(shown, entityKind, id)) ? 'added' : undefined;
}

export interface SuggestionGroup<K extends string = SuggestionKind> {
  readonly kind: K;
  readonly ids: readonly string[];
}

const byRelevance = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The ids starting with the query (case-sensitive, as MATSim ids are), best first, at most `limit`. */
export function matchingIds(ids: Iterable<string>, query: string, limit = SUGGESTIONS_PER_GROUP): string[] {
  if (query === '') return [];
  const found: string[] = [];
  for (const id of ids) if (id.startsWith(query)) found.push(id);
  return found.sort(byRelevance).slice(0, limit);
}

/**
 * Cuts the groups to the limits: each group at most `perGroup`, all together at most `max` (earlier groups
 * first); empty groups are left out.
 */
export function limitGroups<K extends string>(groups: readonly SuggestionGroup<K>[], perGroup = SUGGESTIONS_PER_GROUP, max = SUGGESTIONS_MAX): SuggestionGroup<K>[] {
  const result: SuggestionGroup<K>[] = [];
  let left = max;
  for (const group of groups) {
    const ids = [...new Set(group.ids)].slice(0, Math.min(perGroup, left));
    if (ids.length === 0) continue;
    result.push({ kind: group.kind, ids });
    left -= ids.length;
  }
  return result;
}

/** One value per suggestion for the combobox (a node and a link may share an id). */
export const suggestionValue = (kind: SuggestionKind, id: string) => `${kind}:${id}`;

export function parseSuggestionValue(value: string): { kind: SuggestionKind; id: string } | undefined {
  const colon = value.indexOf(':');
  const kind = value.slice(0, colon);
  if (kind !== 'node' && kind !== 'link') return undefined;
  return { kind, id: value.slice(colon + 1) };
}
