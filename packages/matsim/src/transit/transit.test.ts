import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sharedData } from '../../test/data.ts';
import { cut, formatError, sharedBytes, sharedPlain, utf8, zstdStored } from '../../test/variants.ts';
import { collectText, writeOutput } from '../xml/writer.ts';
import { readTransitSchedule } from './reader.ts';
import { writeTransitSchedule } from './writer.ts';
import type { TransitSchedule } from './model.ts';

const TUTORIAL = 'pt-tutorial/transitschedule.xml';
const WATERLOO = 'pt-waterloo/MappedTransitSchedule.xml.gz';
const DRT_STOPS = 'drt-mielec/drtstops.xml';
const DRT_STOPS_V2 = 'drt-mielec/drtstops_wLinkIds_lessStops.xml';
const ALL = [TUTORIAL, WATERLOO, DRT_STOPS, DRT_STOPS_V2];

const routesOf = (schedule: TransitSchedule) => [...schedule.lines.values()].flatMap((l) => [...l.routes.values()]);

async function roundTrip(schedule: TransitSchedule): Promise<TransitSchedule> {
  return readTransitSchedule(utf8(await collectText(writeTransitSchedule(schedule))));
}

describe('transit schedules: the real files', () => {
  test('pt-tutorial (v1): 4 stops, the Blue Line with two routes of 50 departures each', async () => {
    const schedule = await readTransitSchedule(sharedData(TUTORIAL));
    expect([...schedule.stops.keys()]).toEqual(['1', '2a', '2b', '3']);
    expect(schedule.stops.get('2a')).toEqual({ id: '2a', x: 2050, y: 2940, linkRefId: '12' });
    expect([...schedule.lines.keys()]).toEqual(['Blue Line']);
    const line = schedule.lines.get('Blue Line')!;
    expect([...line.routes.keys()]).toEqual(['1to3', '3to1']);
    const there = line.routes.get('1to3')!;
    expect(there.transportMode).toBe('train');
    expect(line.routes.get('3to1')!.transportMode).toBe('pt');
    expect(there.stops).toEqual([
      { refId: '1', departureOffset: 0 },
      { refId: '2a', arrivalOffset: 200, departureOffset: 240 },
      { refId: '3', arrivalOffset: 540 },
    ]);
    expect(there.links).toEqual(['11', '12', '23', '33']);
    expect(there.departures).toHaveLength(50);
    expect(there.departures[0]).toEqual({ id: '01', departureTime: 6 * 3600, vehicleRefId: 'tr_1' });
    expect(there.departures.at(-1)).toEqual({ id: '50', departureTime: 23 * 3600, vehicleRefId: 'tr_2' });
    expect(routesOf(schedule).reduce((n, r) => n + r.departures.length, 0)).toBe(100);
    expect(schedule.minimalTransferTimes).toEqual([]);
    expect(schedule.attributes).toBeUndefined();
  });

  test('pt-waterloo (v1, gzip): 2,693 stops, 74 lines, 770 bus routes, 3,627 departures', async () => {
    const schedule = await readTransitSchedule(sharedData(WATERLOO));
    expect(schedule.stops.size).toBe(2693);
    expect(schedule.lines.size).toBe(74);
    const routes = routesOf(schedule);
    expect(routes).toHaveLength(770);
    expect(routes.every((r) => r.transportMode === 'bus')).toBe(true);
    expect(routes.reduce((n, r) => n + r.departures.length, 0)).toBe(3627);
    expect(routes.reduce((n, r) => n + r.stops.length, 0)).toBe(26991);
    expect(routes.reduce((n, r) => n + r.links.length, 0)).toBe(79578);
    expect(routes.every((r) => r.stops.every((s) => s.awaitDeparture === true))).toBe(true);
    expect(schedule.stops.get('1002.link:41387')).toEqual({
      id: '1002.link:41387',
      x: -80.482913,
      y: 43.452995,
      linkRefId: '41387',
      name: 'Frederick / Otto',
      isBlocking: false,
    });
    expect(schedule.stops.get('3629.link:12718')!.name).toBe('R & T Park');
    expect([...schedule.lines.keys()].at(0)).toBe('10_10');
    expect([...schedule.lines.keys()].at(-1)).toBe('9_9');
    const route = schedule.lines.get('10_10')!.routes.get('135080501')!;
    expect(route.stops).toHaveLength(38);
    expect(route.links).toHaveLength(75);
    expect(route.stops.at(-1)).toEqual({ refId: '1729.link:26869', arrivalOffset: 25 * 60, awaitDeparture: true });
    expect(route.departures).toEqual([
      { id: '135080501_002', departureTime: 0, vehicleRefId: 'veh_34_bus' },
      { id: '135080501_01', departureTime: 23 * 3600 + 35 * 60, vehicleRefId: 'veh_35_bus' },
    ]);
  });

  test('DRT stop files are schedules with stops only: 202 stops (v1), 100 stops with links (v2)', async () => {
    const v1 = await readTransitSchedule(sharedData(DRT_STOPS));
    expect(v1.stops.size).toBe(202);
    expect(v1.lines.size).toBe(0);
    expect(v1.stops.get('1')).toEqual({ id: '1', x: 3940.1918, y: -2485.0446 });
    expect([...v1.stops.keys()].at(-1)).toBe('214');
    const v2 = await readTransitSchedule(sharedData(DRT_STOPS_V2));
    expect(v2.stops.size).toBe(100);
    expect(v2.lines.size).toBe(0);
    expect([...v2.stops.values()].every((s) => s.linkRefId !== undefined && s.isBlocking === false)).toBe(true);
    expect(v2.stops.get('98')).toEqual({ id: '98', x: 1026.4831, y: -3391.3778, linkRefId: '185', isBlocking: false });
  });

  test.each(ALL)('%s: read → write → read gives the same schedule', async (path) => {
    const schedule = await readTransitSchedule(sharedData(path));
    expect(await roundTrip(schedule)).toEqual(schedule);
  });

  test('the writer produces the v2 layout', async () => {
    const text = await collectText(writeTransitSchedule(await readTransitSchedule(sharedData(TUTORIAL))));
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE transitSchedule SYSTEM ')).toBe(true);
    expect(text).toContain('"http://www.matsim.org/files/dtd/transitSchedule_v2.dtd"');
    expect(text).toContain('\t\t<stopFacility id="2a" x="2050.0" y="2940.0" linkRefId="12"/>\n');
    expect(text).toContain('<stop refId="2a" arrivalOffset="00:03:20" departureOffset="00:04:00"/>');
    expect(text).toContain('<departure id="01" departureTime="06:00:00" vehicleRefId="tr_1"/>');
  });

  test('a gzip file written with writeOutput reads back equal', async () => {
    const schedule = await readTransitSchedule(sharedData(WATERLOO));
    const dir = await mkdtemp(join(tmpdir(), 'transit-'));
    try {
      const path = join(dir, 'schedule.xml.gz');
      await writeOutput(path, writeTransitSchedule(schedule), { gzip: true });
      expect(await readTransitSchedule(path)).toEqual(schedule);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('plain, gzip and zstd encodings of the same schedule read alike', async () => {
    const plain = await sharedPlain(WATERLOO);
    const fromGzip = await readTransitSchedule(sharedBytes(WATERLOO));
    expect(await readTransitSchedule(plain)).toEqual(fromGzip);
    expect(await readTransitSchedule(zstdStored(plain))).toEqual(fromGzip);
  });
});

describe('transit schedules: bad input', () => {
  test('a truncated gzip file is reported as truncated', async () => {
    await formatError(readTransitSchedule(cut(sharedBytes(WATERLOO))), 'truncated');
  });

  test('a truncated zstd file is reported, never a partial schedule', async () => {
    const zst = zstdStored(await sharedPlain(WATERLOO));
    await formatError(readTransitSchedule(cut(zst, 0.6)), 'truncated');
  });

  test('a plain file cut mid-way is truncated XML', async () => {
    await formatError(readTransitSchedule(cut(sharedBytes(TUTORIAL))), 'truncated');
  });

  test('damaged gzip data is an error', async () => {
    const bytes = sharedBytes(WATERLOO).slice();
    for (let i = 1000; i < 1400; i++) bytes[i] = bytes[i]! ^ 0x5a;
    await formatError(readTransitSchedule(bytes));
  });

  test('another format is refused by its root element', async () => {
    const error = await formatError(readTransitSchedule(sharedData('equil/network.xml')), 'unexpected-root');
    expect(error.message).toContain('<network>');
    await formatError(readTransitSchedule(sharedData('pt-tutorial/transitVehicles.xml')), 'unexpected-root');
  });

  test('a non-numeric coordinate names the element and its line', async () => {
    const text = new TextDecoder().decode(sharedBytes(TUTORIAL)).replace('x="2050" y="2940"', 'x="east" y="2940"');
    const error = await formatError(readTransitSchedule(utf8(text)), 'invalid-value');
    expect(error.message).toContain('x="east"');
    expect(error.line).toBe(7);
  });

  test('a route stop naming an unknown facility, a bad time and duplicate ids are refused', async () => {
    const source = new TextDecoder().decode(sharedBytes(TUTORIAL));
    const unknownStop = source.replace('<stop refId="2a"', '<stop refId="nowhere"');
    expect((await formatError(readTransitSchedule(utf8(unknownStop)), 'invalid-value')).message).toContain('nowhere');
    const badTime = source.replace('departureTime="06:15:00"', 'departureTime="6h15"');
    await formatError(readTransitSchedule(utf8(badTime)), 'invalid-value');
    const duplicateStop = source.replace('id="2b"', 'id="2a"');
    await formatError(readTransitSchedule(utf8(duplicateStop)), 'invalid-value');
    const duplicateDeparture = source.replace('<departure id="02"', '<departure id="01"');
    await formatError(readTransitSchedule(utf8(duplicateDeparture)), 'invalid-value');
  });

  test('a DOCTYPE with entities is refused', async () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE transitSchedule [<!ENTITY x SYSTEM "file:///etc/passwd">]><transitSchedule>&x;</transitSchedule>';
    await formatError(readTransitSchedule(utf8(xxe)), 'forbidden-doctype');
  });
});

describe('transit schedules: v2 features', () => {
  const V2 = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE transitSchedule SYSTEM "http://www.matsim.org/files/dtd/transitSchedule_v2.dtd">
<transitSchedule>
	<attributes>
		<attribute name="coordinateReferenceSystem" class="java.lang.String">EPSG:25832</attribute>
	</attributes>
	<transitStops>
		<stopFacility id="a" x="1.5" y="2.0" z="30.25" linkRefId="l1" name="A &amp; B" stopAreaId="area" isBlocking="true">
			<attributes>
				<attribute name="accessible" class="java.lang.Boolean">true</attribute>
			</attributes>
		</stopFacility>
		<stopFacility id="b" x="100" y="0"/>
	</transitStops>
	<minimalTransferTimes>
		<relation fromStop="a" toStop="b" transferTime="120.0"/>
	</minimalTransferTimes>
	<transitLine id="L" name="Line &quot;L&quot;">
		<attributes>
			<attribute name="operator" class="java.lang.String">ACME</attribute>
		</attributes>
		<transitRoute id="R">
			<attributes>
				<attribute name="gtfs_route_type" class="java.lang.Integer">3</attribute>
			</attributes>
			<description>Night service</description>
			<transportMode>bus</transportMode>
			<routeProfile>
				<stop refId="a" departureOffset="00:00:00" allowAlighting="false" awaitDeparture="true"/>
				<stop refId="b" arrivalOffset="25:10:05" allowBoarding="false" awaitDeparture="false"/>
			</routeProfile>
			<route>
				<link refId="l1"/>
				<link refId="l2 l3"/>
			</route>
			<departures>
				<departure id="d1" departureTime="24:30:00" vehicleRefId="v1">
					<attributes>
						<attribute name="trip" class="java.lang.String">t-1</attribute>
					</attributes>
					<chainedDeparture toDeparture="d2" toTransitRoute="R2"/>
				</departure>
				<departure id="d2" departureTime="01:00:00"/>
			</departures>
		</transitRoute>
	</transitLine>
</transitSchedule>`;

  test('attributes at every level, transfer times, stop areas and chained departures are read', async () => {
    const schedule = await readTransitSchedule(utf8(V2));
    expect(schedule.attributes?.get('coordinateReferenceSystem')).toEqual({ class: 'java.lang.String', text: 'EPSG:25832' });
    const a = schedule.stops.get('a')!;
    expect(a).toMatchObject({ z: 30.25, name: 'A & B', stopAreaId: 'area', isBlocking: true });
    expect(a.attributes?.get('accessible')?.text).toBe('true');
    expect(schedule.minimalTransferTimes).toEqual([{ fromStop: 'a', toStop: 'b', transferTime: 120 }]);
    const line = schedule.lines.get('L')!;
    expect(line.name).toBe('Line "L"');
    expect(line.attributes?.get('operator')?.text).toBe('ACME');
    const route = line.routes.get('R')!;
    expect(route.description).toBe('Night service');
    expect(route.attributes?.get('gtfs_route_type')).toEqual({ class: 'java.lang.Integer', text: '3' });
    expect(route.stops[0]).toEqual({ refId: 'a', departureOffset: 0, allowAlighting: false, awaitDeparture: true });
    expect(route.stops[1]!.arrivalOffset).toBe(25 * 3600 + 10 * 60 + 5);
    expect(route.links).toEqual(['l1', 'l2', 'l3']);
    expect(route.departures[0]!.departureTime).toBe(24.5 * 3600);
    expect(route.departures[0]!.chainedDepartures).toEqual([{ toDeparture: 'd2', toTransitRoute: 'R2' }]);
    expect(route.departures[0]!.attributes?.get('trip')?.text).toBe('t-1');
    expect(route.departures[1]).toEqual({ id: 'd2', departureTime: 3600 });
  });

  test('and survive a round trip', async () => {
    const schedule = await readTransitSchedule(utf8(V2));
    const text = await collectText(writeTransitSchedule(schedule));
    expect(text).toContain('<relation fromStop="a" toStop="b" transferTime="120.0"/>');
    expect(text).toContain('name="A &amp; B"');
    expect(await readTransitSchedule(utf8(text))).toEqual(schedule);
  });
});
