/** Reading DRT entities from a graph (or draft) as edits left them. */
import type { DrtServiceArea } from '@corridor/contract';
import type { GraphReader } from '../graph/graph.ts';
import { areaKey, DRT_AREA, DRT_STOP, DRT_VEHICLE, VEHICLES_OF_LINK, type DrtAreaEntity, type DrtStopEntity, type DrtVehicleEntity } from './entities.ts';

export const drtVehicleOf = (graph: GraphReader, id: string) => graph.get<DrtVehicleEntity>(DRT_VEHICLE, id);
export const drtStopOf = (graph: GraphReader, id: string) => graph.get<DrtStopEntity>(DRT_STOP, id);
export const drtAreaOf = (graph: GraphReader, id: string | number): DrtServiceArea | undefined => graph.get<DrtAreaEntity>(DRT_AREA, areaKey(id))?.area;

export const drtVehicles = (graph: GraphReader): DrtVehicleEntity[] => [...graph.entities<DrtVehicleEntity>(DRT_VEHICLE)];
export const drtStops = (graph: GraphReader): DrtStopEntity[] => [...graph.entities<DrtStopEntity>(DRT_STOP)];
export const drtAreas = (graph: GraphReader): DrtServiceArea[] => [...graph.entities<DrtAreaEntity>(DRT_AREA)].map((entity) => entity.area);

/** The vehicles that start on the link now (from the index: no scan of the fleet). */
export function vehiclesOfLink(graph: GraphReader, linkId: string): DrtVehicleEntity[] {
  return graph.referrers(VEHICLES_OF_LINK.name, linkId).flatMap((id) => {
    const vehicle = drtVehicleOf(graph, id);
    return vehicle ? [vehicle] : [];
  });
}
