/**
 * The DRT group's entities in the scenario graph (spec 2 §3): vehicles, stops and service areas, as the contract
 * types have them (plain data). A service area is kept as `{ id, area }`: the graph's id is `String(feature id)`
 * (GeoJSON allows numbers; a GeoPackage's fid is one), the feature itself keeps its own id for writing back.
 * The `change` and `state` markers are never stored: they are derived from the graph diff (`marker.ts`).
 */
import type { DrtModification, DrtServiceArea, DrtStop, DrtVehicle, Modification, SaveGroup } from '@corridor/contract';
import type { GraphEntity, IndexDefinition } from '../graph/entity.ts';
import { LINK } from '../network/entities.ts';

export const DRT_VEHICLE = 'drtVehicle';
export const DRT_STOP = 'drtStop';
export const DRT_AREA = 'drtArea';

export type DrtVehicleEntity = DrtVehicle;
export type DrtStopEntity = DrtStop;
/** A service area in the graph: `id` is `String(area.id)`. */
export interface DrtAreaEntity extends GraphEntity {
  readonly id: string;
  readonly area: DrtServiceArea;
}

/** The graph key of a service area (feature ids may be numbers). */
export const areaKey = (id: string | number): string => String(id);
export const areaEntity = (area: DrtServiceArea): DrtAreaEntity => ({ id: areaKey(area.id), area });

/** link id → the DRT vehicles that start there (the map groups them on the link; the add-vehicle form lists them). */
export const VEHICLES_OF_LINK: IndexDefinition = {
  name: 'drtVehiclesOfLink',
  kind: DRT_VEHICLE,
  keyKind: LINK,
  keys: (entity) => {
    const { startLinkId } = entity as DrtVehicleEntity;
    return startLinkId ? [startLinkId] : [];
  },
};

export const DRT_INDEXES: readonly IndexDefinition[] = [VEHICLES_OF_LINK];

/** The DRT save groups (spec 2 §3 change summary, §4 saving). */
export type DrtSaveGroup = Extract<SaveGroup, 'drtVehicles' | 'drtStops' | 'drtServiceArea'>;
export const DRT_SAVE_GROUPS: readonly DrtSaveGroup[] = ['drtVehicles', 'drtStops', 'drtServiceArea'];

/** Whether a modification belongs to one of the DRT groups (spec 2 §3: vehicles, stops, service areas). */
export const isDrtModification = (mod: Pick<Modification, 'type'>): mod is DrtModification => mod.type.startsWith('drt/');

const GROUP_OF_TYPE: Readonly<Record<DrtModification['type'], DrtSaveGroup>> = {
  'drt/addStops': 'drtStops',
  'drt/deleteStops': 'drtStops',
  'drt/addVehicles': 'drtVehicles',
  'drt/deleteVehicles': 'drtVehicles',
  'drt/updateVehicles': 'drtVehicles',
  'drt/addServiceArea': 'drtServiceArea',
  'drt/deleteServiceArea': 'drtServiceArea',
  'drt/addServiceAreaPosition': 'drtServiceArea',
  'drt/moveServiceAreaPosition': 'drtServiceArea',
};

/** The save group a DRT modification belongs to; undefined for any other modification. */
export function drtSaveGroupOf(mod: Pick<Modification, 'type'>): DrtSaveGroup | undefined {
  return isDrtModification(mod) ? GROUP_OF_TYPE[mod.type] : undefined;
}

/** The graph kind holding a DRT save group's items. */
export const DRT_KIND_OF_GROUP: Readonly<Record<DrtSaveGroup, string>> = { drtVehicles: DRT_VEHICLE, drtStops: DRT_STOP, drtServiceArea: DRT_AREA };
