/**
 * Reading DRT items off the scenario graph (spec 2 §3): vehicles, stops and service-area polygons, live or deleted
 * (a base item an edit deleted is still drawn, faded, while the change is unsaved).
 */
import type { GraphEntity, GraphReader } from '@corridor/changesets';
import type { DrtServiceArea, DrtStop, DrtVehicle } from '@corridor/contract';
import { DRT_AREA, DRT_STOP, DRT_VEHICLE } from './kinds.ts';

/** A service area in the graph: its feature under a string id (features may carry numeric ids). */
export interface AreaEntity extends GraphEntity {
  readonly id: string;
  readonly feature: DrtServiceArea;
}

export const drtVehicleOf = (graph: GraphReader, id: string) => graph.get<DrtVehicle>(DRT_VEHICLE, id);
export const drtStopOf = (graph: GraphReader, id: string) => graph.get<DrtStop>(DRT_STOP, id);

/** The vehicle as shown: live, or deleted (from the base). */
export const shownVehicle = (graph: GraphReader, id: string): DrtVehicle | undefined => drtVehicleOf(graph, id) ?? (graph.base.get(DRT_VEHICLE, id) as DrtVehicle | undefined);
/** The stop as shown: live, or deleted (from the base). */
export const shownDrtStop = (graph: GraphReader, id: string): DrtStop | undefined => drtStopOf(graph, id) ?? (graph.base.get(DRT_STOP, id) as DrtStop | undefined);

export const drtVehicles = (graph: GraphReader) => graph.entities<DrtVehicle>(DRT_VEHICLE);
export const drtStops = (graph: GraphReader) => graph.entities<DrtStop>(DRT_STOP);
export const drtAreas = (graph: GraphReader) => graph.entities<AreaEntity>(DRT_AREA);

/** Vehicles grouped by their start link, in the order met (spec 2 §2: vehicles on the same link are grouped). */
export function vehiclesByLink(vehicles: Iterable<DrtVehicle>): Map<string, DrtVehicle[]> {
  const byLink = new Map<string, DrtVehicle[]>();
  for (const vehicle of vehicles) {
    const list = byLink.get(vehicle.startLinkId);
    if (list) list.push(vehicle);
    else byLink.set(vehicle.startLinkId, [vehicle]);
  }
  return byLink;
}
