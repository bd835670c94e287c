/**
 * Where MATSim (`VehicleUtils`) keeps the v1-only vehicle-type values once a file is in v2: as attributes with
 * these names and classes. The writer stores the typed fields this way; the reader lifts them back.
 */
import { JAVA_DOUBLE, type Attributes } from '../common/attributes.ts';
import { formatJavaDouble, parseMatsimNumber } from '../common/numbers.ts';
import type { EngineInformation, VehicleType } from './model.ts';

export const ACCESS_TIME = 'accessTimeInSecondsPerPerson';
export const EGRESS_TIME = 'egressTimeInSecondsPerPerson';
export const DOOR_OPERATION_MODE = 'doorOperationMode';
export const FUEL_TYPE = 'fuelType';
export const FUEL_CONSUMPTION = 'fuelConsumptionLitersPerMeter';
const DOOR_OPERATION_CLASS = 'org.matsim.vehicles.VehicleType$DoorOperationMode';
const FUEL_TYPE_CLASS = 'org.matsim.vehicles.EngineInformation$FuelType';

/** Moves the known v1 attributes of a type read from v2 into the typed fields. */
export function liftTypeAttributes(type: VehicleType): void {
  const attributes = type.attributes;
  if (attributes) {
    const access = takeNumber(attributes, ACCESS_TIME);
    if (access !== undefined) type.accessTime = access;
    const egress = takeNumber(attributes, EGRESS_TIME);
    if (egress !== undefined) type.egressTime = egress;
    const door = attributes.get(DOOR_OPERATION_MODE);
    if (door) {
      type.doorOperationMode = door.text.trim();
      attributes.delete(DOOR_OPERATION_MODE);
    }
    if (attributes.size === 0) delete type.attributes;
  }
  const engine = type.engineInformation?.attributes;
  if (engine && type.engineInformation) {
    const fuel = engine.get(FUEL_TYPE);
    if (fuel) {
      type.engineInformation.fuelType = fuel.text.trim();
      engine.delete(FUEL_TYPE);
    }
    const consumption = takeNumber(engine, FUEL_CONSUMPTION);
    if (consumption !== undefined) type.engineInformation.gasConsumption = consumption;
    if (engine.size === 0) delete type.engineInformation.attributes;
  }
}

function takeNumber(attributes: Attributes, name: string): number | undefined {
  const value = attributes.get(name);
  if (!value || value.class !== JAVA_DOUBLE) return undefined;
  const number = parseMatsimNumber(value.text);
  if (Number.isNaN(number) && value.text.trim() !== 'NaN') return undefined;
  attributes.delete(name);
  return number;
}

/** The type's attributes with the v1 fields added as MATSim names them. */
export function typeAttributesForV2(type: VehicleType): Attributes | undefined {
  if (type.accessTime === undefined && type.egressTime === undefined && type.doorOperationMode === undefined) {
    return type.attributes;
  }
  const out: Attributes = new Map(type.attributes);
  if (type.accessTime !== undefined) out.set(ACCESS_TIME, double(type.accessTime));
  if (type.egressTime !== undefined) out.set(EGRESS_TIME, double(type.egressTime));
  if (type.doorOperationMode !== undefined) {
    out.set(DOOR_OPERATION_MODE, { class: DOOR_OPERATION_CLASS, text: type.doorOperationMode });
  }
  return out;
}

export function engineAttributesForV2(engine: EngineInformation): Attributes | undefined {
  if (engine.fuelType === undefined && engine.gasConsumption === undefined) return engine.attributes;
  const out: Attributes = new Map(engine.attributes);
  if (engine.fuelType !== undefined) out.set(FUEL_TYPE, { class: FUEL_TYPE_CLASS, text: engine.fuelType });
  if (engine.gasConsumption !== undefined) out.set(FUEL_CONSUMPTION, double(engine.gasConsumption));
  return out;
}

function double(value: number) {
  return { class: JAVA_DOUBLE, text: formatJavaDouble(value) };
}
