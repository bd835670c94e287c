import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { BILLION_LAUGHS, configWithEntities, REFUSED_ENTITIES, withSubset } from '../../test/entities.ts';
import { writeGeoPackage } from '../geodata/geopackage.ts';
import { readHead } from '../io/input.ts';
import { sniff, sniffDetails } from './sniff.ts';
import { TAGS, isDataTypeTag } from './tags.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const file = (path: string) => readFileSync(sharedData(path));

describe('sniffing by content', () => {
  test('a gzip network named .txt is still a network, and its compression is reported', async () => {
    const details = await sniffDetails(file('berlin-medium/network.xml.gz'), 'notes.txt');
    expect(details).toEqual({ tag: 'network_v1', compression: 'gzip' });
  });

  test('a zstd events file named .csv is events', async () => {
    expect(await sniffDetails(file('output-equil-2026-zst/output_events.xml.zst'), 'trips.csv')).toEqual({
      tag: 'events_v1',
      compression: 'zstd',
    });
  });

  test('a trips table gzip-compressed twice over is not mistaken for anything', async () => {
    expect(await sniff(gzipSync(file('output-equil-2024/output_trips.csv.gz')))).toBeNull();
  });

  test('a plain scorestats named .xml.gz is scorestats', async () => {
    expect(await sniff(file('output-equil-2024/scorestats.csv'), 'network.xml.gz')).toBe('scorestats');
  });

  test('streams and async iterables are sniffed like bytes', async () => {
    const content = file('equil/network.xml');
    expect(await sniff(Readable.from([content.subarray(0, 100), content.subarray(100)]))).toBe('network_v1');
    async function* chunks() {
      yield gzipSync(file('equil/config.xml'));
    }
    expect(await sniff(chunks())).toBe('config_v2');
  });

  test('a gzip file cut in half is still recognised (its reader reports the truncation)', async () => {
    const gz = file('output-equil-2024/output_plans.xml.gz');
    expect(await sniff(gz.subarray(0, gz.length >> 1))).toBe('population_v6');
  });

  test('every shared XML file cut anywhere after its root tag keeps its tag', async () => {
    const changed: string[] = [];
    for (const path of allSharedDataFiles().filter((f) => /\.xml(\.gz|\.zst)?$/.test(f))) {
      const expected = await sniff(sharedData(path));
      const head = Buffer.from(await readHead(sharedData(path), 66_000));
      // Where the root start tag ends, once comments, the DOCTYPE and the prolog are blanked out.
      const blanked = head.toString('latin1').replace(/<!--[\s\S]*?-->|<![^>]*>|<\?[^>]*>/g, (m) => ' '.repeat(m.length));
      const rootEnd = blanked.indexOf('>', blanked.search(/<[A-Za-z]/));
      for (let i = 1; i <= 12; i++) {
        const cut = rootEnd + 1 + Math.floor(((head.length - rootEnd - 1) * i) / 13);
        const tag = await sniff(head.subarray(0, cut));
        if (tag !== expected) changed.push(`${path} cut at ${cut}: ${tag}`);
      }
    }
    expect(changed).toEqual([]);
  });

  test('only the first 64 KiB are read, so a large file sniffs quickly', async () => {
    const started = performance.now();
    expect(await sniff(sharedData('output-newwest-2024/output_events.xml.gz'))).toBe('events_v1');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('configs declaring entities in their DOCTYPE', () => {
  test.each(['config_v1', 'config_v2'] as const)('sniff as %s, plain and gzip', async (dtd) => {
    const text = bytes(configWithEntities(dtd));
    expect(await sniff(text)).toBe(dtd);
    expect(await sniff(gzipSync(text))).toBe(dtd);
  });

  test.each(REFUSED_ENTITIES)('with $name: no tag', async ({ subset, body }) => {
    expect(await sniff(bytes(withSubset('config', 'config_v2', subset, body)))).toBeNull();
  });
});

describe('garbage and hostile input gives no tag and never throws', () => {
  test.each([
    ['empty bytes', new Uint8Array(0)],
    ['random bytes', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)],
    ['a gzip header followed by junk', Uint8Array.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])],
    ['a zstd magic followed by junk', Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0xff, 0xff, 0xff, 0xff])],
    ['prose', bytes('Dear reader,\nthis is not a MATSim file.\n')],
    ['malformed XML', bytes('<network><<<')],
    ['an unknown root', bytes('<?xml version="1.0"?><html><body/></html>')],
    ['XXE', bytes('<?xml version="1.0"?><!DOCTYPE network [<!ENTITY x SYSTEM "file:///etc/passwd">]><network>&x;</network>')],
    ['billion laughs', bytes(`<!DOCTYPE events [${BILLION_LAUGHS}]><events>&lol9;</events>`)],
    ['dvrp-like root without dvrp content', bytes('<vehicles><vehicle id="1"/></vehicles>')],
    ['a table header nobody writes', bytes('a;b;c\n1;2;3\n')],
    ['a NUL byte in text', bytes('iteration;avg_executed;avg_worst;avg_average;avg_best\0\n')],
  ])('%s → null', async (_name, input) => {
    expect(await sniff(input)).toBeNull();
  });

  test('a missing file → null', async () => {
    expect(await sniffDetails('/nonexistent/dir/network.xml')).toEqual({ tag: null, compression: 'none' });
  });

  test('a gzip stream of garbage reports gzip and no tag', async () => {
    expect(await sniffDetails(gzipSync(Uint8Array.from({ length: 500 }, (_, i) => (i * 31) % 256)))).toEqual({
      tag: null,
      compression: 'gzip',
    });
  });
});

