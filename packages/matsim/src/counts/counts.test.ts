import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { cut, formatError, sharedBytes, utf8, zstdStored } from '../../test/variants.ts';
import { collectText } from '../xml/writer.ts';
import { readCounts } from './reader.ts';
import { writeCounts } from './writer.ts';
import type { Counts } from './model.ts';

const EQUIL = 'equil/counts100.xml';
const OUTPUTS = allSharedDataFiles().filter((path) => /(^|\/)output_counts\.xml/.test(path));

async function roundTrip(counts: Counts): Promise<Counts> {
  return readCounts(utf8(await collectText(writeCounts(counts))));
}

describe('counts: the real files', () => {
  test('equil counts100 (v1): 4 hand-made stations with 24 hourly volumes each', async () => {
    const counts = await readCounts(sharedData(EQUIL));
    if (counts.version !== 1) throw new Error('expected counts v1');
    expect(counts.name).toBe('equilCounts');
    expect(counts.description).toBe('hand made values for counting stations for the equil-example with 100 plans');
    expect(counts.year).toBe(2008);
    expect(counts.layer).toBe('0');
    expect(counts.stations.map((s) => [s.linkId, s.stationId])).toEqual([
      ['14', 'handmade_01'],
      ['15', 'handmade_02'],
      ['16', 'handmade_03'],
      ['21', 'handmade_04'],
    ]);
    expect(counts.stations.every((s) => s.volumes.length === 24 && s.x === undefined)).toBe(true);
    expect(counts.stations[0]!.volumes[6]).toEqual({ hour: 7, value: 11.1 });
    expect(counts.stations[3]!.volumes.slice(6, 9)).toEqual([
      { hour: 7, value: 90 },
      { hour: 8, value: 5 },
      { hour: 9, value: 1 },
    ]);
    expect(counts.stations[3]!.volumes.reduce((sum, v) => sum + v.value, 0)).toBe(100);
  });

  test('the outputs: empty counts, v1 in the 2022 run and v2 from MATSim 2024 on', async () => {
    expect(OUTPUTS).toHaveLength(4);
    for (const path of OUTPUTS) {
      const counts = await readCounts(sharedData(path));
      if (path.startsWith('output-equil-2022')) {
        expect(counts).toEqual({ version: 1, name: '', year: 0, stations: [] });
      } else {
        expect(counts).toEqual({ version: 2, year: 0, locations: [] });
      }
    }
  });

  test.each([EQUIL, ...OUTPUTS])('%s: read → write → read gives the same counts', async (path) => {
    const counts = await readCounts(sharedData(path));
    expect(await roundTrip(counts)).toEqual(counts);
  });

  test('v1 is written as CountsWriterHandlerImplV1 does', async () => {
    const text = await collectText(writeCounts(await readCounts(sharedData(EQUIL))));
    expect(text).toContain('xsi:noNamespaceSchemaLocation="http://matsim.org/files/dtd/counts_v1.xsd"');
    expect(text).toContain(' name="equilCounts" desc="hand made values');
    expect(text).toContain('\t<count loc_id="14" cs_id="handmade_01">\n\t\t<volume h="1" val="0.0"/>\n');
    expect(text).toContain('<volume h="7" val="11.1"/>');
  });

  test('gzip, zstd and plain copies read alike', async () => {
    const plain = sharedBytes(EQUIL);
    const counts = await readCounts(plain);
    expect(await readCounts(gzipSync(plain))).toEqual(counts);
    expect(await readCounts(zstdStored(plain))).toEqual(counts);
    const zst = await readCounts(sharedData('output-equil-2026-zst/output_counts.xml.zst'));
    expect(zst).toEqual(await readCounts(sharedData('output-equil-2024/output_counts.xml.gz')));
  });
});

