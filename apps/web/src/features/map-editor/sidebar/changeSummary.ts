/**
 * The change summary of spec 2 §3: counts of added, modified and deleted features, unsaved and saved, per group.
 * Counted from the change flags computed for the entities edits changed (the shown graph against the saved one), so
 * the summary always matches the colours on the map; it costs what was changed, not the size of the network. Only the network has data today; the other groups count zero until their editing lands, and a group
 * with nothing to count is not listed (the network always is).
 */
import { changeFlags, LINK, NODE, type ChangeFlags } from '@corridor/changesets';
import type { SaveGroup } from '@corridor/contract';
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

const ZERO: ChangeCounts = { added: 0, modified: 0, deleted: 0 };

/** The groups in the spec's order; each has its own counter (transit and DRT join with their editing). */
export const SUMMARY_GROUPS: readonly SaveGroup[] = ['network', 'transit', 'drtVehicles', 'drtStops', 'drtServiceArea'];

const counters: Record<SaveGroup, (shown: Shown) => { unsaved: ChangeCounts; saved: ChangeCounts }> = {
  network: (shown) => countNetwork(shown),
  transit: () => ({ unsaved: ZERO, saved: ZERO }),
  drtVehicles: () => ({ unsaved: ZERO, saved: ZERO }),
  drtStops: () => ({ unsaved: ZERO, saved: ZERO }),
  drtServiceArea: () => ({ unsaved: ZERO, saved: ZERO }),
};

/** One feature's change within a stage: a deletion outweighs an earlier modification of the same stage. */
function changeOf(deleted: boolean | undefined, added: boolean | undefined, modified: boolean | undefined): keyof ChangeCounts | undefined {
  if (deleted) return 'deleted';
  if (added) return 'added';
  return modified ? 'modified' : undefined;
}

/** Nodes and links together, deleted ones included: each feature counts at most once per stage. */
export function countNetwork(shown: Shown): { unsaved: ChangeCounts; saved: ChangeCounts } {
  const unsaved = { added: 0, modified: 0, deleted: 0 };
  const saved = { added: 0, modified: 0, deleted: 0 };
  const visit = (flags: ChangeFlags | undefined) => {
    if (!flags) return;
    const now = changeOf(flags.deleted, flags.added, flags.modified);
    const before = changeOf(flags.savedDeleted, flags.savedAdded, flags.savedModified);
    if (now) unsaved[now]++;
    if (before) saved[before]++;
  };
  for (const kind of [NODE, LINK]) {
    for (const [id] of shown.graph.changedEntities(kind)) visit(changeFlags(kind, id, shown.saved, shown.graph));
  }
  return { unsaved, saved };
}

const total = (counts: ChangeCounts) => counts.added + counts.modified + counts.deleted;

/** The rows to show: the network always, every other group once it has something to count. */
export function changeSummary(shown: Shown): GroupSummary[] {
  return SUMMARY_GROUPS.map((group) => ({ group, ...counters[group](shown) })).filter(
    (row) => row.group === 'network' || total(row.unsaved) + total(row.saved) > 0,
  );
}
