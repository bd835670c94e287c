/** The DRT group's edit kinds (spec 2 §3): stops, vehicles, service areas and their positions, one file each. */
import type { EditKind } from '../../graph/registry.ts';
import { addDrtArea } from './area-add.ts';
import { deleteDrtArea } from './area-delete.ts';
import { addDrtAreaPosition } from './area-position-add.ts';
import { moveDrtAreaPosition } from './area-position-move.ts';
import { addDrtStops } from './stops-add.ts';
import { deleteDrtStops } from './stops-delete.ts';
import { addDrtVehicles } from './vehicles-add.ts';
import { deleteDrtVehicles } from './vehicles-delete.ts';
import { updateDrtVehicles } from './vehicles-update.ts';

export const DRT_KINDS: readonly EditKind[] = [
  addDrtStops, deleteDrtStops,
  addDrtVehicles, deleteDrtVehicles, updateDrtVehicles,
  addDrtArea, deleteDrtArea, addDrtAreaPosition, moveDrtAreaPosition,
];