describe('counts v2', () => {
  const V2 = `<?xml version="1.0" encoding="UTF-8"?>
<counts xmlns="http://www.matsim.org/files/dtd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.matsim.org/files/dtd http://www.matsim.org/files/dtd/counts_v2.xsd" source="BASt" name="Autobahn" description="A9 stations" year="2023">
	<attributes>
		<attribute name="coordinateReferenceSystem" class="java.lang.String">EPSG:25832</attribute>
	</attributes>
	<location id="link_1" name="Station 1" x="4460000.5" y="5820000.0">
		<attributes>
			<attribute name="lanes" class="java.lang.Integer">3</attribute>
		</attributes>
		<measurements type="volume" mode="car" interval="60">
			<value t="0" val="120.0"/>
			<value t="3600" val="80.5"/>
		</measurements>
		<measurements type="velocity" mode="truck" interval="1440">
			<value t="0" val="22.2"/>
		</measurements>
	</location>
	<location refId="link_2">
		<measurements type="volume" networkMode="car" interval="60"/>
	</location>
</counts>`;

  test('locations, measurables, values and attributes are read', async () => {
    const counts = await readCounts(utf8(V2));
    if (counts.version !== 2) throw new Error('expected counts v2');
    expect(counts).toMatchObject({ source: 'BASt', name: 'Autobahn', description: 'A9 stations', year: 2023 });
    expect(counts.attributes?.get('coordinateReferenceSystem')?.text).toBe('EPSG:25832');
    const [first, second] = counts.locations;
    expect(first).toMatchObject({ id: 'link_1', stationName: 'Station 1', x: 4460000.5, y: 5820000 });
    expect(first!.attributes?.get('lanes')).toEqual({ class: 'java.lang.Integer', text: '3' });
    expect(first!.measurables).toEqual([
      { type: 'volume', mode: 'car', interval: 60, values: [{ time: 0, value: 120 }, { time: 3600, value: 80.5 }] },
      { type: 'velocity', mode: 'truck', interval: 1440, values: [{ time: 0, value: 22.2 }] },
    ]);
    // Older writers used refId / networkMode; they read into the same fields.
    expect(second).toEqual({ id: 'link_2', measurables: [{ type: 'volume', mode: 'car', interval: 60, values: [] }] });
  });

  test('and survive a round trip in v2', async () => {
    const counts = await readCounts(utf8(V2));
    const text = await collectText(writeCounts(counts));
    expect(text).toContain('xsi:schemaLocation="http://www.matsim.org/files/dtd http://www.matsim.org/files/dtd/counts_v2.xsd"');
    expect(text).toContain('<location id="link_2">');
    expect(await readCounts(utf8(text))).toEqual(counts);
  });
});

describe('counts: bad input', () => {
  test('truncated gzip and zstd outputs are reported as truncated', async () => {
    await formatError(readCounts(cut(sharedBytes('output-equil-2022-txt/output_counts.xml.gz'))), 'truncated');
    await formatError(readCounts(cut(sharedBytes('output-equil-2026-zst/output_counts.xml.zst'))), 'truncated');
    await formatError(readCounts(cut(gzipSync(sharedBytes(EQUIL)))), 'truncated');
  });

  test('another format is refused by its root element', async () => {
    await formatError(readCounts(sharedData('output-equil-2024/output_households.xml.gz')), 'unexpected-root');
  });

  test('bad hours, values and mixed generations are refused with their line', async () => {
    const source = new TextDecoder().decode(sharedBytes(EQUIL));
    const hour = await formatError(readCounts(utf8(source.replace('<volume h="7" val="11.1" />', '<volume h="7.5" val="11.1" />'))));
    expect(hour.code).toBe('invalid-value');
    expect(hour.line).toBe(15);
    await formatError(readCounts(utf8(source.replace('val="90"', 'val="ninety"'))), 'invalid-value');
    await formatError(readCounts(utf8(source.replace('year="2008"', 'year="next"'))), 'invalid-value');
    const mixed = source.replace('</counts>', '<location id="x"/></counts>');
    await formatError(readCounts(utf8(mixed)), 'invalid-value');
  });
});
