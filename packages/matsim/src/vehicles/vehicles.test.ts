import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { cut, formatError, sharedBytes, sharedPlain, utf8, zstdStored } from '../../test/variants.ts';
import { collectText } from '../xml/writer.ts';
import { readVehicles } from './reader.ts';
import { writeVehicles } from './writer.ts';
import type { Vehicles } from './model.ts';

const FILES = allSharedDataFiles().filter((path) => /(^|\/)(output_(all)?[vV]ehicles\.xml|transitVehicles\.xml)/.test(path));
const OUTPUTS = FILES.filter((path) => path.includes('output_'));

async function roundTrip(vehicles: Vehicles): Promise<Vehicles> {
  return readVehicles(utf8(await collectText(writeVehicles(vehicles))));
}

const DEFAULT_TYPE = {
  id: 'defaultVehicleType',
  capacity: { seats: 4, standingRoomInPersons: 0 },
  length: 7.5,
  width: 1,
  costInformation: {},
  passengerCarEquivalents: 1,
  networkMode: 'car',
  flowEfficiencyFactor: 1,
};

describe('vehicles: the real files', () => {
  test('every output folder has both vehicle files, plain gzip or zstd', () => {
    expect(FILES).toContain('pt-tutorial/transitVehicles.xml');
    expect(OUTPUTS).toHaveLength(8);
    expect(OUTPUTS.filter((p) => p.endsWith('.zst'))).toHaveLength(2);
  });

  test('pt-tutorial transitVehicles (v1): one 50+30 train type, two vehicles', async () => {
    const vehicles = await readVehicles(sharedData('pt-tutorial/transitVehicles.xml'));
    expect([...vehicles.vehicleTypes.values()]).toEqual([
      { id: '1', description: 'Small Train', capacity: { seats: 50, standingRoomInPersons: 30 }, length: 50 },
    ]);
    expect([...vehicles.vehicles.values()]).toEqual([
      { id: 'tr_1', type: '1' },
      { id: 'tr_2', type: '1' },
    ]);
  });

  test.each(OUTPUTS)('%s (v2): the default car type and one vehicle per person', async (path) => {
    const vehicles = await readVehicles(sharedData(path));
    expect([...vehicles.vehicleTypes.values()]).toEqual([DEFAULT_TYPE]);
    // Vehicle ids are the person ids, sorted as strings by MATSim's writer.
    const newwest = path.startsWith('output-newwest');
    expect(vehicles.vehicles.size).toBe(newwest ? 450 : 100);
    const ids = [...vehicles.vehicles.keys()];
    expect(ids.slice(0, 3)).toEqual(newwest ? ['p_0', 'p_1', 'p_10'] : ['1', '10', '100']);
    expect(ids.at(-1)).toBe(newwest ? 'p_99' : '99');
    const id = newwest ? 'p_7' : '7';
    expect(vehicles.vehicles.get(id)).toEqual({ id, type: 'defaultVehicleType' });
  });

  test.each(FILES)('%s: read → write → read gives the same vehicles', async (path) => {
    const vehicles = await readVehicles(sharedData(path));
    expect(await roundTrip(vehicles)).toEqual(vehicles);
  });

  test('the writer produces the v2 layout with the schema on the root and no DOCTYPE', async () => {
    const text = await collectText(writeVehicles(await readVehicles(sharedData('output-equil-2024/output_vehicles.xml.gz'))));
    expect(text).not.toContain('<!DOCTYPE');
    expect(text).toContain(
      '<vehicleDefinitions xmlns="http://www.matsim.org/files/dtd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
        'xsi:schemaLocation="http://www.matsim.org/files/dtd http://www.matsim.org/files/dtd/vehicleDefinitions_v2.0.xsd">',
    );
    expect(text).toContain(
      '\t\t<capacity seats="4" standingRoomInPersons="0">\n\t\t</capacity>\n\t\t<length meter="7.5"/>\n\t\t<width meter="1.0"/>\n',
    );
    expect(text).toContain('\t\t<passengerCarEquivalents pce="1.0"/>\n\t\t<networkMode networkMode="car"/>\n');
    expect(text).toContain('\t<vehicle id="100" type="defaultVehicleType"/>\n');
  });

  test('zstd and gzip copies of the same output read alike', async () => {
    const gz = await readVehicles(sharedData('output-equil-2024/output_allVehicles.xml.gz'));
    expect(await readVehicles(sharedData('output-equil-2026-zst/output_allVehicles.xml.zst'))).toEqual(gz);
    expect(await readVehicles(zstdStored(await sharedPlain('output-newwest-2024/output_vehicles.xml.gz')))).toEqual(
      await readVehicles(sharedData('output-newwest-2024/output_vehicles.xml.gz')),
    );
  });
});

