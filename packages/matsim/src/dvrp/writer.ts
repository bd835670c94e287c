/**
 * Writes a DVRP fleet as the dvrp contrib's `FleetWriter` does: no XML prolog, a DOCTYPE on matsim.org without
 * `www`, times as Java doubles.
 */
import { formatJavaDouble } from '../common/numbers.ts';
import { xmlAttributes } from '../xml/writer.ts';
import type { DvrpFleet, DvrpVehicle } from './model.ts';

export const DVRP_FLEET_DOCTYPE = '<!DOCTYPE vehicles SYSTEM "http://matsim.org/files/dtd/dvrp_vehicles_v1.dtd">\n';

export function* writeDvrpFleet(fleet: DvrpFleet): Generator<string> {
  yield `${DVRP_FLEET_DOCTYPE}\n<vehicles>\n`;
  for (const vehicle of fleet.vehicles.values()) yield vehicleElement(vehicle);
  yield '</vehicles>\n';
}

function vehicleElement(vehicle: DvrpVehicle): string {
  return `\t<vehicle${xmlAttributes([
    ['id', vehicle.id],
    ['start_link', vehicle.startLink],
    ['t_0', formatJavaDouble(vehicle.t0)],
    ['t_1', formatJavaDouble(vehicle.t1)],
    ['capacity', capacityText(vehicle.capacity)],
  ])}/>\n`;
}

/** Integral capacities as Java prints an int; a fractional one (newer DvrpLoad types) as a double. */
function capacityText(capacity: number | undefined): string | undefined {
  if (capacity === undefined) return undefined;
  return Number.isInteger(capacity) ? String(capacity) : formatJavaDouble(capacity);
}
