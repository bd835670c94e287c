/**
 * The change summary of spec 2 §3: counts of added, modified and deleted features, unsaved and saved, per group.
 * Counted from the change flags computed for the entities edits changed (the shown graph against the saved one), so
 * the summary always matches the colours on the map; it costs what was changed, not the size of the network. The rows
 * and the entity kinds each counts are the edit groups' (groups/): the network's now, transit's and DRT's once
 * registered; a row with nothing to count is not listed unless its group says so (the network always is).
 */
import { changeFlags, LINK, NODE, type ChangeFlags } from '@corridor/changesets';
import type { SaveGroup } from '@corridor/contract';
import { EDITOR_GROUPS } from '../groups/index.ts';
import type { GroupRegistry } from '../groups/registry.ts';
import type { Shown } from '../state/types.ts';

export interface ChangeCounts {
  readonly added: number;
  readonly modified: number;
  readonly deleted: number;
}

export interface GroupSummary {
  readonly group: SaveGroup;
  readonly unsaved: ChangeCounts;
  readonly saved: ChangeCounts;
}

/** One feature's change within a stage: a deletion outweighs an earlier modification of the same stage. */
function changeOf(deleted: boolean | undefined, added: boolean | undefined, modified: boolean | undefined): keyof ChangeCounts | undefined {
  if (deleted) return 'deleted';
  if (added) return 'added';
  return modified ? 'modified' : undefined;
}

/** The entities of `kinds` an edit changed, deleted ones included: each feature counts at most once per stage. */
export function countKinds(shown: Shown, kinds: readonly string[]): { unsaved: ChangeCounts; saved: ChangeCounts } {
  const unsaved = { added: 0, modified: 0, deleted: 0 };
  const saved = { added: 0, modified: 0, deleted: 0 };
  const visit = (flags: ChangeFlags | undefined) => {
    if (!flags) return;
    const now = changeOf(flags.deleted, flags.added, flags.modified);
    const before = changeOf(flags.savedDeleted, flags.savedAdded, flags.savedModified);
    if (now) unsaved[now]++;
    if (before) saved[before]++;
  };
  for (const kind of kinds) {
    for (const [id] of shown.graph.changedEntities(kind)) visit(changeFlags(kind, id, shown.saved, shown.graph));
  }
  return { unsaved, saved };
}

/** Nodes and links together (the network's row). */
export const countNetwork = (shown: Shown) => countKinds(shown, [NODE, LINK]);

const total = (counts: ChangeCounts) => counts.added + counts.modified + counts.deleted;

/** The rows to show, in the registry's order: those always listed (the network), every other once it has something to count. */
export function changeSummary(shown: Shown, registry: GroupRegistry = EDITOR_GROUPS): GroupSummary[] {
  return registry
    .summaryGroups()
    .map((group) => ({ row: { group: group.id, ...countKinds(shown, group.kinds) }, always: group.alwaysListed === true }))
    .filter(({ row, always }) => always || total(row.unsaved) + total(row.saved) > 0)
    .map(({ row }) => row);
}