describe('vehicles: v1 extras and v2 details', () => {
  const V1 = `<?xml version="1.0" encoding="UTF-8"?>
<vehicleDefinitions xmlns="http://www.matsim.org/files/dtd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
 xsi:schemaLocation="http://www.matsim.org/files/dtd http://www.matsim.org/files/dtd/vehicleDefinitions_v1.0.xsd">
	<vehicleType id="bus">
		<description>Articulated bus</description>
		<capacity>
			<seats persons="50"/>
			<standingRoom persons="70"/>
			<freightCapacity><volume cubicMeters="2.5"/></freightCapacity>
		</capacity>
		<length meter="18.0"/>
		<width meter="2.55"/>
		<maximumVelocity meterPerSecond="22.2"/>
		<engineInformation>
			<fuelType>diesel</fuelType>
			<gasConsumption literPerMeter="0.0004"/>
		</engineInformation>
		<accessTime secondsPerPerson="1.5"/>
		<egressTime secondsPerPerson="0.75"/>
		<doorOperation mode="parallel"/>
		<passengerCarEquivalents pce="2.5"/>
	</vehicleType>
	<vehicle id="b1" type="bus"/>
</vehicleDefinitions>`;

  test('v1-only values are read into typed fields', async () => {
    const vehicles = await readVehicles(utf8(V1));
    expect(vehicles.vehicleTypes.get('bus')).toEqual({
      id: 'bus',
      description: 'Articulated bus',
      capacity: { seats: 50, standingRoomInPersons: 70, volumeInCubicMeters: 2.5 },
      length: 18,
      width: 2.55,
      maximumVelocity: 22.2,
      engineInformation: { fuelType: 'diesel', gasConsumption: 0.0004 },
      accessTime: 1.5,
      egressTime: 0.75,
      doorOperationMode: 'parallel',
      passengerCarEquivalents: 2.5,
    });
  });

  test('are written to v2 as the attributes MATSim uses, and read back into the same fields', async () => {
    const vehicles = await readVehicles(utf8(V1));
    const text = await collectText(writeVehicles(vehicles));
    expect(text).toContain('<attribute name="accessTimeInSecondsPerPerson" class="java.lang.Double">1.5</attribute>');
    expect(text).toContain('<attribute name="doorOperationMode" class="org.matsim.vehicles.VehicleType$DoorOperationMode">parallel</attribute>');
    expect(text).toContain('<attribute name="fuelConsumptionLitersPerMeter" class="java.lang.Double">4.0E-4</attribute>');
    expect(text).toContain('<capacity seats="50" standingRoomInPersons="70" volumeInCubicMeters="2.5">');
    expect(await readVehicles(utf8(text))).toEqual(vehicles);
  });

  test('v2 attributes on types, capacity, engine, costs and vehicles survive a round trip', async () => {
    const v2 = `<?xml version="1.0" encoding="UTF-8"?>
<vehicleDefinitions xmlns="http://www.matsim.org/files/dtd">
	<vehicleType id="truck">
		<attributes><attribute name="label" class="java.lang.String">18 t</attribute></attributes>
		<capacity seats="2" standingRoomInPersons="0" volumeInCubicMeters="40.0" weightInTons="INF" other="3.0">
			<attributes><attribute name="pallets" class="java.lang.Integer">18</attribute></attributes>
		</capacity>
		<length meter="12.0"/>
		<maximumVelocity meterPerSecond="Infinity"/>
		<engineInformation>
			<attributes><attribute name="HbefaVehicleCategory" class="java.lang.String">HEAVY_GOODS_VEHICLE</attribute></attributes>
		</engineInformation>
		<costInformation fixedCostsPerDay="100.0" costsPerMeter="0.001" costsPerSecond="0.01">
			<attributes><attribute name="costsPerSecondWaiting" class="java.lang.Double">0.005</attribute></attributes>
		</costInformation>
		<networkMode networkMode="truck"/>
		<flowEfficiencyFactor factor="0.8"/>
	</vehicleType>
	<vehicle id="t1" type="truck">
		<attributes><attribute name="depot" class="java.lang.String">north &amp; east</attribute></attributes>
	</vehicle>
</vehicleDefinitions>`;
    const vehicles = await readVehicles(utf8(v2));
    const truck = vehicles.vehicleTypes.get('truck')!;
    expect(truck.capacity).toMatchObject({ volumeInCubicMeters: 40, weightInTons: Infinity, other: 3 });
    expect(truck.capacity?.attributes?.get('pallets')).toEqual({ class: 'java.lang.Integer', text: '18' });
    expect(truck.maximumVelocity).toBe(Infinity);
    expect(truck.engineInformation?.attributes?.get('HbefaVehicleCategory')?.text).toBe('HEAVY_GOODS_VEHICLE');
    expect(truck.costInformation).toMatchObject({ fixedCostsPerDay: 100, costsPerMeter: 0.001, costsPerSecond: 0.01 });
    expect(vehicles.vehicles.get('t1')?.attributes?.get('depot')?.text).toBe('north & east');
    expect(await roundTrip(vehicles)).toEqual(vehicles);
  });
});

