import { describe, expect, test } from 'vitest';
import { collectText } from '../xml/writer.ts';
import { sharedData } from '../../test/data.ts';
import { cut, formatError, sharedBytes, sharedPlain, utf8 } from '../../test/variants.ts';
import { readFacilities } from './reader.ts';
import { writeFacilities } from './writer.ts';

const OUTPUTS = [
  'output-equil-2022-txt/output_facilities.xml.gz',
  'output-equil-2024/output_facilities.xml.gz',
  'output-equil-2026-zst/output_facilities.xml.zst',
  'output-newwest-2024/output_facilities.xml.gz',
];

/** A v2 file with everything the format holds (the real outputs are all empty). */
const V2 = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE facilities SYSTEM "http://www.matsim.org/files/dtd/facilities_v2.dtd">
<facilities name="test &amp; more" aggregation_layer="zones">
	<attributes>
		<attribute name="coordinateReferenceSystem" class="java.lang.String">EPSG:25832</attribute>
	</attributes>
	<facility id="shop-2" linkId="l7" x="100.5" y="-20" z="3">
		<activity type="shop">
			<capacity value="50" />
			<opentime day="mon" start_time="08:00" end_time="18:30:00" />
			<opentime day="sat" start_time="09:00:00" end_time="13:00:00" />
		</activity>
		<activity type="work" />
		<attributes>
			<attribute name="brand" class="java.lang.String">Corner "Shop"</attribute>
			<attribute name="floors" class="java.lang.Integer">2</attribute>
		</attributes>
	</facility>
	<facility id="home-1" linkId="l1" desc="flat">
		<activity type="home"><opentime start_time="00:00:00" end_time="24:00:00" /></activity>
	</facility>
</facilities>`;

/** The v1 layout: coordinates required, no z, no root attributes. */
const V1 = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE facilities SYSTEM "http://www.matsim.org/files/dtd/facilities_v1.dtd">
<facilities name="v1">
  <facility id="1" x="-25000.0" y="0.0">
    <activity type="h"><capacity value="100"/><opentime day="wk" start_time="00:00" end_time="24:00"/></activity>
  </facility>
  <facility id="20" x="10000" y="0" linkId="20">
    <activity type="w"><opentime day="wkday" start_time="07:00" end_time="19:00"/></activity>
  </facility>
</facilities>`;

describe('real facilities outputs', () => {
  test.each(OUTPUTS)('%s is empty and written back byte for byte', async (path) => {
    const facilities = await readFacilities(sharedData(path));
    expect(facilities.facilities.size).toBe(0);
    expect(facilities.name).toBeUndefined();
    const original = new TextDecoder().decode(await sharedPlain(path));
    expect(await collectText(writeFacilities(facilities))).toBe(original);
  });

  test('a truncated gzip and a cut zstd output are truncated', async () => {
    await formatError(readFacilities(cut(sharedBytes(OUTPUTS[0]!), 0.8)), 'truncated');
    await formatError(readFacilities(cut(sharedBytes(OUTPUTS[2]!), 0.8)), 'truncated');
  });
});

describe('facilities v2', () => {
  test('every field is read', async () => {
    const facilities = await readFacilities(utf8(V2));
    expect(facilities.name).toBe('test & more');
    expect(facilities.extra).toEqual({ aggregation_layer: 'zones' });
    expect(facilities.attributes?.get('coordinateReferenceSystem')?.text).toBe('EPSG:25832');
    expect([...facilities.facilities.keys()]).toEqual(['shop-2', 'home-1']);
    const shop = facilities.facilities.get('shop-2')!;
    expect(shop).toMatchObject({ linkId: 'l7', x: 100.5, y: -20, z: 3 });
    expect(shop.activities).toEqual([
      {
        type: 'shop',
        capacity: 50,
        opentimes: [
          { day: 'mon', startTime: 28800, endTime: 66600, timeText: { startTime: '08:00' } },
          { day: 'sat', startTime: 32400, endTime: 46800 },
        ],
      },
      { type: 'work', opentimes: [] },
    ]);
    expect(shop.attributes?.get('brand')?.text).toBe('Corner "Shop"');
    expect(facilities.facilities.get('home-1')).toEqual({
      id: 'home-1', linkId: 'l1', desc: 'flat',
      activities: [{ type: 'home', opentimes: [{ day: 'wk', startTime: 0, endTime: 86400 }] }],
    });
  });

  test('read → write → read keeps every value; facilities are sorted by id', async () => {
    const facilities = await readFacilities(utf8(V2));
    const text = await collectText(writeFacilities(facilities));
    expect(text.indexOf('id="home-1"')).toBeLessThan(text.indexOf('id="shop-2"'));
    expect(text).toContain('<capacity value="50.0" />');
    expect(text).toContain('start_time="08:00" end_time="18:30:00"');
    expect(await readFacilities(utf8(text))).toEqual(facilities);
  });

  test('v1 reads into the same model and is written as v2', async () => {
    const facilities = await readFacilities(utf8(V1));
    expect(facilities.facilities.get('1')).toEqual({
      id: '1', x: -25000, y: 0,
      activities: [{ type: 'h', capacity: 100, opentimes: [{ day: 'wk', startTime: 0, endTime: 86400, timeText: { startTime: '00:00', endTime: '24:00' } }] }],
    });
    const text = await collectText(writeFacilities(facilities));
    expect(text).toContain('facilities_v2.dtd');
    expect(await readFacilities(utf8(text))).toEqual(facilities);
  });
});

describe('bad input', () => {
  test('other files are refused by their root element', async () => {
    await formatError(readFacilities(sharedData('equil/network.xml')), 'unexpected-root');
    await formatError(readFacilities(sharedData('output-equil-2024/output_plans.xml.gz')), 'unexpected-root');
  });

  test('a facility without coordinate or link, and a bad capacity, name their line', async () => {
    const noPlace = await formatError(readFacilities(utf8('<facilities>\n<facility id="f"/></facilities>')), 'invalid-value');
    expect(noPlace.line).toBe(2);
    const bad = '<facilities>\n<facility id="f" x="1" y="2">\n<activity type="a"><capacity value="many"/></activity></facility></facilities>';
    expect((await formatError(readFacilities(utf8(bad)), 'invalid-value')).line).toBe(3);
    const orphan = '<facilities><activity type="a"/></facilities>';
    await formatError(readFacilities(utf8(orphan)), 'invalid-value');
  });

  test('a missing opening time and a duplicate id are errors', async () => {
    const noEnd = '<facilities><facility id="f" linkId="l"><activity type="a"><opentime start_time="08:00"/></activity></facility></facilities>';
    await formatError(readFacilities(utf8(noEnd)), 'invalid-value');
    const twice = '<facilities><facility id="f" linkId="l"/><facility id="f" linkId="l"/></facilities>';
    expect((await formatError(readFacilities(utf8(twice)), 'invalid-value')).message).toContain('Duplicate facility');
  });

  test('a DOCTYPE with entities is refused; malformed XML has a position', async () => {
    await formatError(readFacilities(utf8('<!DOCTYPE facilities [<!ENTITY a SYSTEM "file:///etc/passwd">]><facilities/>')), 'forbidden-doctype');
    const error = await formatError(readFacilities(utf8(V2.replace('</activity>', '</activty>'))), 'malformed-xml');
    expect(error.line).toBeGreaterThan(5);
  });
});
