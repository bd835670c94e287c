/**
 * The DRT entity kinds in the scenario graph (spec 2 §3: vehicles, stops, service-area polygons; @corridor/changesets)
 * and which kind each DRT file kind (a changeset's `baseFile` key) loads.
 */
import { DRT_AREA, DRT_STOP, DRT_VEHICLE } from '@corridor/changesets';
import type { DrtFileKind } from '@corridor/contract';

export { DRT_AREA, DRT_STOP, DRT_VEHICLE };

export const DRT_ENTITY_KIND: Readonly<Record<DrtFileKind, string>> = { vehicles: DRT_VEHICLE, stops: DRT_STOP, serviceArea: DRT_AREA };
