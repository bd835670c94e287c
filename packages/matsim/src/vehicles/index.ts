export type { CostInformation, EngineInformation, Vehicle, VehicleCapacity, VehicleType, Vehicles } from './model.ts';
export { emptyVehicles, VEHICLE_TYPE_DEFAULTS } from './model.ts';
export { readVehicles } from './reader.ts';
export { writeVehicles } from './writer.ts';