describe('XML without a usable DOCTYPE or schema', () => {
  test.each([
    ['<network><nodes/><links/></network>', 'network_v1'],
    ['<network><attributes><attribute name="a" class="java.lang.String">x</attribute></attributes><nodes/></network>', 'network_v2'],
    ['<population><person id="1"/></population>', 'population_v6'],
    ['<plans><person id="1"/></plans>', 'plans_v4'],
    ['<config><module name="global"><param name="a" value="b"/></module></config>', 'config_v2'],
    ['<facilities><facility id="1" x="0" y="0"/></facilities>', 'facilities_v1'],
    ['<facilities><attributes/></facilities>', 'facilities_v2'],
    ['<transitSchedule><transitStops/></transitSchedule>', 'transitSchedule_v1'],
    ['<transitSchedule><transitStops/><minimalTransferTimes/></transitSchedule>', 'transitSchedule_v2'],
    ['<vehicleDefinitions><vehicleType id="a"><capacity><seats persons="2"/></capacity></vehicleType></vehicleDefinitions>', 'vehicleDefinitions_v1'],
    ['<vehicleDefinitions><vehicleType id="a"><capacity seats="2"/></vehicleType></vehicleDefinitions>', 'vehicleDefinitions_v2'],
    ['<vehicles><vehicle id="v" start_link="1" t_0="0" t_1="10"/></vehicles>', 'dvrp_vehicles_v1'],
    ['<events version="1.0"><event time="1.0" type="actend"/></events>', 'events_v1'],
    ['<counts><count loc_id="1" cs_id="a"/></counts>', 'counts_v1'],
    ['<counts><measureLocation id="1"/></counts>', 'counts_v2'],
    ['<households/>', 'households_v1'],
  ])('%s → %s', async (xml, tag) => {
    expect(await sniff(bytes(`<?xml version="1.0"?>\n${xml}`))).toBe(tag);
  });

  test('a DOCTYPE that contradicts the root element is ignored in favour of the root', async () => {
    const xml = '<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd"><population/>';
    expect(await sniff(bytes(xml))).toBe('population_v6');
  });

  test('the DOCTYPE decides the version even when the content would suggest another', async () => {
    const xml = '<!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v1.dtd"><config><module name="a"/></config>';
    expect(await sniff(bytes(xml))).toBe('config_v1');
    const population = '<!DOCTYPE population SYSTEM "http://www.matsim.org/files/dtd/population_v5.dtd"><population/>';
    expect(await sniff(bytes(population))).toBe('population_v5');
  });

  test('a UTF-8 byte-order mark before the prolog is fine', async () => {
    expect(await sniff(bytes('\uFEFF<?xml version="1.0"?><events version="1.0"></events>'))).toBe('events_v1');
  });
});

