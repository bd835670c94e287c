/**
 * MATSim vehicle definitions (`vehicleDefinitions_v1.0.xsd` and `v2.0.xsd`) in one model. Values absent from the
 * file stay undefined (see `VEHICLE_TYPE_DEFAULTS` for what MATSim assumes then), so a round trip invents nothing.
 *
 * The v1-only fields (access/egress time, door operation, fuel type, gas consumption) are typed fields here. The
 * v2 writer stores them as MATSim itself does after reading a v1 file — as attributes named
 * `accessTimeInSecondsPerPerson`, `doorOperationMode`, `fuelType`, … — and the reader lifts those back.
 */
import type { Attributes } from '../common/attributes.ts';

export interface Vehicles {
  /** Insertion-ordered as in the file (MATSim writes them sorted by id). */
  vehicleTypes: Map<string, VehicleType>;
  vehicles: Map<string, Vehicle>;
}

export interface Vehicle {
  id: string;
  /** Id of a vehicle type. */
  type: string;
  attributes?: Attributes;
}

export interface VehicleType {
  id: string;
  description?: string;
  attributes?: Attributes;
  capacity?: VehicleCapacity;
  /** Metres. */
  length?: number;
  /** Metres. */
  width?: number;
  /** Metres per second. */
  maximumVelocity?: number;
  engineInformation?: EngineInformation;
  costInformation?: CostInformation;
  passengerCarEquivalents?: number;
  networkMode?: string;
  flowEfficiencyFactor?: number;
  /** v1 `<accessTime secondsPerPerson>`. */
  accessTime?: number;
  /** v1 `<egressTime secondsPerPerson>`. */
  egressTime?: number;
  /** v1 `<doorOperation mode>`: `serial` or `parallel`. */
  doorOperationMode?: string;
}

export interface VehicleCapacity {
  seats?: number;
  standingRoomInPersons?: number;
  volumeInCubicMeters?: number;
  weightInTons?: number;
  other?: number;
  attributes?: Attributes;
}

export interface EngineInformation {
  /** v1 `<fuelType>` text (gasoline, diesel, electricity, biodiesel). */
  fuelType?: string;
  /** v1 `<gasConsumption literPerMeter>`. */
  gasConsumption?: number;
  attributes?: Attributes;
}

export interface CostInformation {
  fixedCostsPerDay?: number;
  costsPerMeter?: number;
  costsPerSecond?: number;
  attributes?: Attributes;
}

/** What MATSim assumes for a value the file leaves out. */
export const VEHICLE_TYPE_DEFAULTS = {
  length: 7.5,
  width: 1,
  maximumVelocity: Infinity,
  passengerCarEquivalents: 1,
  networkMode: 'car',
  flowEfficiencyFactor: 1,
  accessTime: 1,
  egressTime: 1,
  doorOperationMode: 'serial',
} as const;

export function emptyVehicles(): Vehicles {
  return { vehicleTypes: new Map(), vehicles: new Map() };
}
