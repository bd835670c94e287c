import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { cut, formatError, sharedBytes, sharedPlain, utf8, zstdStored } from '../../test/variants.ts';
import { collectText } from '../xml/writer.ts';
import { readHouseholds } from './reader.ts';
import { writeHouseholds } from './writer.ts';
import type { Households } from './model.ts';

const OUTPUTS = allSharedDataFiles().filter((path) => /(^|\/)output_households\.xml/.test(path));

async function roundTrip(households: Households): Promise<Households> {
  return readHouseholds(utf8(await collectText(writeHouseholds(households))));
}

const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<households xmlns="http://www.matsim.org/files/dtd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.matsim.org/files/dtd http://www.matsim.org/files/dtd/households_v1.0.xsd">
	<household id="h1">
		<members>
			<personId refId="p1"/>
			<personId refId="p2"/>
		</members>
		<vehicles>
			<vehicleDefinitionId refId="car_h1"/>
		</vehicles>
		<income currency="EUR" period="month">3450.5</income>
		<attributes>
			<attribute name="district" class="java.lang.String">Mitte &amp; Wedding</attribute>
		</attributes>
	</household>
	<household id="h2">
		<members>
			<personId refId="p3"/>
		</members>
		<income period="year"> 24000 </income>
	</household>
	<household id="h3"/>
</households>`;

describe('households: the real files', () => {
  test('every output folder has an empty households file', async () => {
    expect(OUTPUTS).toHaveLength(4);
    for (const path of OUTPUTS) expect((await readHouseholds(sharedData(path))).households.size).toBe(0);
  });

  test.each(OUTPUTS)('%s: read → write → read gives the same households', async (path) => {
    const households = await readHouseholds(sharedData(path));
    expect(await roundTrip(households)).toEqual(households);
  });

  test.each(OUTPUTS)('%s: an empty file is written exactly as MATSim wrote it', async (path) => {
    const text = await collectText(writeHouseholds(await readHouseholds(sharedData(path))));
    expect(text.trimEnd()).toBe(new TextDecoder().decode(await sharedPlain(path)).trimEnd());
  });
});

describe('households: content', () => {
  test('members, vehicles, income and attributes are read', async () => {
    const { households } = await readHouseholds(utf8(SAMPLE));
    expect([...households.keys()]).toEqual(['h1', 'h2', 'h3']);
    const h1 = households.get('h1')!;
    expect(h1.members).toEqual(['p1', 'p2']);
    expect(h1.vehicles).toEqual(['car_h1']);
    expect(h1.income).toEqual({ value: 3450.5, period: 'month', currency: 'EUR' });
    expect(h1.attributes?.get('district')).toEqual({ class: 'java.lang.String', text: 'Mitte & Wedding' });
    expect(households.get('h2')).toEqual({ id: 'h2', members: ['p3'], vehicles: [], income: { value: 24000, period: 'year' } });
    expect(households.get('h3')).toEqual({ id: 'h3', members: [], vehicles: [] });
  });

  test('survive a round trip, also through gzip and zstd', async () => {
    const households = await readHouseholds(utf8(SAMPLE));
    const text = await collectText(writeHouseholds(households));
    expect(text).toContain('<income currency="EUR" period="month">3450.5</income>');
    expect(text).toContain('<income period="year">24000.0</income>');
    expect(await readHouseholds(utf8(text))).toEqual(households);
    expect(await readHouseholds(gzipSync(utf8(text)))).toEqual(households);
    expect(await readHouseholds(zstdStored(utf8(text)))).toEqual(households);
  });
});

describe('households: bad input', () => {
  test('truncated gzip and zstd files are reported as truncated', async () => {
    await formatError(readHouseholds(cut(sharedBytes('output-newwest-2024/output_households.xml.gz'))), 'truncated');
    await formatError(readHouseholds(cut(sharedBytes('output-equil-2026-zst/output_households.xml.zst'))), 'truncated');
    await formatError(readHouseholds(cut(gzipSync(utf8(SAMPLE)), 0.7)), 'truncated');
  });

  test('another format is refused by its root element', async () => {
    await formatError(readHouseholds(sharedData('output-equil-2024/output_vehicles.xml.gz')), 'unexpected-root');
  });

  test('a bad income period or value and duplicate ids are refused with their line', async () => {
    const period = await formatError(readHouseholds(utf8(SAMPLE.replace('period="month"', 'period="fortnight"'))));
    expect(period.code).toBe('invalid-value');
    expect(period.line).toBe(11);
    await formatError(readHouseholds(utf8(SAMPLE.replace('3450.5', 'lots'))), 'invalid-value');
    await formatError(readHouseholds(utf8(SAMPLE.replace('id="h3"', 'id="h1"'))), 'invalid-value');
  });
});