describe('binary and side-car formats', () => {
  test.each([
    ['image_png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]],
    ['image_jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]],
    ['image_gif', [...bytes('GIF89a'), 1, 0, 1, 0]],
    ['image_webp', [...bytes('RIFF'), 0x24, 0, 0, 0, ...bytes('WEBPVP8 ')]],
  ])('%s by its magic number', async (tag, magic) => {
    expect(await sniff(Uint8Array.from(magic), 'chart.txt')).toBe(tag);
  });

  test('a GeoPackage by the SQLite header and its application_id (GPKG, or GP10/GP11 of 1.0/1.1); another SQLite database is no tag', async () => {
    const database = (id: string) => {
      const head = new Uint8Array(100);
      head.set([...bytes('SQLite format 3'), 0]);
      head.set(bytes(id), 68);
      return head;
    };
    expect(await sniff(database('GPKG'), 'area.txt')).toBe('geopackage');
    expect(await sniff(database('GP10'))).toBe('geopackage');
    expect(await sniff(database('GP11'))).toBe('geopackage');
    expect(await sniff(database('\0\0\0\0'), 'area.gpkg')).toBeNull();
    expect(await sniff(await writeGeoPackage([], 'EPSG:4326'))).toBe('geopackage');
  });

  test('a shapefile without records falls back to the name to tell .shp from .shx', async () => {
    const header = new Uint8Array(100);
    const view = new DataView(header.buffer);
    view.setInt32(0, 9994, false);
    view.setInt32(24, 50, false);
    view.setInt32(28, 1000, true);
    view.setInt32(32, 5, true);
    expect(await sniffDetails(header, 'zones.shx')).toMatchObject({ tag: 'shapefile', shapefilePart: 'shx' });
    expect(await sniffDetails(header, 'zones.shp')).toMatchObject({ tag: 'shapefile', shapefilePart: 'shp' });
    view.setInt32(28, 999, true);
    expect(await sniff(header, 'zones.shp')).toBeNull();
  });

  test('a WKT projection is a .prj unless named .qpj; a .cpg needs its name', async () => {
    const wkt = file('drt-mielec/mielec/mielec.prj');
    expect((await sniffDetails(wkt)).shapefilePart).toBe('prj');
    expect((await sniffDetails(wkt, 'mielec.qpj')).shapefilePart).toBe('qpj');
    expect(await sniff(bytes('UTF-8'), 'zones.cpg')).toBe('shapefile');
    expect(await sniff(bytes('UTF-8'), 'zones.txt')).toBeNull();
    expect(await sniff(bytes('this is not a code page'), 'zones.cpg')).toBeNull();
  });

  test('a cut .dbf header is still a dbf; a damaged one is not', async () => {
    const dbf = file('drt-mielec/mielec/mielec.dbf');
    expect((await sniffDetails(dbf.subarray(0, 100))).shapefilePart).toBe('dbf');
    const damaged = Uint8Array.from(dbf);
    damaged[2] = 13; // month 13
    expect(await sniff(damaged)).toBeNull();
  });
});

describe('tables', () => {
  test('per-mode tables: integers are passenger-km, shares are modestats, the name only picks coverage', async () => {
    const header = 'Iteration\tcar\tpt\n';
    expect(await sniff(bytes(`${header}0\t9000\t120\n`))).toBe('pkm_modestats');
    expect(await sniff(bytes(`${header}0\t0.9\t0.1\n`))).toBe('modestats');
    expect(await sniff(bytes(`${header}0\t0.9\t0.1\n`), 'modeChoiceCoverage1x.txt')).toBe('modeChoiceCoverage');
    expect(await sniff(bytes(`${header}0\t9000\t120\n`), 'modeChoiceCoverage1x.txt')).toBe('pkm_modestats');
    expect(await sniff(bytes(header), 'out/pkm_modestats.txt')).toBe('pkm_modestats');
    expect(await sniff(bytes(header))).toBe('modestats');
  });

  test('CRLF line ends and a byte-order mark do not matter', async () => {
    expect(await sniff(bytes('\uFEFFiteration;avg_executed;avg_worst;avg_average;avg_best\r\n0;1.0;1.0;1.0;1.0\r\n'))).toBe(
      'scorestats',
    );
  });

  test('the experienced-plans score table needs numbers after the id on every line', async () => {
    expect(await sniff(bytes('p1\t1.5\t-2.0E-4\np2\t0.0\n'))).toBe('experienced_plans_scores');
    expect(await sniff(bytes('p1\t1.5\tcar\np2\t0.0\n'))).toBeNull();
  });
});

test('every tag has a description, and the guard knows them', () => {
  for (const [tag, description] of Object.entries(TAGS)) {
    expect(isDataTypeTag(tag)).toBe(true);
    expect(description.length).toBeGreaterThan(5);
  }
  expect(isDataTypeTag('toString')).toBe(false);
});
