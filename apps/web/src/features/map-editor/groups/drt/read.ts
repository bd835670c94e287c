/**
 * Reading DRT items off the scenario graph for the map and the panels (the package's readers, @corridor/changesets
 * drt/read.ts, plus the service areas with their graph ids).
 */
import { DRT_AREA, type DrtAreaEntity, type GraphReader } from '@corridor/changesets';

export { areaEntity, drtStopOf, drtStops, drtVehicleOf, drtVehicles, vehiclesByLink, vehiclesOfLink, type DrtAreaEntity } from '@corridor/changesets';

/** The service areas as graph entities (`id` is the graph's key, `area` the feature). */
export const drtAreaEntities = (graph: GraphReader) => graph.entities<DrtAreaEntity>(DRT_AREA);
