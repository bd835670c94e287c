/**
 * The DRT entity kinds in the scenario graph (spec 2 §3: vehicles, stops, service-area polygons), as
 * packages/changesets/src/drt/ names them, and which kind each DRT file kind (a changeset's `baseFile` key) loads.
 */
import type { DrtFileKind } from '@corridor/contract';

export const DRT_VEHICLE = 'drtVehicle';
export const DRT_STOP = 'drtStop';
export const DRT_AREA = 'drtArea';

export const DRT_ENTITY_KIND: Readonly<Record<DrtFileKind, string>> = { vehicles: DRT_VEHICLE, stops: DRT_STOP, serviceArea: DRT_AREA };
