import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { sharedData } from '../../test/data.ts';
import { BILLION_LAUGHS } from '../../test/entities.ts';
import { MatsimFormatError } from '../errors.ts';
import { openText } from '../io/input.ts';
import { countEvents, forEachEvent, readEventBatches, readEvents } from './reader.ts';
import { EVENT_FIELDS, KNOWN_EVENT_TYPES, isEventType, type MatsimEvent } from './model.ts';
import { formatEvent } from './writer.ts';

const EQUIL_2024 = sharedData('output-equil-2024/output_events.xml.gz');
const NEWWEST = sharedData('output-newwest-2024/output_events.xml.gz');
const EQUIL_2026_ZST = sharedData('output-equil-2026-zst/output_events.xml.zst');

const bytes = (text: string) => new TextEncoder().encode(text);

async function all(input: Parameters<typeof readEvents>[0]): Promise<MatsimEvent[]> {
  const events: MatsimEvent[] = [];
  for await (const batch of readEventBatches(input)) events.push(...batch);
  return events;
}

async function failure(run: () => Promise<unknown>): Promise<MatsimFormatError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof MatsimFormatError) return error;
    throw error;
  }
  throw new Error('expected a MatsimFormatError');
}

function typeCounts(events: readonly MatsimEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return counts;
}

describe('event counts of the real outputs', () => {
  test.each([
    ['output-equil-2024/output_events.xml.gz', 3008],
    ['output-equil-2024/ITERS/it.0/0.events.xml.gz', 3008],
    ['output-equil-2024/ITERS/it.10/10.events.xml.gz', 3008],
    ['output-equil-2022-txt/output_events.xml.gz', 3008],
    ['output-equil-2022-txt/ITERS/it.0/0.events.xml.gz', 3008],
    ['output-equil-2022-txt/ITERS/it.5/5.events.xml.gz', 3008],
    ['output-equil-2026-zst/output_events.xml.zst', 5018],
    ['output-equil-2026-zst/ITERS/it.0/0.events.xml.zst', 5018],
    ['output-equil-2026-zst/ITERS/it.10/10.events.xml.zst', 5018],
  ])('%s has %i events', async (path, expected) => {
    expect(await countEvents(sharedData(path))).toBe(expected);
    expect((await all(sharedData(path))).length).toBe(expected);
  });

  test('newwest has 377,638 events, by type as in the file', async () => {
    const events = await all(NEWWEST);
    expect(events.length).toBe(377_638);
    expect(typeCounts(events)).toEqual({
      actend: 900,
      departure: 900,
      PersonEntersVehicle: 900,
      'vehicle enters traffic': 900,
      'left link': 185_219,
      'entered link': 185_219,
      'vehicle leaves traffic': 900,
      PersonLeavesVehicle: 900,
      arrival: 900,
      actstart: 900,
    });
  });

  test('equil 2026 (zstd) has teleported walk legs', async () => {
    const events = await all(EQUIL_2026_ZST);
    expect(typeCounts(events)).toMatchObject({ travelled: 402, actend: 603, departure: 603, 'entered link': 700 });
    const walk = events.find((e) => isEventType(e, 'travelled'));
    expect(walk).toEqual({
      type: 'travelled',
      time: 29310,
      person: '3',
      distance: 6500,
      mode: 'walk',
      attributes: expect.anything(),
    });
  });
});