describe('vehicles: bad input', () => {
  test('a truncated gzip file is reported as truncated', async () => {
    await formatError(readVehicles(cut(sharedBytes('output-newwest-2024/output_allVehicles.xml.gz'))), 'truncated');
  });

  test('a truncated zstd file is reported as truncated', async () => {
    await formatError(readVehicles(cut(sharedBytes('output-equil-2026-zst/output_vehicles.xml.zst'))), 'truncated');
  });

  test('another format is refused by its root element', async () => {
    await formatError(readVehicles(sharedData('drt-mielec/vehicles-10-cap-4.xml')), 'unexpected-root');
    await formatError(readVehicles(sharedData('output-equil-2024/output_counts.xml.gz')), 'unexpected-root');
  });

  test('a vehicle of an undefined type, an unknown element and a bad number are refused with their line', async () => {
    const source = new TextDecoder().decode(sharedBytes('pt-tutorial/transitVehicles.xml'));
    const undefinedType = await formatError(readVehicles(utf8(source.replace('id="tr_2" type="1"', 'id="tr_2" type="9"'))));
    expect(undefinedType.code).toBe('invalid-value');
    expect(undefinedType.line).toBe(15);
    const unknown = source.replace('<length meter="50.0"/>', '<length meter="50.0"/><wheels count="8"/>');
    expect((await formatError(readVehicles(utf8(unknown)), 'invalid-value')).message).toContain('<wheels>');
    const badNumber = source.replace('meter="50.0"', 'meter="fifty"');
    expect((await formatError(readVehicles(utf8(badNumber)), 'invalid-value')).line).toBe(12);
    const fractionalSeats = source.replace('persons="50"', 'persons="50.5"');
    await formatError(readVehicles(utf8(fractionalSeats)), 'invalid-value');
  });
});
