/**
 * Streaming reader for vehicle definitions v1 and v2. The two schemas share most element names; where they differ
 * (v1 `<seats persons>` vs v2 `<capacity seats>`, v1 `<freightCapacity><volume>`) both spellings fill the same field.
 */
import type { Attributes } from '../common/attributes.ts';
import { compact, optionalInteger, optionalNumber, putUnique, requiredNumber, requiredText } from '../common/values.ts';
import { MatsimFormatError } from '../errors.ts';
import type { Input } from '../io/input.ts';
import { nestedHandler } from '../xml/nested.ts';
import { readXml, type ReadXmlOptions, type XmlAttributes } from '../xml/sax.ts';
import { liftTypeAttributes } from './attributeNames.ts';
import { emptyVehicles, type Vehicle, type VehicleCapacity, type VehicleType, type Vehicles } from './model.ts';

/** Elements that only group others; nothing to read from them. */
const WRAPPERS = new Set(['freightCapacity', 'costsInformation']);

export async function readVehicles(input: Input, options?: ReadXmlOptions): Promise<Vehicles> {
  const result = emptyVehicles();
  let type: VehicleType | undefined;
  let vehicle: Vehicle | undefined;
  let text: string | undefined;

  const inType = (element: string): VehicleType => {
    if (!type) throw new MatsimFormatError('invalid-value', `<${element}> is out of place: it belongs in a <vehicleType>.`);
    return type;
  };
  const capacity = (element: string): VehicleCapacity => (inType(element).capacity ??= {});

  const open = (name: string, attrs: XmlAttributes) => {
    switch (name) {
      case 'vehicleDefinitions':
        return;
      case 'vehicleType': {
        const id = requiredText(attrs, 'id', name);
        type = { id };
        putUnique(result.vehicleTypes, id, type, 'vehicle type');
        return;
      }
      case 'vehicle': {
        const id = requiredText(attrs, 'id', name);
        const typeId = requiredText(attrs, 'type', name);
        if (!result.vehicleTypes.has(typeId)) {
          throw new MatsimFormatError('invalid-value', `Vehicle "${id}" has the type "${typeId}", which is not defined.`);
        }
        vehicle = { id, type: typeId };
        putUnique(result.vehicles, id, vehicle, 'vehicle');
        return;
      }
      case 'description':
      case 'fuelType':
        text = '';
        return;
      case 'capacity':
        Object.assign(
          capacity(name),
          compact({
            seats: optionalInteger(attrs, 'seats', name),
            standingRoomInPersons: optionalInteger(attrs, 'standingRoomInPersons', name),
            volumeInCubicMeters: optionalNumber(attrs, 'volumeInCubicMeters', name),
            weightInTons: optionalNumber(attrs, 'weightInTons', name),
            other: optionalNumber(attrs, 'other', name),
          }),
        );
        return;
      case 'seats':
        setDefined(capacity(name), 'seats', optionalInteger(attrs, 'persons', name));
        return;
      case 'standingRoom':
        setDefined(capacity(name), 'standingRoomInPersons', optionalInteger(attrs, 'persons', name));
        return;
      case 'volume':
        setDefined(capacity(name), 'volumeInCubicMeters', optionalNumber(attrs, 'cubicMeters', name));
        return;
      case 'weight':
        setDefined(capacity(name), 'weightInTons', optionalNumber(attrs, 'tons', name));
        return;
      case 'length':
        inType(name).length = requiredNumber(attrs, 'meter', name);
        return;
      case 'width':
        inType(name).width = requiredNumber(attrs, 'meter', name);
        return;
      case 'maximumVelocity':
        inType(name).maximumVelocity = requiredNumber(attrs, 'meterPerSecond', name);
        return;
      case 'engineInformation':
        inType(name).engineInformation ??= {};
        return;
      case 'gasConsumption':
        (inType(name).engineInformation ??= {}).gasConsumption = requiredNumber(attrs, 'literPerMeter', name);
        return;
      case 'costInformation':
        inType(name).costInformation = compact({
          fixedCostsPerDay: optionalNumber(attrs, 'fixedCostsPerDay', name),
          costsPerMeter: optionalNumber(attrs, 'costsPerMeter', name),
          costsPerSecond: optionalNumber(attrs, 'costsPerSecond', name),
        });
        return;
      case 'accessTime':
        inType(name).accessTime = requiredNumber(attrs, 'secondsPerPerson', name);
        return;
      case 'egressTime':
        inType(name).egressTime = requiredNumber(attrs, 'secondsPerPerson', name);
        return;
      case 'doorOperation':
        inType(name).doorOperationMode = requiredText(attrs, 'mode', name);
        return;
      case 'passengerCarEquivalents':
        inType(name).passengerCarEquivalents = requiredNumber(attrs, 'pce', name);
        return;
      case 'networkMode':
        inType(name).networkMode = requiredText(attrs, 'networkMode', name);
        return;
      case 'flowEfficiencyFactor':
        inType(name).flowEfficiencyFactor = requiredNumber(attrs, 'factor', name);
        return;
      default:
        if (WRAPPERS.has(name)) return;
        // MATSim's reader refuses unknown elements too; dropping them silently would lose data on the next save.
        throw new MatsimFormatError('invalid-value', `Unknown element <${name}> in a vehicles file.`);
    }
  };

  const owner = (parent: string | undefined): { attributes?: Attributes } | undefined => {
    switch (parent) {
      case 'vehicleType':
        return type;
      case 'vehicle':
        return vehicle;
      case 'capacity':
        return type?.capacity;
      case 'engineInformation':
        return type?.engineInformation;
      case 'costInformation':
        return type?.costInformation;
      default:
        return undefined;
    }
  };

  await readXml(
    input,
    nestedHandler({
      root: ['vehicleDefinitions'],
      format: 'vehicle definitions',
      owner,
      open,
      text(chunk) {
        if (text !== undefined) text += chunk;
      },
      close(name, parent) {
        if (name === 'description') {
          const description = (text ?? '').trim();
          if (description) inType(name).description = description;
          text = undefined;
        } else if (name === 'fuelType') {
          (inType(name).engineInformation ??= {}).fuelType = (text ?? '').trim();
          text = undefined;
        } else if (name === 'vehicleType') {
          if (type) liftTypeAttributes(type);
          type = undefined;
        } else if (name === 'vehicle') {
          vehicle = undefined;
        }
      },
    }),
    options,
  );
  return result;
}

function setDefined<T, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}