describe('typed events', () => {
  test('the first and last events of equil 2024', async () => {
    const events = await all(EQUIL_2024);
    const { attributes, ...first } = events[0] as Extract<MatsimEvent, { type: 'actend' }>;
    expect(first).toEqual({ type: 'actend', time: 21510, person: '3', link: '1', x: -25000, y: 0, actType: 'h' });
    expect({ ...attributes }).toEqual({
      time: '21510.0',
      type: 'actend',
      person: '3',
      link: '1',
      x: '-25000.0',
      y: '0.0',
      actType: 'h',
    });
    expect(events[1]).toMatchObject({ type: 'departure', person: '3', legMode: 'car', computationalRoutingMode: 'car' });
    expect(events.at(-1)).toMatchObject({ type: 'actstart', time: 48249, person: '5', link: '1', actType: 'h' });
  });

  test('the first events of newwest: coordinates as numbers, ids as strings', async () => {
    const first: MatsimEvent[] = [];
    for await (const event of readEvents(NEWWEST)) {
      first.push(event);
      if (first.length === 5) break;
    }
    expect(first[0]).toMatchObject({
      type: 'actend',
      time: 21648,
      person: 'p_358',
      link: '354842800000f',
      x: 505470.1669552698,
      y: 5452686.171462575,
      actType: 'home',
    });
    expect(first[3]).toMatchObject({
      type: 'vehicle enters traffic',
      person: 'p_358',
      link: '354842800000f',
      vehicle: 'p_358',
      networkMode: 'car',
      relativePosition: 1,
    });
    expect(first[4]).toMatchObject({ type: 'left link', time: 21649, link: '354842800000f', vehicle: 'p_358' });
  });

  test('unknown types are kept whole as generic events', async () => {
    const xml =
      '<events version="1.0"><event time="3.5" type="passenger picked up" person="p1" mode="drt" request="r&amp;1" vehicle="v" /></events>';
    const [event] = await all(bytes(xml));
    expect(event).toEqual({
      type: 'passenger picked up',
      time: 3.5,
      attributes: { time: '3.5', type: 'passenger picked up', person: 'p1', mode: 'drt', request: 'r&1', vehicle: 'v' },
    });
  });

  test('every known type gets its fields, optional ones left out when absent', async () => {
    const xml = `<events>
      <event time="1.0" type="stuckAndAbort" person="p" />
      <event time="2.0" type="vehicle aborts" link="l" vehicle="v" />
      <event time="3.0" type="personMoney" person="p" amount="-1.5" purpose="toll" />
      <event time="4.0" type="TransitDriverStarts" driverId="d" vehicleId="v" transitLineId="L" transitRouteId="R" departureId="D" />
      <event time="5.0" type="VehicleArrivesAtFacility" vehicle="v" facility="f" delay="-30.0" />
      <event time="6.0" type="VehicleDepartsAtFacility" vehicle="v" facility="f" />
      <event time="7.0" type="waitingForPt" person="p" agent="p" atStop="s1" destinationStop="s2" />
      <event time="8.0" type="arrival" person="p" link="l" legMode="pt" />
    </events>`;
    const events = await all(bytes(xml));
    expect(events.map(({ attributes, ...rest }) => rest)).toEqual([
      { type: 'stuckAndAbort', time: 1, person: 'p', link: undefined, legMode: undefined },
      { type: 'vehicle aborts', time: 2, link: 'l', vehicle: 'v' },
      { type: 'personMoney', time: 3, person: 'p', amount: -1.5, purpose: 'toll' },
      { type: 'TransitDriverStarts', time: 4, driverId: 'd', vehicleId: 'v', transitLineId: 'L', transitRouteId: 'R', departureId: 'D' },
      { type: 'VehicleArrivesAtFacility', time: 5, vehicle: 'v', facility: 'f', delay: -30 },
      { type: 'VehicleDepartsAtFacility', time: 6, vehicle: 'v', facility: 'f' },
      { type: 'waitingForPt', time: 7, person: 'p', agent: 'p', atStop: 's1', destinationStop: 's2' },
      { type: 'arrival', time: 8, person: 'p', link: 'l', legMode: 'pt' },
    ]);
  });

  test('each known type reads every field of EVENT_FIELDS with its kind, and writes back the same line', async () => {
    for (const type of KNOWN_EVENT_TYPES) {
      const fields = EVENT_FIELDS[type];
      const line = `\t<event time="1.0" type="${type}" ${fields.map(([name, kind]) => `${name}="${kind === 'number' ? '2.5' : `v-${name}`}" `).join('')} />\n`;
      const [event] = await all(bytes(`<events>${line}</events>`));
      const typed = event as unknown as Record<string, unknown>;
      expect(event!.type).toBe(type);
      for (const [name, kind] of fields) expect(typed[name], `${type}.${name}`).toBe(kind === 'number' ? 2.5 : `v-${name}`);
      const { attributes, ...withoutText } = event!;
      expect(formatEvent(withoutText as MatsimEvent), type).toBe(formatEvent(event!));
    }
  });

  test('numbers in every form MATSim writes them', async () => {
    const xml = `<events>
      <event time="1.0E7" type="left link" link="l" vehicle="v" />
      <event time="0.5" type="travelled" person="p" distance="INF" />
      <event time="12" type="travelled" person="p" distance="NaN" />
    </events>`;
    const events = await all(bytes(xml));
    expect(events.map((e) => e.time)).toEqual([1e7, 0.5, 12]);
    expect(events.map((e) => (e as { distance?: number }).distance)).toEqual([undefined, Infinity, NaN]);
  });
});

