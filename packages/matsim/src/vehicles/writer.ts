/** Writes vehicle definitions in the v2 layout of MATSim's `VehicleWriterV2` (no DOCTYPE; schema on the root). */
import { writeAttributes } from '../common/attributes.ts';
import { formatJavaDouble } from '../common/numbers.ts';
import { escapeXml, xmlAttributes, XML_PROLOG } from '../xml/writer.ts';
import { engineAttributesForV2, typeAttributesForV2 } from './attributeNames.ts';
import type { Vehicle, VehicleType, Vehicles } from './model.ts';

const ROOT =
  '<vehicleDefinitions xmlns="http://www.matsim.org/files/dtd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.matsim.org/files/dtd http://www.matsim.org/files/dtd/vehicleDefinitions_v2.0.xsd">';

export function* writeVehicles(vehicles: Vehicles): Generator<string> {
  yield `${XML_PROLOG}\n${ROOT}\n\n`;
  for (const type of vehicles.vehicleTypes.values()) yield vehicleType(type);
  for (const vehicle of vehicles.vehicles.values()) yield vehicleElement(vehicle);
  yield '\n</vehicleDefinitions>\n';
}

/**
 * Java's `Double.parseDouble` reads `Infinity` but not `INF`, and MATSim's vehicle reader parses most values that
 * way, so non-finite values are written in Java's own spelling here.
 */
function double(value: number | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return formatJavaDouble(value);
}

function integer(value: number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

function vehicleType(type: VehicleType): string {
  let out = `\t<vehicleType${xmlAttributes([['id', type.id]])}>\n`;
  out += writeAttributes(typeAttributesForV2(type), '\t\t');
  if (type.description !== undefined) out += `\t\t<description>${escapeXml(type.description)}</description>\n`;
  const { capacity, engineInformation, costInformation } = type;
  if (capacity) {
    out += `\t\t<capacity${xmlAttributes([
      ['seats', integer(capacity.seats)],
      ['standingRoomInPersons', integer(capacity.standingRoomInPersons)],
      ['volumeInCubicMeters', double(capacity.volumeInCubicMeters)],
      ['weightInTons', double(capacity.weightInTons)],
      ['other', double(capacity.other)],
    ])}>\n${writeAttributes(capacity.attributes, '\t\t\t')}\t\t</capacity>\n`;
  }
  if (type.length !== undefined) out += `\t\t<length meter="${double(type.length)}"/>\n`;
  if (type.width !== undefined) out += `\t\t<width meter="${double(type.width)}"/>\n`;
  if (type.maximumVelocity !== undefined) {
    out += `\t\t<maximumVelocity meterPerSecond="${double(type.maximumVelocity)}"/>\n`;
  }
  if (engineInformation) {
    const inner = writeAttributes(engineAttributesForV2(engineInformation), '\t\t\t');
    out += `\t\t<engineInformation>\n${inner}\t\t</engineInformation>\n`;
  }
  if (costInformation) {
    out += `\t\t<costInformation${xmlAttributes([
      ['fixedCostsPerDay', double(costInformation.fixedCostsPerDay)],
      ['costsPerMeter', double(costInformation.costsPerMeter)],
      ['costsPerSecond', double(costInformation.costsPerSecond)],
    ])}>\n${writeAttributes(costInformation.attributes, '\t\t\t')}\t\t</costInformation>\n`;
  }
  if (type.passengerCarEquivalents !== undefined) {
    out += `\t\t<passengerCarEquivalents pce="${double(type.passengerCarEquivalents)}"/>\n`;
  }
  if (type.networkMode !== undefined) out += `\t\t<networkMode networkMode="${escapeXml(type.networkMode)}"/>\n`;
  if (type.flowEfficiencyFactor !== undefined) {
    out += `\t\t<flowEfficiencyFactor factor="${double(type.flowEfficiencyFactor)}"/>\n`;
  }
  return `${out}\t</vehicleType>\n\n`;
}

function vehicleElement(vehicle: Vehicle): string {
  const attrs = xmlAttributes([
    ['id', vehicle.id],
    ['type', vehicle.type],
  ]);
  const inner = writeAttributes(vehicle.attributes, '\t\t');
  return inner ? `\t<vehicle${attrs}>\n${inner}\t</vehicle>\n` : `\t<vehicle${attrs}/>\n`;
}
