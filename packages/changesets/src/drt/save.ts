/**
 * The server's DRT save (spec 2 §4 Saving: DRT groups are written as files): a group's items as its base file has
 * them, with the changeset's modifications of that group applied in order through the scenario graph — the same
 * kinds and rules as the editor. Modifications of other groups are left out.
 */
import type { DrtFileKind, DrtServiceArea, DrtStop, DrtVehicle, Modification } from '@corridor/contract';
import { GraphBase } from '../graph/base.ts';
import { ScenarioGraph } from '../graph/graph.ts';
import { EDIT_KINDS, SCENARIO_INDEXES } from '../scenario.ts';
import { areaEntity, DRT_AREA, DRT_KIND_OF_GROUP, drtSaveGroupOf, type DrtAreaEntity, type DrtSaveGroup } from './entities.ts';

/** A DRT group by its save group (`saveOptions`) or its file kind (`baseFile`, `DrtData.kind`). */
export type DrtItemsKind = DrtSaveGroup | DrtFileKind;

const GROUP_OF_FILE_KIND: Readonly<Record<DrtFileKind, DrtSaveGroup>> = { vehicles: 'drtVehicles', stops: 'drtStops', serviceArea: 'drtServiceArea' };
/** The save group of a DRT file kind, or the group itself. */
export const drtGroupOf = (kind: DrtItemsKind): DrtSaveGroup => (kind in GROUP_OF_FILE_KIND ? GROUP_OF_FILE_KIND[kind as DrtFileKind] : (kind as DrtSaveGroup));

/**
 * The items after the modifications of that group: base items first in their order (changed ones in place, deleted
 * ones left out), then the added ones in the order they were added. Throws ModificationError naming the item when a
 * modification cannot apply (an unknown id, an id taken, a capacity below 1, ...). Base items with the same id as an
 * earlier one are kept once (the first).
 */
export function applyDrtModifications(kind: 'vehicles' | 'drtVehicles', baseItems: readonly DrtVehicle[], modifications: readonly Modification[]): DrtVehicle[];
export function applyDrtModifications(kind: 'stops' | 'drtStops', baseItems: readonly DrtStop[], modifications: readonly Modification[]): DrtStop[];
export function applyDrtModifications(kind: 'serviceArea' | 'drtServiceArea', baseItems: readonly DrtServiceArea[], modifications: readonly Modification[]): DrtServiceArea[];
export function applyDrtModifications(
  kind: DrtItemsKind,
  baseItems: readonly (DrtVehicle | DrtStop | DrtServiceArea)[],
  modifications: readonly Modification[],
): (DrtVehicle | DrtStop | DrtServiceArea)[] {
  const group = drtGroupOf(kind);
  const graphKind = DRT_KIND_OF_GROUP[group];
  const base = new GraphBase(SCENARIO_INDEXES);
  if (graphKind === DRT_AREA) base.add(DRT_AREA, (baseItems as DrtServiceArea[]).map(areaEntity));
  else base.add(graphKind, baseItems as (DrtVehicle | DrtStop)[]);
  const edited = ScenarioGraph.of(base).edit((draft) => {
    for (const mod of modifications) if (drtSaveGroupOf(mod) === group) EDIT_KINDS.applyTo(draft, mod);
  });
  const items = [...edited.entities(graphKind)];
  return graphKind === DRT_AREA ? items.map((entity) => (entity as DrtAreaEntity).area) : (items as (DrtVehicle | DrtStop)[]);
}
