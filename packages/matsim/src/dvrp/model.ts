/** A DVRP fleet (`dvrp_vehicles_v1.dtd`): the vehicles of a DRT or taxi service with their service hours. */

export interface DvrpFleet {
  /** Insertion-ordered as in the file. */
  vehicles: Map<string, DvrpVehicle>;
}

export interface DvrpVehicle {
  id: string;
  /** Link where the vehicle starts the day. */
  startLink: string;
  /** Service start (`t_0`) and end (`t_1`), seconds since midnight. */
  t0: number;
  t1: number;
  /** Passenger seats; optional in the DTD. */
  capacity?: number;
}

export function emptyDvrpFleet(): DvrpFleet {
  return { vehicles: new Map() };
}