describe('reading forms and filters', () => {
  test('batched, per-event and callback forms see the same events', async () => {
    const batched = await all(EQUIL_2024);
    const single: MatsimEvent[] = [];
    for await (const event of readEvents(EQUIL_2024)) single.push(event);
    const called: MatsimEvent[] = [];
    await forEachEvent(EQUIL_2024, (event) => called.push(event));
    expect(single).toEqual(batched);
    expect(called).toEqual(batched);
  });

  test('batches stay chunk-sized on a large file', async () => {
    let batches = 0;
    let largest = 0;
    for await (const batch of readEventBatches(NEWWEST)) {
      batches++;
      largest = Math.max(largest, batch.length);
    }
    expect(batches).toBeGreaterThan(400);
    expect(largest).toBeLessThan(2_000);
  });

  test('uncompressed bytes in memory stream like the same file: the same events, in the same chunk-sized batches', async () => {
    const inMemory = gunzipSync(readFileSync(NEWWEST));
    const file = join(mkdtempSync(join(tmpdir(), 'events-')), 'output_events.xml');
    writeFileSync(file, inMemory);
    const sizes = async (input: string | Uint8Array) => {
      const lengths: number[] = [];
      for await (const batch of readEventBatches(input)) lengths.push(batch.length);
      return lengths;
    };
    try {
      const fromBytes = await sizes(inMemory);
      expect(fromBytes.length).toBeGreaterThan(400);
      expect(Math.max(...fromBytes)).toBeLessThan(2_000);
      expect(fromBytes).toEqual(await sizes(file));
      expect(await all(inMemory)).toEqual(await all(file));
    } finally {
      rmSync(dirname(file), { recursive: true });
    }
  });

  test('a types filter yields only those types, typed', async () => {
    const links: string[] = [];
    for await (const event of readEvents(NEWWEST, { types: ['entered link'] })) links.push(event.link);
    expect(links.length).toBe(185_219);
    expect(links[0]).toBe('354842800000r');
    expect(await countEvents(NEWWEST, { types: ['actend', 'actstart'] })).toBe(1_800);
  });

  test('a types filter may name unknown types', async () => {
    const xml = '<events><event time="1.0" type="custom" a="1" /><event time="2.0" type="left link" link="l" vehicle="v" /></events>';
    const seen: MatsimEvent[] = [];
    await forEachEvent(bytes(xml), (event) => seen.push(event), { types: ['custom'] });
    expect(seen).toEqual([{ type: 'custom', time: 1, attributes: { time: '1.0', type: 'custom', a: '1' } }]);
  });

  test('stopping early closes the input', async () => {
    let seen = 0;
    for await (const _ of readEvents(NEWWEST)) if (++seen === 10) break;
    expect(seen).toBe(10);
  });
});

describe('bad input', () => {
  test('a file of another format → unexpected-root', async () => {
    const error = await failure(() => countEvents(sharedData('equil/network.xml')));
    expect(error.code).toBe('unexpected-root');
    const alsoBad = await failure(() => all(bytes('<event time="1.0" type="actend" />')));
    expect(alsoBad.code).toBe('unexpected-root');
  });

  test('truncated gzip and zstd files → truncated, never a hang', async () => {
    for (const path of [EQUIL_2024, EQUIL_2026_ZST, NEWWEST]) {
      const data = readFileSync(path);
      for (const end of [10, data.length >> 1, data.length - 1]) {
        const error = await failure(() => all(data.subarray(0, end)));
        expect(error.code).toBe('truncated');
      }
    }
  });

  test('an XML text cut short → truncated', async () => {
    const text = await textOf(EQUIL_2024);
    const error = await failure(() => all(bytes(text.slice(0, text.length >> 1))));
    expect(error.code).toBe('truncated');
  });

  test('damaged bytes in the middle → a MatsimFormatError with a position', async () => {
    for (const path of [EQUIL_2024, EQUIL_2026_ZST]) {
      const data = Uint8Array.from(readFileSync(path));
      for (let i = 0; i < 16; i++) data[(data.length >> 1) + i]! ^= 0x5a;
      const error = await failure(() => all(data));
      // Damaged data decompresses to garbage that the XML layer or the event builder rejects, with its position.
      expect(['malformed-xml', 'invalid-value', 'truncated', 'corrupt-compression']).toContain(error.code);
      if (error.code !== 'corrupt-compression') expect(error.line).toBeGreaterThan(1);
    }
    const text = await textOf(EQUIL_2024);
    const middle = text.indexOf('<event', text.length >> 1);
    const broken = `${text.slice(0, middle)}<event time="1.0" type=actend />${text.slice(middle)}`;
    const error = await failure(() => all(bytes(broken)));
    expect(error.code).toBe('malformed-xml');
    expect(error.line).toBe(text.slice(0, middle).split('\n').length);
  });

  test('a damaged gzip checksum → corrupt-compression', async () => {
    const data = Uint8Array.from(readFileSync(EQUIL_2024));
    data[data.length - 6]! ^= 0xff;
    expect((await failure(() => all(data))).code).toBe('corrupt-compression');
  });

  test('non-numeric times and missing ids → invalid-value with the line', async () => {
    const badTime = await failure(() => all(bytes('<events>\n<event time="soon" type="left link" link="l" vehicle="v" />\n</events>')));
    expect(badTime.code).toBe('invalid-value');
    expect(badTime.line).toBe(2);
    const noPerson = await failure(() => all(bytes('<events>\n\n<event time="1.0" type="actend" link="l" actType="h" />\n</events>')));
    expect(noPerson.code).toBe('invalid-value');
    expect(noPerson.message).toContain('person');
    expect(noPerson.line).toBe(3);
  });

  test('XXE and entity-expansion payloads → forbidden-doctype', async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE events [<!ENTITY x SYSTEM "file:///etc/passwd">]><events><event time="1.0" type="actend" person="&x;" link="1" actType="h" /></events>';
    const lol = `<!DOCTYPE events [${BILLION_LAUGHS}]><events><event time="1.0" type="x" v="&lol9;" /></events>`;
    for (const payload of [xxe, lol]) {
      expect((await failure(() => all(bytes(payload)))).code).toBe('forbidden-doctype');
      expect((await failure(() => all(gzipSync(bytes(payload))))).code).toBe('forbidden-doctype');
    }
  });
});

async function textOf(path: string): Promise<string> {
  let text = '';
  for await (const chunk of openText(path)) text += chunk;
  return text;
}
