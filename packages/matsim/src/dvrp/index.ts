export type { DvrpFleet, DvrpVehicle } from './model.ts';
export { emptyDvrpFleet } from './model.ts';
export { readDvrpFleet } from './reader.ts';
export { DVRP_FLEET_DOCTYPE, writeDvrpFleet } from './writer.ts';
