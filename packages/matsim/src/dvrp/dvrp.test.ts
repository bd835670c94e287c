import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { sharedData } from '../../test/data.ts';
import { cut, formatError, sharedBytes, utf8, zstdStored } from '../../test/variants.ts';
import { collectText } from '../xml/writer.ts';
import { readDvrpFleet } from './reader.ts';
import { writeDvrpFleet } from './writer.ts';

const FLEETS = ['drt-mielec/vehicles-10-cap-4.xml', 'drt-mielec/vehicles-20-cap-2.xml'];

describe('DVRP fleets: the real files', () => {
  test('Mielec: 10 vehicles of capacity 4, two per start link, 06:00 to 29:00', async () => {
    const fleet = await readDvrpFleet(sharedData(FLEETS[0]!));
    expect(fleet.vehicles.size).toBe(10);
    expect(fleet.vehicles.get('drt_veh_1_1')).toEqual({
      id: 'drt_veh_1_1',
      startLink: '385',
      t0: 21600,
      t1: 104400,
      capacity: 4,
    });
    expect([...fleet.vehicles.values()].map((v) => v.startLink)).toEqual(
      ['385', '385', '499', '499', '277', '277', '52', '52', '449', '449'],
    );
  });

  test('Mielec: 20 vehicles of capacity 2, four per start link', async () => {
    const fleet = await readDvrpFleet(sharedData(FLEETS[1]!));
    const vehicles = [...fleet.vehicles.values()];
    expect(vehicles).toHaveLength(20);
    expect(vehicles.every((v) => v.capacity === 2 && v.t0 === 21600 && v.t1 === 104400)).toBe(true);
    expect(vehicles.filter((v) => v.startLink === '52')).toHaveLength(4);
    expect(vehicles.at(-1)?.id).toBe('drt_veh_5_4');
  });

  test.each(FLEETS)('%s: read → write → read gives the same fleet', async (path) => {
    const fleet = await readDvrpFleet(sharedData(path));
    const text = await collectText(writeDvrpFleet(fleet));
    expect(await readDvrpFleet(utf8(text))).toEqual(fleet);
  });

  test('the writer follows FleetWriter: no prolog, DOCTYPE without www, times as doubles', async () => {
    const text = await collectText(writeDvrpFleet(await readDvrpFleet(sharedData(FLEETS[0]!))));
    expect(text.startsWith('<!DOCTYPE vehicles SYSTEM "http://matsim.org/files/dtd/dvrp_vehicles_v1.dtd">\n')).toBe(true);
    expect(text).toContain('\t<vehicle id="drt_veh_1_1" start_link="385" t_0="21600.0" t_1="104400.0" capacity="4"/>\n');
  });

  test('gzip and zstd copies read alike; capacity stays optional', async () => {
    const plain = sharedBytes(FLEETS[1]!);
    const fleet = await readDvrpFleet(plain);
    expect(await readDvrpFleet(gzipSync(plain))).toEqual(fleet);
    expect(await readDvrpFleet(zstdStored(plain))).toEqual(fleet);
    const noCapacity = await readDvrpFleet(utf8('<vehicles><vehicle id="v" start_link="1" t_0="0" t_1="3600.5"/></vehicles>'));
    expect(noCapacity.vehicles.get('v')).toEqual({ id: 'v', startLink: '1', t0: 0, t1: 3600.5 });
    expect(await collectText(writeDvrpFleet(noCapacity))).toContain('<vehicle id="v" start_link="1" t_0="0.0" t_1="3600.5"/>');
  });
});

describe('DVRP fleets: bad input', () => {
  test('truncated plain, gzip and zstd files are reported as truncated', async () => {
    const plain = sharedBytes(FLEETS[1]!);
    await formatError(readDvrpFleet(cut(plain)), 'truncated');
    await formatError(readDvrpFleet(cut(gzipSync(plain))), 'truncated');
    await formatError(readDvrpFleet(cut(zstdStored(plain))), 'truncated');
  });

  test('other vehicle files are refused by their root element', async () => {
    await formatError(readDvrpFleet(sharedData('pt-tutorial/transitVehicles.xml')), 'unexpected-root');
  });

  test('a missing start link, a bad time and a duplicate id are refused with their line', async () => {
    const source = new TextDecoder().decode(sharedBytes(FLEETS[0]!));
    const missing = await formatError(readDvrpFleet(utf8(source.replace(' start_link="499"', ''))), 'invalid-value');
    expect(missing.message).toContain('start_link');
    expect(missing.line).toBe(7);
    await formatError(readDvrpFleet(utf8(source.replace('t_1="104400"', 't_1="late"'))), 'invalid-value');
    await formatError(readDvrpFleet(utf8(source.replace('drt_veh_1_2', 'drt_veh_1_1'))), 'invalid-value');
  });
});
